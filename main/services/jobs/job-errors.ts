import { explainServiceCode } from '../../../common/rules/index.js';
import type { ServiceError } from '../service-client/index.js';
import { jobTexts, sentTexts } from '../../../common/jobs/job-texts.js';
import type { JobError, JobRequest } from './job-types.js';

/** Thrown by JobManager actions that do not apply (unknown job, wrong state, stopped manager). */
export class JobActionError extends Error {
  constructor(
    readonly code:
      | 'JOB_NOT_FOUND'
      | 'JOB_NOT_CANCELLABLE'
      | 'JOB_NOT_RETRYABLE'
      | 'JOB_NOT_REMOVABLE'
      | 'JOB_NOT_DISMISSABLE'
      | 'JOB_NEEDS_CONFIRMATION'
      | 'JOB_NOT_LOOKABLE'
      | 'JOB_MANAGER_STOPPED',
    message: string,
  ) {
    super(message);
    this.name = 'JobActionError';
  }
}

/** A ServiceError as a job keeps it: code, request id and a message in plain words. */
export function jobErrorFrom(error: ServiceError): JobError {
  const explanation = explainServiceCode(error.code);
  // The service's message stays visible (VALIDATION_BAD_PARAMS is only told apart by it); the explanation is
  // put first when the code has one, because the service's wording is often terse.
  const message =
    explanation && explanation !== error.message
      ? `${explanation} (Service: ${error.message})`
      : error.message;
  return {
    code: error.code,
    message,
    ...(error.requestId === undefined ? {} : { requestId: error.requestId }),
    ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
  };
}

/**
 * Why the job's id never came back, by what happened to its POST (`undefined`: the app stopped in the middle of
 * it). A 5xx answer is not a broken connection: the user is told what did happen.
 */
export function lostAnswerCause(error: ServiceError | undefined): string {
  if (error === undefined) return 'the app stopped while it was being sent, before its id came back';
  switch (error.kind) {
    case 'http':
      return `the service answered with a server error (HTTP ${error.httpStatus ?? 500}) instead of its id, which a service can do after it has accepted the work`;
    case 'timeout':
      return 'no answer came in time after it was sent, so its id never came back';
    case 'invalid-response':
      return 'the service’s answer could not be read, so its id never came back';
    case 'aborted':
      return 'the app stopped while it was being sent, before its id came back';
    default:
      return 'the connection broke after it was sent, and its id never came back';
  }
}

/** The cause told by job files written before the cause was known (the old advice named both). */
const CAUSE_OF_OLD_ADVICE =
  'the connection broke (or the app stopped) after it was sent, and its id never came back';

/**
 * What the service said with a server error answered instead of the id, as a sentence of the job's message; ''
 * for every other lost answer, whose cause (lostAnswerCause) already says all the app knows. The client's own
 * text is never appended: it said "The service could not be reached: … (ECONNRESET)" of a request the service
 * did receive, and Node's error codes mean nothing to a user (issue 37).
 */
export function lostAnswerDetail(error: ServiceError | undefined): string {
  if (error?.kind !== 'http') return '';
  const said = error.message.trim();
  return said === '' ? '' : ` The service said: “${said.replace(/[.\s]+$/u, '')}”.`;
}

/**
 * What an unknown-outcome job says. The contract finds a task only by its id, and that id never came back: a task
 * the service did create never shows up in the app, so "submit it again if it does not show up" (the old advice,
 * issue 37) led straight to paying twice. It says so, with the credits a second submission may cost, and why the
 * id never came back (`cause`, from lostAnswerCause). Credits are frozen on submission and charged once the task
 * is generated (service contract §1), and the service may have finished it long since: so the credits "may have
 * been charged", not "are frozen". The request id is named only when the service sent one (`requestId`).
 */
export function outcomeUnknownMessage(request: JobRequest, cause: string, requestId?: string): string {
  const trace =
    requestId === undefined
      ? ''
      : ` Its support can trace the request by its id, ${requestId}, shown with this job.`;
  if (request.kind === 'voice') {
    return (
      `The app cannot tell whether the service received this voice clone: ${cause}. If it did, the voice ` +
      `“${request.voice.name}” may exist already (a professional clone uses quota) and it will never show up ` +
      'here: the service finds a voice job only by its id. Submitting it again may create it, and use quota, ' +
      `twice: check your voices at the service first, and dismiss this job if the voice is there.${trace}`
    );
  }
  const { texts, credits } = jobTexts(sentTexts(request.body));
  const figure = `≈ ${credits.toLocaleString('en-US')} credits`;
  const count = `${texts.length.toLocaleString('en-US')} text${texts.length === 1 ? '' : 's'}`;
  return (
    `The app cannot tell whether the service received this task: ${cause}. If it did, it may already have ` +
    `been charged (${figure} for its ${count}) and it will never show up in the app: the service finds a task ` +
    `only by its id, so there is nothing to look up or wait for. Submitting it again may charge ${figure} twice. ` +
    'Check its texts (Show texts) against your account’s records at the service first, and dismiss this job ' +
    `if the task is there.${trace}`
  );
}

/** The first sentence of the advice unknown-outcome jobs carried before issue 37; job files still hold it. */
const OLD_OUTCOME_UNKNOWN_START = 'The app cannot tell whether the service received this submission:';
const OLD_OUTCOME_UNKNOWN_END = 'otherwise dismiss it.';

/**
 * The first wording after issue 37 ("If it did, ≈ 65 credits are frozen…", then the client's text such as "(The
 * service could not be reached: the connection was reset (ECONNRESET).)"): its cause is kept, the rest rewritten.
 */
const FROZEN_START = 'The app cannot tell whether the service received this task: ';
const FROZEN_CAUSE_END = '. If it did, ≈ ';
const FROZEN_MARK = ' credits are frozen for its ';

/**
 * The job's message with an outdated advice replaced by outcomeUnknownMessage; undefined when it carries none.
 * The pre-issue-37 advice ("Submit it again only if it does not show up in your results") keeps the service's
 * detail after it; the first issue-37 wording ("credits are frozen") keeps its cause and drops the client's text.
 */
export function replaceOldOutcomeAdvice(
  message: string,
  request: JobRequest,
  requestId?: string,
): string | undefined {
  if (message.startsWith(FROZEN_START) && message.includes(FROZEN_MARK)) {
    const causeEnd = message.indexOf(FROZEN_CAUSE_END);
    if (causeEnd < 0) return undefined;
    return outcomeUnknownMessage(request, message.slice(FROZEN_START.length, causeEnd), requestId);
  }
  if (!message.startsWith(OLD_OUTCOME_UNKNOWN_START)) return undefined;
  const end = message.indexOf(OLD_OUTCOME_UNKNOWN_END);
  const detail = end < 0 ? '' : message.slice(end + OLD_OUTCOME_UNKNOWN_END.length);
  return outcomeUnknownMessage(request, CAUSE_OF_OLD_ADVICE, requestId) + detail;
}
