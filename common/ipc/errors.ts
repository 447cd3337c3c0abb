/** Machine-readable reason a contract call failed; the message is always written for the user. */
export type IpcErrorCode =
  | 'INVALID_INPUT'
  | 'UNKNOWN_METHOD'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** A change was made against a version that is no longer the newest: send the whole thing instead. */
  | 'STALE'
  | 'NOT_SIGNED_IN'
  | 'SERVICE_ERROR'
  | 'KEYCHAIN_UNAVAILABLE'
  /** The page cannot reach main (browser shell, connection down): nothing happened, try again later. */
  | 'DISCONNECTED'
  /** The user cancelled the work (an import): nothing was made. */
  | 'CANCELLED'
  | 'INTERNAL';

export interface IpcErrorData {
  code: IpcErrorCode;
  message: string;
  /** Dotted path of the offending input field, when the error concerns one. */
  field?: string;
  /** The service's X-Service-App-Request-Id, for errors that came from the service. */
  requestId?: string;
  /** The service's own error code (e.g. TTS_CONTENTS_INVALID), when there is one. */
  serviceCode?: string;
  httpStatus?: number;
}

export type IpcResponse<Result> = { ok: true; result: Result } | { ok: false; error: IpcErrorData };

/** Thrown by handlers (and re-thrown by bridges) so a failure keeps its code, field and request id end to end. */
export class IpcError extends Error {
  readonly data: IpcErrorData;
  constructor(data: IpcErrorData) {
    super(data.message);
    this.name = 'IpcError';
    this.data = data;
  }
}
