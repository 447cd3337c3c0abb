export type { SpeechAnalysis, SpeechCounter } from './speech-detector.js';
export { analyseSpeech, createSpeechCounter } from './speech-detector.js';
export type { LevelClass, Levels } from './levels.js';
export {
  CLIPPING_PEAK_DB,
  LEVEL_FLOOR_DB,
  PEAK_CEILING_DB,
  SILENT_RMS_DB,
  TARGET_RMS_DB,
  amplitudeToDb,
  classifyLevel,
  measureLevels,
} from './levels.js';
export type { SpeechBounds, TrimOptions } from './trim.js';
export { findSpeechBounds } from './trim.js';
export type { WaveformPeaks } from './waveform.js';
export { waveformPeaks } from './waveform.js';
export { encodeWav, mixToMono, wavByteLength } from './wav-encoder.js';
export type { PromptAudioFacts, PromptCheck } from './prompt-check.js';
export {
  PROFESSIONAL_CLONE_SPEECH_SECONDS,
  QUICK_CLONE_SPEECH_SECONDS,
  checkPromptAudio,
  checkPromptSize,
  formatSeconds,
} from './prompt-check.js';
export {
  AUDIO_FILE_ACCEPT,
  AUDIO_FILE_EXTENSIONS,
  AUDIO_MEDIA_TYPES_BY_EXTENSION,
  mediaTypeForFile,
} from './media-types.js';
export { RECORDING_SAMPLE_RATES, pickRecordingSampleRate } from './recording-format.js';
