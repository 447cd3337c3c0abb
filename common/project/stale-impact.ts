import { allBlocks } from './block-lookup.js';
import { blockState } from './block-state.js';
import type { Block, Project } from './project-schema.js';
import { CREDITS_PER_CHARACTER, countCodePoints } from './project-stats.js';
import { sentText } from './resolve-params.js';
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
  const blockIds: string[] = [];
  let characters = 0;
  for (const block of allBlocks(after)) {
    const old = previous.get(block.id);
    if (old === undefined || blockState(old, beforeContext) !== 'generated') continue;
    if (blockState(block, afterContext) === 'generated') continue;
    blockIds.push(block.id);
    characters += block.type === 'text' ? countCodePoints(sentText(block, afterContext)) : 0;
  }
  return {
    blocks: blockIds.length,
    characters,
    estimatedCredits: characters * CREDITS_PER_CHARACTER,
    blockIds,
  };
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
  const blockIds: string[] = [];
  let characters = 0;
  pasted.forEach((block, index) => {
    const source = copied[index];
    if (source === undefined || source.generation.kind === 'not-generated') return;
    if (block.generation.kind !== 'not-generated') return;
    blockIds.push(block.id);
    characters += block.type === 'text' ? countCodePoints(sentText(block, context)) : 0;
  });
  return {
    blocks: blockIds.length,
    characters,
    estimatedCredits: characters * CREDITS_PER_CHARACTER,
    blockIds,
  };
}
