export type { CachedMedia, EnsureOptions, MediaCacheOptions } from './media-cache.js';
export {
  DEFAULT_MAX_MEDIA_BYTES,
  DEFAULT_MEDIA_DEADLINE_MS,
  DEFAULT_MEDIA_IDLE_TIMEOUT_MS,
  MediaCache,
} from './media-cache.js';
export type { MediaCacheErrorCode } from './media-cache-error.js';
export { MediaCacheError, isMediaCacheError } from './media-cache-error.js';
export { isMediaId, mediaIdFor } from './media-id.js';
export { mediaIdOfPath, mediaPathFor } from './media-path.js';
export { serveMediaHttp } from './serve-media-http.js';
export type { MediaResponseOptions } from './media-response.js';
export { mediaResponse } from './media-response.js';
export type { MediaReply, MediaRequest } from './media-reply.js';
export { planMediaReply } from './media-reply.js';
