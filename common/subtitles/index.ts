export { buildCues } from './cue-builder.js';
export { formatSrt, formatTimestamp, formatVtt } from './subtitle-format.js';
export { breakIntoLines } from './line-breaking.js';
export { buildSpeechTimeMap, type SpeechTimeMap } from './speech-time-map.js';
export {
  defaultSubtitleSettings,
  silenceSpanSchema,
  subtitleSettingsSchema,
  subtitleSourceSchema,
  type SilenceSpan,
  type SubtitleCue,
  type SubtitleSettings,
  type SubtitleSource,
} from './subtitle-types.js';
