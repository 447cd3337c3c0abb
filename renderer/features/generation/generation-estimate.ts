import { allBlocks, characterCount, needsGeneration } from '../../../common/project/index.js';
import type { Project } from '../../../common/project/project-schema.js';
import { CREDITS_PER_CHARACTER } from '../../../common/project/project-stats.js';
import type { SendContext } from '../../../common/project/send-context.js';
import { heldForRewrite } from '../../../common/project/rewrite-holds.js';

/** What a Generate request would send: its blocks, and their characters as sent and credits. */
export interface GenerationEstimate {
  blockIds: ReadonlySet<string>;
  characters: number;
  /** An upper bound: main reuses audio it already has for the same content, which costs nothing. */
  credits: number;
  /** Timed lines the request would have sent but holds back, as marked to rewrite shorter (rewrite-holds.ts). */
  rewriteHeld: readonly string[];
}

/**
 * The blocks a request sends (the given ones, or every one lacking current audio) and what they cost. Lines
 * marked to rewrite shorter are held back, as main holds them: counted apart, never in the credits.
 */
export function estimateGeneration(
  project: Project,
  context: SendContext,
  blockIds: readonly string[] | undefined,
): GenerationEstimate {
  const wanted = blockIds === undefined ? undefined : new Set(blockIds);
  const sending = new Set<string>();
  const rewriteHeld: string[] = [];
  let characters = 0;
  for (const block of allBlocks(project)) {
    if (wanted === undefined ? !needsGeneration(block, context) : !wanted.has(block.id)) continue;
    if (heldForRewrite(block)) {
      rewriteHeld.push(block.id);
      continue;
    }
    sending.add(block.id);
    characters += characterCount(block, context);
  }
  return { blockIds: sending, characters, credits: characters * CREDITS_PER_CHARACTER, rewriteHeld };
}
