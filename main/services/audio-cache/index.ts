export type { CachedSegment, SegmentSource } from './audio-cache.js';
export { AudioCache, AudioCacheError } from './audio-cache.js';
export { measureAudioDurationMs } from './audio-duration.js';
