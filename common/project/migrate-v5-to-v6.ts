import { z } from 'zod';
import type { Project } from './project-schema.js';

/** Version 5 is version 6 without timed speech or a reference video. */
export type ProjectV5 = Omit<Project, 'schemaVersion' | 'video'> & { schemaVersion: 5 };

/** Only the version is checked here; the migrated project is then checked in full by the current schema. */
export const projectV5Schema = z.looseObject({ schemaVersion: z.literal(5) });

/**
 * v5 → v6: a text block may be timed (`timing`) and a project may have a reference video (`video`). An older file
 * has neither, so every block flows as it did; timing is never hashed, so no block goes stale.
 */
export function migrateV5ToV6(v5: ProjectV5): Project {
  return { ...v5, schemaVersion: 6 };
}
