import { forEachBlock } from './block-lookup.js';
import { blockMemo } from './block-memo.js';
import type { SendContext } from './send-context.js';
import { toGenerate } from './rewrite-holds.js';
import type { Block, Project } from './project-schema.js';
import { sentText, spokenText } from './resolve-params.js';
import { codePointLength } from '../text/index.js';

/**
 * Credits per character. The contract says a task has a `characters` count and that credits are frozen at
 * submission, but not the price; the studio assumes one credit per character of the text sent (spoken text and
 * sound/music descriptions alike) and labels the figure an estimate.
 */
export const CREDITS_PER_CHARACTER = 1;

/** With pronunciation rules the count is of the text as sent, which depends on the context too. */
const sentCounts = new WeakMap<SendContext, WeakMap<Block, number>>();

/** The characters of a written text as they are counted without pronunciation rules: trimmed, in code points. */
export function spokenCharacterCount(text: string): number {
  return codePointLength(spokenText(text));
}

/**
 * Characters a block sends, counted as Unicode code points (an emoji or a rare Han character counts once). Given
 * a context with pronunciation rules, a text block is counted as sent (its respellings in place), as the service
 * counts it for credits and for the per-task character limit.
 */
export function characterCount(block: Block, context?: SendContext): number {
  if (context !== undefined && context.rules.length > 0 && block.type === 'text') {
    let memo = sentCounts.get(context);
    if (memo === undefined) {
      memo = new WeakMap();
      sentCounts.set(context, memo);
    }
    const cached = memo.get(block);
    if (cached !== undefined) return cached;
    const count = codePointLength(sentText(block, context));
    memo.set(block, count);
    return count;
  }
  // Memoised per block object (blocks are immutable values), so project totals after one edit recount one block.
  const memo = blockMemo(block);
  if (memo.characters !== undefined) return memo.characters;
  const text =
    block.type === 'text' || block.type === 'sfx' || block.type === 'music' ? block.text : block.params.text;
  const count = typeof text === 'string' ? spokenCharacterCount(text) : 0;
  memo.characters = count;
  return count;
}

export interface ProjectStats {
  blockCount: number;
  /** Characters of every block. */
  characterCount: number;
  /**
   * Blocks Generate would send: not generated, stale or failed, less timed lines marked to rewrite shorter, which
   * are never sent (rewrite-holds.ts).
   */
  pendingBlockCount: number;
  /** Characters of the blocks that still need generating. */
  pendingCharacterCount: number;
  /** Estimated credits to generate everything from scratch. */
  estimatedCredits: number;
  /** Estimated credits to generate only what is missing or out of date. */
  estimatedPendingCredits: number;
}

export function projectStats(project: Project, context: SendContext): ProjectStats {
  let characters = 0;
  let pending = 0;
  let pendingBlocks = 0;
  let blockCount = 0;
  forEachBlock(project, (block) => {
    const count = characterCount(block, context);
    blockCount += 1;
    characters += count;
    if (!toGenerate(block, context)) return;
    pending += count;
    pendingBlocks += 1;
  });
  return {
    blockCount,
    pendingBlockCount: pendingBlocks,
    characterCount: characters,
    pendingCharacterCount: pending,
    estimatedCredits: characters * CREDITS_PER_CHARACTER,
    estimatedPendingCredits: pending * CREDITS_PER_CHARACTER,
  };
}
