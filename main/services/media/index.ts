export { MediaCache } from './media-cache.js';
export { MediaCacheError, isMediaCacheError } from './media-cache-error.js';
export { mediaIdOfPath, mediaPathFor } from './media-path.js';
export { serveMediaHttp } from './serve-media-http.js';
export { mediaResponse } from './media-response.js';
