import type { GenerationBatch, SegmentUpdate } from '../../../common/generation/index.js';
import type { ChargeTwiceRefusal, HeldBlock } from '../../../common/generation/charge-twice-holds.js';
import { chargeTwiceHolds, whyHeld } from '../../../common/generation/charge-twice-holds.js';
import { creditsFor } from '../../../common/jobs/job-texts.js';
import type { Project } from '../../../common/project/index.js';
import { allBlocks, characterCount, excerpt } from '../../../common/project/index.js';
import type { SendContext } from '../../../common/project/send-context.js';
import type { JobRecord } from '../jobs/index.js';

/**
 * Blocks held back because the service may already have charged their content (charge-twice-holds.ts): which
 * ones, the editor's refusal that names them and their credits, and an unattended run's failed update for each.
 */

/** How the app's user sends a held block anyway; the CLI names its own (`chargeTwiceOverride`). */
export const DEFAULT_CHARGE_TWICE_OVERRIDE =
  'To have it generated, dismiss that task on the Tasks page (or submit it again there), or generate it in the editor, which asks first.';

/** Generate sent nothing: blocks it would send may be charged twice, and the user has not said what to do. */
export class ChargeTwiceRefusalError extends Error {
  constructor(readonly refusal: ChargeTwiceRefusal) {
    super(refusal.message);
    this.name = 'ChargeTwiceRefusalError';
  }
}

/** The blocks a plan would send whose content is in a task the service may already have charged. */
export function heldIn(
  project: Project,
  context: SendContext,
  plan: { batches: readonly GenerationBatch[] },
  jobs: readonly JobRecord[],
): HeldBlock[] {
  const holds = chargeTwiceHolds(jobs);
  if (holds.size === 0) return [];
  const blocks = new Map(allBlocks(project).map((block) => [block.id, block]));
  const held: HeldBlock[] = [];
  for (const batch of plan.batches) {
    batch.contentHashes.forEach((hash, index) => {
      const job = holds.get(hash);
      const block = blocks.get(batch.blockIds[index] ?? '');
      if (job === undefined || block === undefined) return;
      const characters = characterCount(block, context);
      held.push({
        blockId: block.id,
        contentHash: hash,
        jobId: job.id,
        jobStatus: job.status,
        characters,
        credits: creditsFor(characters),
        label: 'text' in block ? excerpt(block.text) : block.id,
      });
    });
  }
  return held;
}

export function chargeTwiceRefusal(
  serviceUrl: string,
  plan: { batches: readonly GenerationBatch[] },
  held: HeldBlock[],
): ChargeTwiceRefusal {
  const credits = held.reduce((sum, block) => sum + block.credits, 0);
  const planned = plan.batches.reduce((sum, batch) => sum + batch.blockIds.length, 0);
  const count = held.length === 1 ? '1 block is' : `${held.length} blocks are`;
  return {
    refused: 'may-charge-twice',
    serviceUrl,
    blocks: held,
    credits,
    otherBlocks: planned - held.length,
    message:
      `Nothing was sent: ${count} in a task the service may already have charged (${held[0] ? whyHeld(held[0].jobStatus) : ''}), ` +
      `so sending ${held.length === 1 ? 'it' : 'them'} again may charge ≈ ${credits.toLocaleString('en-US')} credits twice. ` +
      'Generate the others only, confirm the second charge, or dismiss that task on the Tasks page first.',
  };
}

/** A held block of an unattended run: failed, saying why it was not sent and how to send it. */
export function heldUpdate(block: HeldBlock, override: string): SegmentUpdate {
  const credits = `${block.credits.toLocaleString('en-US')} credit${block.credits === 1 ? '' : 's'}`;
  return {
    contentHash: block.contentHash,
    state: 'failed',
    error: {
      code: 'MAY_CHARGE_TWICE',
      message:
        `Not sent, as it may be charged twice: its text is in task ${block.jobId}, and ${whyHeld(block.jobStatus)}; ` +
        `sending it again may charge ≈ ${credits} twice. ${override}`,
    },
  };
}
