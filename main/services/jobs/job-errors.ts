import { explainServiceCode } from '../../../common/rules/index.js';
import type { ServiceError } from '../service-client/index.js';
import type { JobError } from './job-types.js';

/** Thrown by JobManager actions that do not apply (unknown job, wrong state, stopped manager). */
export class JobActionError extends Error {
  constructor(
    readonly code:
      | 'JOB_NOT_FOUND'
      | 'JOB_NOT_CANCELLABLE'
      | 'JOB_NOT_RETRYABLE'
      | 'JOB_NOT_REMOVABLE'
      | 'JOB_NOT_DISMISSABLE'
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

export const OUTCOME_UNKNOWN_MESSAGE =
  'The app cannot tell whether the service received this submission: the connection broke (or the app stopped) ' +
  'after the request was sent. Credits may already be frozen for it. Submit it again only if it does not show up ' +
  'in your results; otherwise dismiss it.';
