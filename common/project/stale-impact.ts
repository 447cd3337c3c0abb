import { allBlocks } from './block-lookup.js';
import { blockState } from './block-state.js';
import type { Block, Project } from './project-schema.js';
import { CREDITS_PER_CHARACTER } from './project-stats.js';
import { sentText } from './resolve-params.js';
import { codePointLength } from '../text/index.js';
import type { SendContext } from './send-context.js';

/** What a change to the cast or a lexicon would cost: the blocks whose audio it makes stale, and their price. */
export interface StaleImpact {
  blocks: number;
  /** Characters those blocks would send after the change. */
  characters: number;
  estimatedCredits: number;
  /** Their ids, in timeline order (to select or list them). */
  blockIds: string[];
}

/**
 * The blocks that play current audio now and would not after the change (`after` is the project and context the
 * change produces; blocks are matched by id). Shown before the change is confirmed, so nobody re-generates a
 * book by accident.
 */
export function staleImpact(
  before: Project,
  beforeContext: SendContext,
  after: Project,
  afterContext: SendContext,
): StaleImpact {
  const previous = new Map(allBlocks(before).map((block) => [block.id, block]));
  const stale = allBlocks(after).filter((block) => {
    const old = previous.get(block.id);
    return (
      old !== undefined &&
      blockState(old, beforeContext) === 'generated' &&
      blockState(block, afterContext) !== 'generated'
    );
  });
  return impactOf(stale, afterContext);
}

/**
 * Pasted blocks that had audio where they were copied and arrive without it, because here they resolve to another
 * voice, style or text as sent (`copied[i]` became `pasted[i]`): what a paste makes someone pay for again.
 */
export function pasteImpact(
  copied: readonly Block[],
  pasted: readonly Block[],
  context: SendContext,
): StaleImpact {
  const lost = pasted.filter((block, index) => {
    const source = copied[index];
    return (
      source !== undefined &&
      source.generation.kind !== 'not-generated' &&
      block.generation.kind === 'not-generated'
    );
  });
  return impactOf(lost, context);
}

/** The price of generating `blocks` again, each sending its text as `context` resolves it. */
function impactOf(blocks: readonly Block[], context: SendContext): StaleImpact {
  const characters = blocks.reduce(
    (sum, block) => sum + (block.type === 'text' ? codePointLength(sentText(block, context)) : 0),
    0,
  );
  return {
    blocks: blocks.length,
    characters,
    estimatedCredits: characters * CREDITS_PER_CHARACTER,
    blockIds: blocks.map((block) => block.id),
  };
}
