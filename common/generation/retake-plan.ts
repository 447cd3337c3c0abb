import type { Project } from '../project/index.js';
import { findBlock } from '../project/index.js';
import { CREDITS_PER_CHARACTER } from '../project/project-stats.js';
import type { SendContext } from '../project/send-context.js';
import { planGenerationBatches } from './generation-batches.js';

/** What "Take them again" sends for the flagged blocks, priced before anything is sent. */
export interface RetakePlan {
  /** The flagged blocks that will be taken again: every one that is not locked. */
  blockIds: string[];
  /** Flagged blocks left out because they are locked (a new take would change what they play). */
  locked: number;
  /** Characters sent: each distinct content once, as main plans the run. */
  characters: number;
  estimatedCredits: number;
}

/**
 * The retake of the review's open flags (reviewFlags leaves pinned takes and accepted flags out already): the
 * unlocked blocks, priced by the same plan main sends by, so the figure shown is what the run will cost.
 */
export function retakePlan(project: Project, context: SendContext, flagged: readonly string[]): RetakePlan {
  const blockIds = flagged.filter((id) => findBlock(project, id)?.block.locked !== true);
  // The seed does not change what is counted: any new take of a block sends the same characters.
  const plan =
    blockIds.length === 0
      ? { characters: 0 }
      : planGenerationBatches(project, context, { blockIds, newTake: { seed: () => 0 } });
  return {
    blockIds,
    locked: flagged.length - blockIds.length,
    characters: plan.characters,
    estimatedCredits: plan.characters * CREDITS_PER_CHARACTER,
  };
}
