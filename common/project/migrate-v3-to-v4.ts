import { z } from 'zod';
import type { ProjectV4 } from './migrate-v4-to-v5.js';

/** Version 3 is version 4 without review flags accepted on takes. */
export type ProjectV3 = Omit<ProjectV4, 'schemaVersion'> & { schemaVersion: 3 };

/** Only the version is checked here; the migrated project is then checked in full by the current schema. */
export const projectV3Schema = z.looseObject({ schemaVersion: z.literal(3) });

/**
 * v3 → v4: a take may keep the review flags the user accepted (`acceptedFlags`). No take of an older file has
 * any, so every take is judged as before and only the version changes.
 */
export function migrateV3ToV4(v3: ProjectV3): ProjectV4 {
  return { ...v3, schemaVersion: 4 };
}
