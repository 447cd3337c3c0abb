export { VoiceLibrary } from './voice-library.js';
export type { VoiceEntry } from './voice-entry.js';
export { displayName } from './voice-entry.js';
export { VoiceLibraryError } from './voice-library-error.js';
