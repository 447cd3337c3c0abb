import type { TakeMeasures } from '../audio/take-measures.js';
import type { SendContext } from '../project/send-context.js';
import type { Block, Project, Take } from '../project/index.js';
import {
  allBlocks,
  contentHash,
  currentTakes,
  madeFrom,
  setGenerationState,
  withTake,
} from '../project/index.js';
import { takesOf } from '../project/takes.js';
import { requireBlock, withBlockReplaced } from '../project/block-lookup.js';

/** What main learned about the audio of one content hash; blocks with that hash take it. */
export type SegmentUpdate =
  | {
      contentHash: string;
      state: 'generated';
      audio: {
        cacheKey: string;
        durationMs: number;
        /** Where the renderer plays it. */
        mediaPath: string;
        remoteUrl?: string;
        taskId?: string | undefined;
        generatedAt: string;
        /** The seed sent for it, when the app chose one (another take). */
        seed?: number;
        requestId?: string | undefined;
        /** Measured in main once the audio arrived. */
        measures?: TakeMeasures;
      };
      /**
       * True when this audio was just made by a task (it becomes a new take). False for audio found in the cache
       * on a lookup: that becomes a take only if the block has none for its content, so a take the user deleted
       * does not come back every time the project opens.
       */
      fresh?: boolean;
    }
  | {
      contentHash: string;
      state: 'failed';
      error: { code: string; message: string; requestId?: string | undefined };
    }
  | { contentHash: string; state: 'pending'; jobId: string }
  | { contentHash: string; state: 'cancelled'; jobId: string };

/**
 * Records generated audio and failures on the blocks whose current content hash they belong to. A block edited
 * since its content was sent has another hash, so a late result never lands on the wrong text. Pending and
 * cancelled updates change nothing in the document (the editor shows them from the job list).
 */
export function applySegmentUpdates(
  project: Project,
  context: SendContext,
  updates: readonly SegmentUpdate[],
): Project {
  const byHash = new Map(updates.map((update) => [update.contentHash, update]));
  let next = project;
  for (const block of allBlocks(project)) {
    const hash = contentHash(block, context);
    const update = byHash.get(hash);
    if (!update) continue;
    const generation = generationOf(block, update);
    if (generation) next = setGenerationState(next, block.id, generation);
    if (update.state === 'generated') next = withNewTake(next, context, block.id, update);
  }
  return next;
}

function withNewTake(
  project: Project,
  context: SendContext,
  blockId: string,
  update: Extract<SegmentUpdate, { state: 'generated' }>,
) {
  const location = requireBlock(project, blockId);
  const block = location.block;
  const { audio } = update;
  const known = takesOf(block).find((take) => take.cacheKey === audio.cacheKey);
  if (known) {
    // A take made before takes were measured gets its measures when the cache has them.
    if (known.measures !== undefined || audio.measures === undefined) return project;
    const takes = takesOf(block).map((take) =>
      take === known ? { ...take, measures: audio.measures } : take,
    );
    return withBlockReplaced(project, location, { ...block, takes });
  }
  if (update.fresh !== true && currentTakes(block, context).length > 0) return project;
  const take: Take = {
    cacheKey: audio.cacheKey,
    contentHash: update.contentHash,
    durationMs: audio.durationMs,
    generatedAt: audio.generatedAt,
    ...(audio.seed === undefined ? {} : { seed: audio.seed }),
    ...(audio.taskId === undefined ? {} : { taskId: audio.taskId }),
    ...(audio.requestId === undefined ? {} : { requestId: audio.requestId }),
    ...(audio.remoteUrl === undefined ? {} : { remoteUrl: audio.remoteUrl }),
    made: madeFrom(block, context),
    ...(audio.measures === undefined ? {} : { measures: audio.measures }),
  };
  const updated = withTake(block, take, context);
  return updated === block ? project : withBlockReplaced(project, location, updated);
}

function generationOf(block: Block, update: SegmentUpdate): Block['generation'] | undefined {
  switch (update.state) {
    case 'generated': {
      const current = block.generation;
      if (
        current.kind === 'generated' &&
        current.contentHash === update.contentHash &&
        current.audio.cacheKey === update.audio.cacheKey &&
        current.audio.durationMs === update.audio.durationMs
      ) {
        return undefined;
      }
      const {
        mediaPath: _served,
        seed: _seed,
        requestId: _requestId,
        measures: _measures,
        ...audio
      } = update.audio;
      return {
        kind: 'generated',
        contentHash: update.contentHash,
        audio: Object.fromEntries(Object.entries(audio).filter(([, value]) => value !== undefined)) as {
          cacheKey: string;
          durationMs: number;
          generatedAt: string;
        },
      };
    }
    case 'failed': {
      // A failure never replaces audio that matches the block: that audio is still good.
      if (block.generation.kind === 'generated' && block.generation.contentHash === update.contentHash)
        return undefined;
      const { requestId, ...rest } = update.error;
      return {
        kind: 'failed',
        contentHash: update.contentHash,
        error: requestId ? { ...rest, requestId } : rest,
      };
    }
    case 'pending':
    case 'cancelled':
      return undefined;
    default: {
      const exhaustive: never = update;
      return exhaustive;
    }
  }
}
