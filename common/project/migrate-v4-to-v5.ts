import { z } from 'zod';
import type { ProjectV5 } from './migrate-v5-to-v6.js';

/** Version 4 is version 5 without the work's metadata (author, language, cover). */
export type ProjectV4 = Omit<ProjectV5, 'schemaVersion' | 'metadata'> & { schemaVersion: 4 };

/** Only the version is checked here; the migrated project is then checked in full by the current schema. */
export const projectV4Schema = z.looseObject({ schemaVersion: z.literal(4) });

/**
 * v4 → v5: a project may keep its work's metadata (`metadata`: author, language, cover). An older file has none,
 * so only the version changes; nothing is hashed from it, so no block goes stale.
 */
export function migrateV4ToV5(v4: ProjectV4): ProjectV5 {
  return { ...v4, schemaVersion: 5 };
}
