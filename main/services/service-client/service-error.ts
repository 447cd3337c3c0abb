import type { RuleViolation } from '../../../common/rules/index.js';

/**
 * - `http`: the service answered with an error status (code and message are the service's own).
 * - `network`: no answer (refused, reset, DNS); `requestSent` tells whether the request may have left.
 * - `timeout` / `aborted`: the call ran out of time or was cancelled by the caller.
 * - `invalid-response`: an answer that is not what the contract describes (HTML, truncated JSON, too large…).
 * - `validation`: rejected locally, before anything was sent (or, for a file that changed while it was being sent,
 *   before the request was complete); `violations` name the block, field and rule.
 */
export type ServiceErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response' | 'validation';

/** The serialisable form: what crosses IPC, goes into job files and logs. Never holds the token. */
export interface ServiceErrorData {
  kind: ServiceErrorKind;
  /** The service's code (e.g. `TTS_CONTENTS_INVALID`), or a local one (`NETWORK_UNREACHABLE`, `TIMEOUT`…). */
  code: string;
  message: string;
  httpStatus?: number;
  /** The `X-Service-App-Request-Id` of the response, whenever there was one. */
  requestId?: string;
  /** Whether the same call could succeed later without any change (rate limits, outages, network). */
  retryable: boolean;
  /**
   * False only when the request certainly never reached the service (the connection failed before it was
   * sent, or it was rejected locally). A creating POST is re-sent only in that case or after a 429.
   */
  requestSent: boolean;
  /** The wait the service asked for (Retry-After), in milliseconds. */
  retryAfterMs?: number;
  violations?: RuleViolation[];
  /** The system's code of a failed connection (`ECONNREFUSED`, `CERT_HAS_EXPIRED`…), to tell TLS from DNS. */
  systemCode?: string;
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly code: string;
  readonly httpStatus: number | undefined;
  readonly requestId: string | undefined;
  readonly retryable: boolean;
  readonly requestSent: boolean;
  readonly retryAfterMs: number | undefined;
  readonly violations: RuleViolation[] | undefined;
  readonly systemCode: string | undefined;

  constructor(data: ServiceErrorData) {
    super(data.message);
    this.name = 'ServiceError';
    this.kind = data.kind;
    this.code = data.code;
    this.httpStatus = data.httpStatus;
    this.requestId = data.requestId;
    this.retryable = data.retryable;
    this.requestSent = data.requestSent;
    this.retryAfterMs = data.retryAfterMs;
    this.violations = data.violations;
    this.systemCode = data.systemCode;
  }

  toJSON(): ServiceErrorData {
    const data: ServiceErrorData = {
      kind: this.kind,
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      requestSent: this.requestSent,
    };
    if (this.httpStatus !== undefined) data.httpStatus = this.httpStatus;
    if (this.requestId !== undefined) data.requestId = this.requestId;
    if (this.retryAfterMs !== undefined) data.retryAfterMs = this.retryAfterMs;
    if (this.violations !== undefined) data.violations = this.violations;
    if (this.systemCode !== undefined) data.systemCode = this.systemCode;
    return data;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}

export function validationError(violations: RuleViolation[]): ServiceError {
  const [first] = violations;
  const more =
    violations.length > 1
      ? ` (and ${violations.length - 1} more problem${violations.length > 2 ? 's' : ''})`
      : '';
  return new ServiceError({
    kind: 'validation',
    code: 'CLIENT_VALIDATION',
    message: `${first?.message ?? 'The request is invalid.'}${more}`,
    retryable: false,
    requestSent: false,
    violations,
  });
}
