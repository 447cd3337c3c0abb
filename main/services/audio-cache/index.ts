export { AudioCache, AudioCacheError } from './audio-cache.js';
