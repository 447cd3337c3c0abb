import { z } from 'zod';
import { narratorSpeaker } from './cast-schema.js';
import type { ProjectV2 } from './migrate-v1-to-v2.js';
import type { ProjectV3 } from './migrate-v3-to-v4.js';

/** Only the version is checked here; the migrated project is then checked in full by the current schema. */
export const projectV2Schema = z.looseObject({ schemaVersion: z.literal(2) });

/**
 * v2 → v3: a cast and a lexicon. Every block keeps speaking as before: it belongs to the narrator, whose
 * parameters are the project defaults, and no pronunciation rule exists yet, so no content hash changes.
 */
export function migrateV2ToV3(v2: ProjectV2): ProjectV3 {
  return { ...v2, schemaVersion: 3, cast: [narratorSpeaker()], lexicon: [] };
}
