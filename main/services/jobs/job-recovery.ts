import { OUTCOME_UNKNOWN_CODE } from '../../../common/jobs/job-status.js';
import { lostAnswerCause, outcomeUnknownMessage, replaceOldOutcomeAdvice } from './job-errors.js';
import type { JobLedger } from './job-ledger.js';
import type { StoredJob } from './job-store.js';

/** What JobManager.start does to each job of the file it loads, before anything is polled or sent. */

/**
 * A job persisted as `submitting` was in the middle of its POST when the app stopped. The POST may have
 * reached the service, which then froze credits and created the task; there is no operation to look a task
 * up by anything but its id (which never came back), so sending it again could create a second, paid task.
 * It becomes `unknown-outcome` and the user decides. Queued jobs are certainly unsent and simply go out.
 */
export function recoverInterrupted(ledger: JobLedger, job: StoredJob): boolean {
  const record = job.record;
  if (record.status === 'submitting' || (record.status === 'running' && record.remoteId === undefined)) {
    ledger.setStatus(job, 'unknown-outcome', {
      code: OUTCOME_UNKNOWN_CODE,
      message: outcomeUnknownMessage(job.request, lostAnswerCause(undefined)),
    });
    record.finishedAt = record.updatedAt;
    return true;
  }
  return false;
}

/**
 * Job files written before issue 37 hold the advice "Submit it again only if it does not show up in your
 * results", which led to paying twice (such a task never shows up): it is replaced by the plain warning, with
 * the credits, and the date the outcome became unknown is taken as its last change (it changed no more after).
 */
export function replaceOldAdvice(job: StoredJob): boolean {
  const record = job.record;
  const error = record.error;
  if (error === undefined) return false;
  const message = replaceOldOutcomeAdvice(error.message, job.request, error.requestId);
  if (message === undefined) return false;
  record.error = { ...error, message };
  if (record.status === 'unknown-outcome') record.outcomeUnknownAt ??= record.updatedAt;
  return true;
}
