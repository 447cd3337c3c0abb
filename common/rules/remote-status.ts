/**
 * How a status string read from the service is understood. The contract names the progress states but not the
 * failure states, so anything that reads like a failure ends the job, and anything else unknown is tolerated
 * for a while (the job manager decides how long) rather than polled forever.
 */
export type RemoteStatusClass = 'done' | 'in-progress' | 'failed' | 'unknown';

const FAILURE_WORDS = /fail|error|cancel|reject|abort/i;

export function looksLikeFailure(status: string): boolean {
  return FAILURE_WORDS.test(status);
}

/** Tasks end at `generated`. */
export function classifyTaskStatus(status: string): RemoteStatusClass {
  if (status === 'generated') return 'done';
  if (status === 'pending' || status === 'processing') return 'in-progress';
  return looksLikeFailure(status) ? 'failed' : 'unknown';
}

/**
 * Voices end at `pending` (a quick clone is ready to use: `pending` is not "waiting" here) or `lora-success`
 * (professional clone trained).
 */
export function classifyVoiceStatus(status: string): RemoteStatusClass {
  if (status === 'pending' || status === 'lora-success') return 'done';
  if (status === 'creating' || status === 'lora-pending' || status === 'lora-awaiting') return 'in-progress';
  return looksLikeFailure(status) ? 'failed' : 'unknown';
}

/** Professional-clone training takes far longer than synthesis, so pollers may space their polls more. */
export function isLongRunningVoiceStatus(status: string): boolean {
  return status === 'lora-pending' || status === 'lora-awaiting';
}
