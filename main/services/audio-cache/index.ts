export { AudioCache, AudioCacheError } from './audio-cache.js';
export type { CachedSegment } from './audio-cache.js';
