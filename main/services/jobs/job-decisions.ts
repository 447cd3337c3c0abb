import { classifyTaskStatus, classifyVoiceStatus } from '../../../common/rules/index.js';
import type { TaskData, VoiceData } from '../service-client/index.js';
import { ServiceError, failureReasonOf } from '../service-client/index.js';
import { OUTCOME_UNKNOWN_CODE } from '../../../common/jobs/job-status.js';
import { jobErrorFrom } from './job-errors.js';
import type { JobError, JobKind } from './job-types.js';
import type { PollSchedule } from './poll-schedule.js';
import { errorDelayMs, pollDelayMs } from './poll-schedule.js';

/**
 * The job manager's decisions, as pure functions of what happened: what a failed submission, a polled status
 * or a failed poll means for the job. The manager applies them (timers, file, events).
 */

export type SubmitFailureDecision =
  | { next: 'failed'; error: JobError }
  /** Certainly not sent: back in the queue, after `waitMs` when the service asked for a wait. */
  | { next: 'queued'; error?: JobError; waitMs?: number }
  | { next: 'queued-offline' }
  | { next: 'unknown-outcome'; error: JobError };

/**
 * What a failed POST means. `fallbackWaitMs` is used for a 429 that names no Retry-After; `outcomeUnknown` is
 * what the job says if the service may have acted (outcomeUnknownMessage: what sending it again may cost).
 */
export function decideSubmitFailure(
  error: ServiceError,
  fallbackWaitMs: number,
  outcomeUnknown: string,
): SubmitFailureDecision {
  // 5xx, a timeout or a connection lost after sending, an unreadable answer: the service may have acted. The
  // message is all the user is told (the client's own text, with Node's codes, is not appended), and the code is
  // the one a job whose outcome became unknown at a restart has, so the editor tells its blocks apart.
  const unknownOutcome: SubmitFailureDecision = {
    next: 'unknown-outcome',
    error: { ...jobErrorFrom(error), code: OUTCOME_UNKNOWN_CODE, message: outcomeUnknown },
  };
  switch (error.kind) {
    case 'validation':
      return { next: 'failed', error: jobErrorFrom(error) };
    case 'aborted':
      return error.requestSent ? unknownOutcome : { next: 'queued' };
    case 'network':
    case 'timeout':
      // Refused, unresolvable, or no connection within the timeout: it certainly never left, and waits
      // (visibly) for the service to come back.
      return error.requestSent ? unknownOutcome : { next: 'queued-offline' };
    case 'http':
      // The client already waited out short Retry-Afters; a long one is scheduled by the queue instead.
      if (error.httpStatus === 429) {
        return { next: 'queued', error: jobErrorFrom(error), waitMs: error.retryAfterMs ?? fallbackWaitMs };
      }
      // A 4xx answer: the service refused the request and created nothing (STREAM_TIMEOUT included: the
      // service withdraws the task; its explanation says so in plain words).
      if ((error.httpStatus ?? 500) < 500) return { next: 'failed', error: jobErrorFrom(error) };
      return unknownOutcome;
    case 'invalid-response':
      return unknownOutcome;
  }
}

export type RemoteDecision =
  | { next: 'succeeded' }
  | { next: 'failed' | 'stuck'; error: JobError }
  | { next: 'poll'; unknownSince: number | undefined };

export interface RemoteContext {
  requestId: string | undefined;
  /** When the service started answering a status the app does not know. */
  unknownSince: number | undefined;
  now: number;
  unknownStatusLimitMs: number;
}

/** What a task or voice read from the service means for its job. */
export function decideRemoteStatus(
  kind: JobKind,
  data: TaskData | VoiceData,
  context: RemoteContext,
): RemoteDecision {
  const withId = (error: JobError): JobError =>
    context.requestId === undefined ? error : { ...error, requestId: context.requestId };
  const verdict = kind === 'task' ? classifyTaskStatus(data.status) : classifyVoiceStatus(data.status);
  switch (verdict) {
    case 'done':
      return { next: 'succeeded' };
    case 'failed':
      return {
        next: 'failed',
        error: withId({
          code: kind === 'task' ? 'TASK_FAILED' : 'VOICE_FAILED',
          message:
            failureReasonOf(data) ??
            `The service reported the ${kind} as "${data.status}" without giving a reason.`,
        }),
      };
    case 'in-progress':
      return { next: 'poll', unknownSince: undefined };
    case 'unknown': {
      const since = context.unknownSince ?? context.now;
      if (context.now - since < context.unknownStatusLimitMs) return { next: 'poll', unknownSince: since };
      return {
        next: 'stuck',
        error: withId({
          code: 'STATUS_UNKNOWN',
          message: `The service kept reporting the status "${data.status}", which the app does not know, for ${formatDuration(context.unknownStatusLimitMs)}; the app stopped checking. Quote the request id to support.`,
        }),
      };
    }
  }
}

export type PollFailureDecision =
  | { next: 'ignore' }
  | { next: 'failed' | 'stuck'; error: JobError }
  | {
      next: 'poll';
      error: JobError;
      delayMs: number;
      unreachable: boolean;
      unknownSince: number | undefined;
    };

export interface PollFailureContext {
  /** Consecutive failed polls, this one included. */
  failures: number;
  pollIndex: number;
  unknownSince: number | undefined;
  now: number;
  schedule: PollSchedule;
  random: () => number;
}

/** What a failed poll means: keep polling (and when), or end the job. */
export function decidePollFailure(error: ServiceError, context: PollFailureContext): PollFailureDecision {
  if (error.kind === 'aborted') return { next: 'ignore' };
  const status = error.httpStatus;
  const jobError = jobErrorFrom(error);
  if (
    error.kind === 'http' &&
    status !== undefined &&
    status < 500 &&
    ![401, 403, 408, 429].includes(status)
  ) {
    // The service says this task or voice does not exist (for this account): polling will not change that.
    return { next: 'failed', error: jobError };
  }
  const retry = (
    delayMs: number,
    extra: { unreachable?: boolean; unknownSince?: number } = {},
  ): PollFailureDecision => ({
    next: 'poll',
    error: jobError,
    delayMs,
    unreachable: extra.unreachable ?? false,
    unknownSince: extra.unknownSince ?? context.unknownSince,
  });
  if (status === 429) {
    // Refused again and again: exponential backoff over the consecutive refusals, Retry-After as the floor.
    return retry(
      Math.max(
        error.retryAfterMs ?? 0,
        pollDelayMs(context.pollIndex, context.schedule, context.random),
        context.failures > 1 ? errorDelayMs(context.failures - 1, context.schedule, context.random) : 0,
      ),
    );
  }
  // Signed out (no token, or one that cannot be sent) or token refused: the job was sent and is kept; it is
  // checked rarely, and at once after a sign-in. Its words say so: the client's "nothing was sent … retry" is
  // about the poll, and a retry would pay for the task again (issue 36).
  if (SIGN_IN_CODES.has(error.code) || status === 401) {
    return {
      next: 'poll',
      error: { ...jobError, message: signedOutWhileSent(status === 401) },
      delayMs: context.schedule.errorMaxDelayMs,
      unreachable: false,
      unknownSince: context.unknownSince,
    };
  }
  if (status === 403) return retry(context.schedule.errorMaxDelayMs);
  const backoff = errorDelayMs(context.failures, context.schedule, context.random);
  if (error.kind === 'invalid-response') {
    // Garbage in place of the resource is treated like an unknown status: tolerated for a while, then stuck.
    const since = context.unknownSince ?? context.now;
    if (context.now - since >= context.schedule.unknownStatusLimitMs)
      return { next: 'stuck', error: jobError };
    return retry(backoff, { unknownSince: since });
  }
  // Network trouble, timeouts, 5xx: the job is fine, the line is not. Never ends the job (offline for hours
  // is normal for a laptop); a connection refused outright also starts the reachability probe.
  return retry(backoff, {
    unreachable: (error.kind === 'network' || error.kind === 'timeout') && !error.requestSent,
  });
}

/** The client's refusals to call at all for want of a usable token (service-client.ts). */
const SIGN_IN_CODES = new Set(['NOT_SIGNED_IN', 'TOKEN_MALFORMED']);

function signedOutWhileSent(tokenRefused: boolean): string {
  const why = tokenRefused
    ? 'the service did not accept the saved token when the app checked on it'
    : 'the app cannot check on it while this service has no token';
  return (
    `Sent to the service earlier; ${why}. Sign in to this service (Settings → Service) and it is checked at ` +
    'once: nothing is sent again, and no retry is needed.'
  );
}

/** Anything thrown by a client call, as a ServiceError (a double or a bug could throw something else). */
export function asServiceError(caught: unknown): ServiceError {
  if (caught instanceof ServiceError) return caught;
  return new ServiceError({
    kind: 'network',
    code: 'CLIENT_FAILURE',
    message: 'The request failed inside the app.',
    retryable: false,
    requestSent: true,
  });
}

function formatDuration(ms: number): string {
  if (ms >= 60_000) return `${Math.round(ms / 60_000)} minutes`;
  return `${Math.round(ms / 1000)} seconds`;
}
