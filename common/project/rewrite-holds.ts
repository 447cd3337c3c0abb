import { needsGeneration } from './block-state.js';
import type { Block } from './project-schema.js';
import type { SendContext } from './send-context.js';

/**
 * Whether a block is a timed line the user marked to rewrite shorter. Its text as it is now would overrun its slot
 * and be thrown away once rewritten, so no Generate sends it (the editor's, "generate, then export", the batch
 * queue's, `timbre export --generate`): paying for audio that cannot be used needs the user's say, and the mark is
 * that say. Clearing the mark, or editing the text (block-edits.ts clears it then), makes it sendable again.
 */
export function heldForRewrite(block: Block): boolean {
  return block.type === 'text' && block.timing?.rewrite === true;
}

/** Whether an unattended or whole-project Generate sends this block: it lacks current audio and is not held. */
export function toGenerate(block: Block, context: SendContext): boolean {
  return needsGeneration(block, context) && !heldForRewrite(block);
}
