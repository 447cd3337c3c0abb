/**
 * The local lifecycle of a background job (a generation task or a voice clone), shared by main, which owns the
 * jobs, and the renderer, which shows them. The service's own word is kept apart, as `remoteStatus`.
 * - `queued`: accepted locally, waiting for its turn (a submission slot, or a rate limit's Retry-After);
 *   certainly not sent yet.
 * - `queued-offline`: the service could not be reached; sent when it is back. Certainly not sent yet.
 * - `submitting`: the POST may be on its way (persisted before the request starts).
 * - `running`: the service has the job (remote id known); being polled.
 * - `succeeded`, `failed`, `cancelled`: final.
 * - `stuck`: the service kept answering something the app cannot interpret (an unknown status) for too long.
 * - `unknown-outcome`: the POST may or may not have created the job (the app crashed mid-request, or the
 *   connection broke after sending); only the user can decide whether to submit it again.
 */
export type JobStatus =
  | 'queued'
  | 'queued-offline'
  | 'submitting'
  | 'running'
  | 'succeeded'
  | 'failed'
  | 'stuck'
  | 'unknown-outcome'
  | 'cancelled';

export const FINAL_STATUSES: readonly JobStatus[] = [
  'succeeded',
  'failed',
  'stuck',
  'unknown-outcome',
  'cancelled',
];
/** Jobs that have not reached the service (or whose outcome is unknown and the user chose not to resend). */
export const CANCELLABLE_STATUSES: readonly JobStatus[] = ['queued', 'queued-offline', 'unknown-outcome'];
/** Jobs that may be submitted again, as a new job linked to the old one. */
export const RETRYABLE_STATUSES: readonly JobStatus[] = ['failed', 'stuck', 'unknown-outcome', 'cancelled'];

/**
 * The error code of a job whose outcome is unknown, and of its blocks' failures: the editor tells those blocks
 * apart by it ("Outcome unknown", not "Generation failed"), since the service may have made and charged them.
 */
export const OUTCOME_UNKNOWN_CODE = 'OUTCOME_UNKNOWN';
