import { createHash } from 'node:crypto';
import { MediaCacheError } from './media-cache-error.js';

const MAX_URL_LENGTH = 8192;
/** A SHA-256 in base64url: 43 characters of [A-Za-z0-9_-]. */
const MEDIA_ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The URL in one canonical form (what the URL parser prints), so the same resource always gets the same id.
 * Only absolute http(s) URLs without credentials are accepted: anything else could read local files or carry
 * a password into the index file.
 */
export function normaliseRemoteUrl(remoteUrl: string): string {
  const fail = (rule: string): never => {
    throw new MediaCacheError('MEDIA_URL_INVALID', `remoteUrl ${rule}`, { field: 'remoteUrl' });
  };
  if (typeof remoteUrl !== 'string' || remoteUrl.trim() === '') return fail('is required');
  if (remoteUrl.length > MAX_URL_LENGTH) return fail(`must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(remoteUrl.trim());
  } catch {
    return fail('must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail(`must use http:// or https:// (got "${url.protocol}")`);
  }
  if (url.username !== '' || url.password !== '') return fail('must not contain a user name or password');
  // The fragment never reaches the server: two URLs differing only there are the same resource.
  url.hash = '';
  return url.href;
}

/** The opaque, stable id of a remote URL: SHA-256 of its canonical form, base64url. */
export function mediaIdFor(remoteUrl: string): string {
  return createHash('sha256').update(normaliseRemoteUrl(remoteUrl)).digest('base64url');
}

/** Whether a value has the shape of a media id (checked before it is used in a file name or a lookup). */
export function isMediaId(value: unknown): value is string {
  return typeof value === 'string' && MEDIA_ID_SHAPE.test(value);
}
