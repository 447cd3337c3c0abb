/** Why a library action was refused; `field` names the input concerned, as the IPC layer expects. */
export type VoiceLibraryErrorCode =
  /** The service has no voice with this id (or it belongs to another account: the service does not say). */
  | 'VOICE_NOT_FOUND'
  /** The library of this service holds no voice with this id. */
  | 'VOICE_NOT_IN_LIBRARY'
  /** The voice is still being created: the service has not answered with its id yet. */
  | 'VOICE_NOT_CREATED_YET'
  | 'VOICE_ID_INVALID'
  | 'VOICE_NAME_INVALID'
  | 'SERVICE_URL_INVALID'
  /** A client of another service was passed: its token must never be sent to this one. */
  | 'CLIENT_SERVICE_MISMATCH';

export class VoiceLibraryError extends Error {
  readonly code: VoiceLibraryErrorCode;
  readonly field: string | undefined;
  /** The service's X-Service-App-Request-Id, when the refusal came from the service. */
  readonly requestId: string | undefined;
  readonly httpStatus: number | undefined;

  constructor(
    code: VoiceLibraryErrorCode,
    message: string,
    details: { field?: string; requestId?: string | undefined; httpStatus?: number | undefined } = {},
  ) {
    super(message);
    this.name = 'VoiceLibraryError';
    this.code = code;
    this.field = details.field;
    this.requestId = details.requestId;
    this.httpStatus = details.httpStatus;
  }
}
