import { blockMemo } from './block-memo.js';
import { contentHash } from './content-hash.js';
import type { SendContext } from './send-context.js';
import type { Block } from './project-schema.js';
import { activeTake } from './takes.js';

/** What the timeline shows for a block. */
export type BlockState = 'not-generated' | 'generated' | 'stale' | 'failed';

/**
 * The block's state, derived from its takes, its stored generation state and its current content hash:
 * - a take was made from the current content (or the last audio was) → 'generated';
 * - generated from different content (text, voice, style or parameters changed since) → 'stale';
 * - failed for the current content → 'failed'; a failure for content the user has since changed says nothing
 *   about the new content, so that block is 'not-generated' again.
 */
export function blockState(block: Block, context: SendContext): BlockState {
  // Per block object and context, as contentHash is: counts and views ask every block of an audiobook on each
  // update.
  const memo = blockMemo(block);
  const known = memo.state;
  if (known !== undefined && known.context === context) return known.state;
  const state = deriveState(block, context);
  memo.state = { context, state };
  return state;
}

function deriveState(block: Block, context: SendContext): BlockState {
  if (activeTake(block, context) !== undefined) return 'generated';
  const generation = block.generation;
  switch (generation.kind) {
    case 'not-generated':
      return 'not-generated';
    case 'generated':
      return generation.contentHash === contentHash(block, context) ? 'generated' : 'stale';
    case 'failed':
      return generation.contentHash === contentHash(block, context) ? 'failed' : 'not-generated';
  }
}

/** Blocks that need a (re)generation to be heard as written. */
export function needsGeneration(block: Block, context: SendContext): boolean {
  return blockState(block, context) !== 'generated';
}
