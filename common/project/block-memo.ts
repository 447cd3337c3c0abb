import type { BlockState } from './block-state.js';
import type { BlockDuration } from './duration-estimate.js';
import type { Block, Take } from './project-schema.js';
import type { SendContext } from './send-context.js';

/** A voice's real length ÷ estimated length, from one block with audio (learned-pace.ts). */
export interface PaceSample {
  voiceId: string;
  ratio: number;
}

/**
 * What is derived and remembered about one block object (blocks are immutable values, so a value derived from one
 * stays true for it under the same context): its content hash, state, current takes, playable audio and its
 * length, its length on the timeline, character count and pace sample. Each module owns its own field.
 *
 * One record per block rather than a WeakMap per value, because each WeakMap entry is an ephemeron that a major
 * garbage collection resolves in its atomic pause: with a map per value, an opened 10,000-block audiobook held
 * ~42,000 of them, and the major collection that follows opening it spent ~55 ms of a ~120 ms pause on them.
 */
export interface BlockMemo {
  hash: { context: SendContext; hash: string } | undefined;
  state: { context: SendContext; state: BlockState } | undefined;
  currentTakes: { context: SendContext; takes: readonly Take[] } | undefined;
  playable: { context: SendContext; audio: { cacheKey: string; durationMs: number } | undefined } | undefined;
  playableMs: { context: SendContext; ms: number | undefined } | undefined;
  duration: { context: SendContext; duration: BlockDuration } | undefined;
  characters: number | undefined;
  pace: { context: SendContext; durationMs: number; sample: PaceSample | null } | undefined;
}

const memos = new WeakMap<Block, BlockMemo>();

/** The block's record, made empty on first use (every field present, so all records share one shape). */
export function blockMemo(block: Block): BlockMemo {
  let memo = memos.get(block);
  if (memo === undefined) {
    memo = {
      hash: undefined,
      state: undefined,
      currentTakes: undefined,
      playable: undefined,
      playableMs: undefined,
      duration: undefined,
      characters: undefined,
      pace: undefined,
    };
    memos.set(block, memo);
  }
  return memo;
}

/** The block's record if anything was remembered about it, without making one. */
export function knownBlockMemo(block: Block): BlockMemo | undefined {
  return memos.get(block);
}
