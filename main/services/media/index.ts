export { MediaCache } from './media-cache.js';
export { MediaCacheError, isMediaCacheError } from './media-cache-error.js';
export { mediaIdOfPath, mediaPathFor } from './media-path.js';
export { serveMediaHttp } from './serve-media-http.js';
export { mediaResponse } from './media-response.js';
export { sendMediaReply } from './serve-media-http.js';
export { mediaReplyResponse } from './media-response.js';
export { planLocalFileReply } from './local-file-reply.js';
export type { LocalMediaFile } from './local-file-reply.js';
