/**
 * Content the service may already have charged for without the app getting its audio: the blocks of a task whose
 * answer was lost (unknown outcome, also once cancelled) or that got stuck. The contract finds a task only by its
 * id, so such a task never delivers; a later Generate, batch or `timbre export --generate` of the same content
 * would send and may pay for it a second time (issue 37). Such content is held back until the user says: they
 * dismiss the task (Tasks page), submit it again there, or confirm the second charge when generating.
 */
import type { JobStatus } from '../jobs/job-status.js';
import { mayChargeTwice } from '../jobs/job-texts.js';

/** The parts of a job (main's record, or the renderer's view) that tell whether it holds its content back. */
interface HoldingJob {
  id: string;
  kind: 'task' | 'voice';
  status: JobStatus;
  createdAt: string;
  outcomeUnknownAt?: string;
  dismissedAt?: string;
  retriedBy?: string;
  supersededAt?: string;
  /** The cache key of each block as sent (its content hash, or a take key). */
  contentHashes?: readonly string[];
  /** For another take: the content hash of each block as sent. */
  takeOf?: readonly string[];
}

/** A block a generation did not send, because its content is in a task the service may have charged already. */
export interface HeldBlock {
  blockId: string;
  contentHash: string;
  /** The local id of the task that may have been charged. */
  jobId: string;
  /** Its status: `unknown-outcome`, `stuck` or `cancelled` (cancelled after its answer was lost). */
  jobStatus: JobStatus;
  /** What sending it now would be charged, as the studio estimates it. */
  characters: number;
  credits: number;
  /** The start of its text, to name it. */
  label: string;
}

/**
 * `generation.start`'s answer when blocks it would send are held (and the call did not say what to do with
 * them): nothing was sent. The editor asks the user, then calls again with `skipChargeTwice` (the others only) or
 * `confirmChargeTwice` (all of them).
 */
export interface ChargeTwiceRefusal {
  refused: 'may-charge-twice';
  serviceUrl: string;
  blocks: HeldBlock[];
  /** What the held blocks may cost a second time. */
  credits: number;
  /** Blocks the same request would send that are not held. */
  otherBlocks: number;
  message: string;
}

/** The block contents a task carries (for another take, the blocks' hashes, not the take keys). */
export function blockHashesOf(job: Pick<HoldingJob, 'contentHashes' | 'takeOf'>): readonly string[] {
  return job.takeOf ?? job.contentHashes ?? [];
}

/**
 * Whether the job holds its contents back: the service may have charged it (mayChargeTwice), and the user has
 * neither dismissed it, nor sent it again (its retry holds them now, if it too may have been charged), nor
 * had its blocks delivered by a later task.
 */
export function holdsItsContent(job: HoldingJob): boolean {
  return (
    job.kind === 'task' &&
    mayChargeTwice(job) &&
    job.dismissedAt === undefined &&
    job.retriedBy === undefined &&
    job.supersededAt === undefined
  );
}

/** Each held content hash with the newest job holding it. */
export function chargeTwiceHolds<Job extends HoldingJob>(jobs: readonly Job[]): Map<string, Job> {
  const holds = new Map<string, Job>();
  for (const job of jobs) {
    if (!holdsItsContent(job)) continue;
    for (const hash of blockHashesOf(job)) {
      const known = holds.get(hash);
      if (known === undefined || known.createdAt < job.createdAt) holds.set(hash, job);
    }
  }
  return holds;
}

/** Why the held job may have been charged, in a few words. */
export function whyHeld(status: JobStatus): string {
  return status === 'stuck'
    ? 'the service has it but never said it finished'
    : 'its answer was lost, so the service may have made it without the app learning of it';
}
