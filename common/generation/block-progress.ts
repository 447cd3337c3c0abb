import { OUTCOME_UNKNOWN_CODE } from '../jobs/job-status.js';
import type { JobView } from '../jobs/job-view.js';
import type { BlockState } from '../project/block-state.js';

/**
 * Where one block is on its way to audio, in the order a user sees it: waiting to be sent, sent (with the
 * service's own status word), downloading, then ready; or failed with the reason and request id. 'outcome-unknown'
 * is a block whose task's answer was lost: nothing says it failed, and the service may have made (and charged)
 * it, so it is not called failed (issue 37). 'idle' is a block nothing is happening to (generated earlier, or
 * never asked for).
 */
export type BlockProgress =
  | { kind: 'idle' }
  | { kind: 'waiting'; detail: string }
  | { kind: 'sent'; remoteStatus: string | undefined }
  | { kind: 'downloading' }
  | { kind: 'ready' }
  | { kind: 'failed'; message: string; requestId: string | undefined }
  | { kind: 'outcome-unknown'; message: string; requestId: string | undefined };

/**
 * The progress of a block from its state, the job carrying its content (if any is on its way) and whether it
 * was part of the generation being watched (so a block finished in this run shows "ready", not "idle").
 */
export function blockProgress(input: {
  state: BlockState;
  job: JobView | undefined;
  inRun: boolean;
  failure?: { code?: string; message: string; requestId?: string | undefined } | undefined;
}): BlockProgress {
  const { job } = input;
  if (job !== undefined) {
    switch (job.status) {
      case 'queued':
        return { kind: 'waiting', detail: 'Waiting to be sent' };
      case 'queued-offline':
        return { kind: 'waiting', detail: 'Waiting for the service to be reachable' };
      case 'submitting':
        return { kind: 'waiting', detail: 'Sending' };
      case 'running':
        return { kind: 'sent', remoteStatus: job.remoteStatus };
      case 'succeeded':
        // The task is done; the block's audio is still being fetched and checked.
        return { kind: 'downloading' };
      case 'unknown-outcome':
        return {
          kind: 'outcome-unknown',
          message: job.error?.message ?? 'The app cannot tell whether the service received its task.',
          requestId: job.error?.requestId ?? job.requestId,
        };
      case 'failed':
      case 'stuck':
      case 'cancelled':
        return {
          kind: 'failed',
          message: job.error?.message ?? 'The task did not finish.',
          requestId: job.error?.requestId ?? job.requestId,
        };
      default: {
        const exhaustive: never = job.status;
        return exhaustive;
      }
    }
  }
  if (input.state === 'failed') {
    return {
      kind: input.failure?.code === OUTCOME_UNKNOWN_CODE ? 'outcome-unknown' : 'failed',
      message: input.failure?.message ?? 'Generation failed.',
      requestId: input.failure?.requestId,
    };
  }
  if (input.inRun && input.state === 'generated') return { kind: 'ready' };
  return { kind: 'idle' };
}

/** Words for the block's progress, as the script row and the timeline show them. */
export function describeProgress(progress: BlockProgress): string {
  switch (progress.kind) {
    case 'idle':
      return '';
    case 'waiting':
      return progress.detail;
    case 'sent':
      return progress.remoteStatus === undefined ? 'Sent' : `Sent · service says “${progress.remoteStatus}”`;
    case 'downloading':
      return 'Downloading';
    case 'ready':
      return 'Ready';
    case 'failed':
      return `Failed: ${progress.message}`;
    case 'outcome-unknown':
      return `Outcome unknown: ${progress.message}`;
    default: {
      const exhaustive: never = progress;
      return exhaustive;
    }
  }
}
