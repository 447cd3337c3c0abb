import { z } from 'zod';
import type { Block, Take } from './project-schema.js';
import type { ProjectV3 } from './migrate-v3-to-v4.js';

/** Version 2 is version 3 without the cast and the lexicon. */
export type ProjectV2 = Omit<ProjectV3, 'schemaVersion' | 'cast' | 'lexicon'> & { schemaVersion: 2 };

/** Version 1 is version 2 without takes: the checks that matter run on the result, with the current schema. */
export type ProjectV1 = Omit<ProjectV2, 'schemaVersion'> & { schemaVersion: 1 };

/** Only the version is checked here; the migrated project is then checked in full by the current schema. */
export const projectV1Schema = z.looseObject({ schemaVersion: z.literal(1) });

/**
 * v1 → v2: takes. The audio a block already has becomes its first take, so nothing generated is lost and the
 * take list starts where the user's work is. What it was made from (`made`) is unknown for these and left out.
 */
export function migrateV1ToV2(v1: ProjectV1): ProjectV2 {
  return {
    ...v1,
    schemaVersion: 2,
    tracks: {
      speech: { blocks: v1.tracks.speech.blocks.map(withFirstTake) },
      effects: { blocks: v1.tracks.effects.blocks.map(withFirstTake) },
      music: { blocks: v1.tracks.music.blocks.map(withFirstTake) },
    },
  };
}

function withFirstTake<B extends Block>(block: B): B {
  const generation = block.generation;
  if (generation.kind !== 'generated') return block;
  const { audio } = generation;
  const take: Take = {
    cacheKey: audio.cacheKey,
    contentHash: generation.contentHash,
    durationMs: audio.durationMs,
    generatedAt: audio.generatedAt,
    ...(audio.taskId === undefined ? {} : { taskId: audio.taskId }),
    ...(audio.remoteUrl === undefined ? {} : { remoteUrl: audio.remoteUrl }),
  };
  return { ...block, takes: [take] };
}
