/**
 * What the renderer knows of a background job (a generation task or a voice clone). Main owns the job; this is
 * the small serialisable picture it sends in events. Never holds the token, request bodies or audio.
 */
import type { JobStatus } from './job-status.js';

export type { JobStatus } from './job-status.js';
export { CANCELLABLE_STATUSES, RETRYABLE_STATUSES } from './job-status.js';

export interface JobView {
  id: string;
  kind: 'task' | 'voice';
  serviceUrl: string;
  status: JobStatus;
  remoteId?: string;
  /** The service's own status word, exactly as last read (unknown values included). */
  remoteStatus?: string;
  projectId?: string;
  /** Title of the project the task came from, when the caller gave one. */
  projectTitle?: string;
  blockIds?: string[];
  /** The content hash of each of blockIds as the task sent it: tells whether a block still reads that way. */
  sentHashes?: string[];
  voiceName?: string;
  /** Characters the credits were frozen for. */
  characters?: number;
  createdAt: string;
  submittedAt?: string;
  finishedAt?: string;
  /** When the service says the task finished (its clock), for timing it. */
  generatedAt?: string;
  /** When the app started again while the job was out (its finishedAt is then when the app looked again). */
  resumedAt?: string;
  error?: { code: string; message: string; requestId?: string; httpStatus?: number };
  requestId?: string;
  retryOf?: string;
  retriedBy?: string;
  /** When the user set this failed job aside. */
  dismissedAt?: string;
  /** When every block of this failed task got its audio from a later task. */
  supersededAt?: string;
  /** When the app found it could not tell whether the service received this job (kept once it is cancelled). */
  outcomeUnknownAt?: string;
  nextAttemptAt?: string;
}

export const jobStatusLabels: Record<JobStatus, string> = {
  queued: 'Waiting to send',
  'queued-offline': 'Waiting for the service',
  submitting: 'Sending',
  running: 'Processing',
  succeeded: 'Done',
  failed: 'Failed',
  stuck: 'Stuck',
  'unknown-outcome': 'Outcome unknown',
  cancelled: 'Cancelled',
};

export type JobStatusGroup = 'active' | 'waiting' | 'done' | 'problem';

/** The Tasks page's filters group the statuses the way a user thinks of them. */
export function jobStatusGroup(status: JobStatus): JobStatusGroup {
  switch (status) {
    case 'submitting':
    case 'running':
      return 'active';
    case 'queued':
    case 'queued-offline':
      return 'waiting';
    case 'succeeded':
    case 'cancelled':
      return 'done';
    case 'failed':
    case 'stuck':
    case 'unknown-outcome':
      return 'problem';
    default: {
      const exhaustive: never = status;
      throw new Error(`Unknown job status ${String(exhaustive)}`);
    }
  }
}

/**
 * The group a job is listed under on the Tasks page: a failed (or stuck) job that was retried, that the user
 * dismissed, or whose blocks were all generated since by another task, needs no more attention from them, so it
 * counts as finished.
 */
export function jobListGroup(
  job: Pick<JobView, 'status' | 'retriedBy' | 'dismissedAt' | 'supersededAt'>,
): JobStatusGroup {
  const group = jobStatusGroup(job.status);
  const settled =
    job.retriedBy !== undefined || job.dismissedAt !== undefined || job.supersededAt !== undefined;
  return group === 'problem' && settled ? 'done' : group;
}
