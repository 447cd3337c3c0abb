import type { ErrorCode } from '../wire-choices.js';

/** A code named by a fault injected through the admin surface: any text the tester chose, sent as it is. */
export interface InjectedCode {
  readonly injected: string;
}

/** An error the service reports on the wire as `{status, code, message}` with HTTP status `status`. */
export class ServiceError extends Error {
  readonly code: string;

  constructor(
    readonly status: number,
    code: ErrorCode | InjectedCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Stand-in-only detail kept in the ledger (e.g. which field made contents invalid); never sent. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.code = typeof code === 'string' ? code : code.injected;
  }
}

export function badParams(message: string): ServiceError {
  return new ServiceError(400, 'VALIDATION_BAD_PARAMS', message);
}

export function badRequest(message: string): ServiceError {
  return new ServiceError(400, 'VALIDATION_BAD_REQUEST', message);
}

/** Contents errors never name the field on the wire (contract 4.1); the detail stays in the ledger. */
export function contentsInvalid(detail: string): ServiceError {
  return new ServiceError(400, 'TTS_CONTENTS_INVALID', 'contents contain an invalid value', {}, detail);
}
