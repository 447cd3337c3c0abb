import type { BlockProgress } from '../../common/generation/block-progress.js';
import { blockProgress } from '../../common/generation/block-progress.js';
import type { BlockState } from '../../common/project/block-state.js';
import type { Block, GenerationError } from '../../common/project/project-schema.js';
import type { SendContext } from '../../common/project/send-context.js';
import { blockState, contentHash, playableAudio } from '../../common/project/index.js';
import type { GenerationState } from './generation-store.js';

/** The take a block plays, and where its audio is in this window. */
export interface PlayableTake {
  cacheKey: string;
  durationMs: number;
  mediaPath: string;
}

/**
 * Everything a view shows of one block's way to audio, read through one selector. `state` and `failure` come
 * from what the project keeps (its takes and its last generation: project data, saved by main, kept through
 * undo); `progress` from the job carrying the block's content now and the generation being watched; `playable`
 * from the take in use and where this window has its audio.
 */
export interface BlockGeneration {
  /** The badge: not generated, generated, stale (changed since) or failed. */
  state: BlockState;
  /** The failure recorded for the block's current content (state 'failed'), with its content hash. */
  failure: (GenerationError & { contentHash: string }) | null;
  /** Where its content is now: idle, waiting (queued, offline, sending), sent, downloading, ready, failed… */
  progress: BlockProgress;
  /** What plays when the user plays the block; null while it has no audio this window can play. */
  playable: PlayableTake | null;
}

/** What the answer depends on in the generation store. */
type GenerationFacts = Pick<GenerationState, 'pending' | 'jobs' | 'run' | 'audio'>;

interface Remembered {
  context: SendContext;
  pending: GenerationState['pending'];
  jobs: GenerationState['jobs'];
  run: GenerationState['run'];
  audio: GenerationState['audio'];
  value: BlockGeneration;
}

// Per block object, like blockState: the same answer (the same object) until the block, its context or what the
// store knows changes, so a component subscribed through selectBlockGeneration re-renders only then.
const remembered = new WeakMap<Block, Remembered>();

/** A block's generation state as the store and the project know it now. */
export function blockGenerationOf(
  state: GenerationFacts,
  block: Block,
  context: SendContext,
): BlockGeneration {
  const known = remembered.get(block);
  if (
    known !== undefined &&
    known.context === context &&
    known.pending === state.pending &&
    known.jobs === state.jobs &&
    known.run === state.run &&
    known.audio === state.audio
  ) {
    return known.value;
  }
  const value = deriveGeneration(state, block, context);
  const { pending, jobs, run, audio } = state;
  remembered.set(block, { context, pending, jobs, run, audio, value });
  return value;
}

function deriveGeneration(state: GenerationFacts, block: Block, context: SendContext): BlockGeneration {
  const saved = blockState(block, context);
  const failure = saved === 'failed' && block.generation.kind === 'failed' ? block.generation : null;
  const jobId = state.pending[contentHash(block, context)];
  const progress = blockProgress({
    state: saved,
    job: jobId === undefined ? undefined : state.jobs[jobId],
    inRun: state.run?.blockIds.includes(block.id) ?? false,
    failure: failure?.error,
  });
  const audio = playableAudio(block, context);
  const mediaPath = audio === undefined ? undefined : state.audio[audio.cacheKey]?.mediaPath;
  return {
    state: saved,
    failure: failure === null ? null : { ...failure.error, contentHash: failure.contentHash },
    progress,
    playable: audio === undefined || mediaPath === undefined ? null : { ...audio, mediaPath },
  };
}

/**
 * The selector every view of a block's generation reads: `useGenerationStore(selectBlockGeneration(block,
 * context))` for one block; lists of blocks call blockGenerationOf for each with the state they subscribed to
 * (useBlockGenerations). Its answer stays the same object while nothing it depends on changed.
 */
export const selectBlockGeneration =
  (block: Block, context: SendContext) =>
  (state: GenerationState): BlockGeneration =>
    blockGenerationOf(state, block, context);
