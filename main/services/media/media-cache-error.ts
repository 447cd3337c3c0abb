/** Why the media cache refused or failed; `field` names the input concerned. */
export type MediaCacheErrorCode =
  /** Not an absolute http(s) URL (or one carrying credentials, or too long). */
  | 'MEDIA_URL_INVALID'
  /** No URL was registered under this media id: the cache never fetches anything it was not given by main. */
  | 'MEDIA_NOT_FOUND'
  | 'MEDIA_TOO_LARGE'
  /** The remote answered with an error status, or the connection failed (after every retry). */
  | 'MEDIA_FETCH_FAILED'
  /** The remote says the file is not there (404, 410) or no longer ours to read (403): retrying cannot help. */
  | 'MEDIA_GONE'
  /** No bytes arrived for too long, or the whole download took too long. */
  | 'MEDIA_TIMEOUT'
  /** Every caller waiting for the download gave up. */
  | 'MEDIA_ABORTED';

export class MediaCacheError extends Error {
  readonly code: MediaCacheErrorCode;
  readonly field: string | undefined;
  /** The remote's HTTP status, for MEDIA_FETCH_FAILED after an answer. */
  readonly httpStatus: number | undefined;
  /** The X-Service-App-Request-Id of the failed answer, when the server sent one. */
  readonly requestId: string | undefined;
  /** How many times the download was tried before giving up. */
  readonly attempts: number | undefined;

  constructor(
    code: MediaCacheErrorCode,
    message: string,
    details: { field?: string; httpStatus?: number; requestId?: string; attempts?: number } = {},
  ) {
    super(message);
    this.name = 'MediaCacheError';
    this.code = code;
    this.field = details.field;
    this.httpStatus = details.httpStatus;
    this.requestId = details.requestId;
    this.attempts = details.attempts;
  }
}

export function isMediaCacheError(value: unknown): value is MediaCacheError {
  return value instanceof MediaCacheError;
}
