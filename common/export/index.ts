export {
  defaultDuckingSettings,
  duckingSettingsSchema,
  framesToMs,
  msToFrames,
  renderClipSchema,
  renderPlanSchema,
  trackKindSchema,
  type DuckingSettings,
  type RenderClip,
  type RenderPlan,
  type TrackKind,
} from './render-plan.js';
export {
  audioFormatSchema,
  exportOptionsSchema,
  formatSupportsRate,
  loudnessPresets,
  loudnessTargetSchema,
  mp3Bitrates,
  mp3SampleRates,
  subtitleOutputSchema,
  type AudioFormat,
  type ExportOptions,
  type LoudnessTarget,
  type Mp3Bitrate,
  type SubtitleOutput,
} from './export-options.js';
export { clipFrames, dbToGain, fillClipGain, gainToDb, isSteady, type ClipFrames } from './gain-envelope.js';
export { fillDuckingGain, mergeSpans, type FrameSpan } from './ducking-envelope.js';
export { LoudnessMeter, kWeightingFilters, type LoudnessMeasurement } from './loudness-meter.js';
export {
  SilenceDetector,
  defaultSilenceDetectorOptions,
  type SilenceDetectorOptions,
} from './silence-detector.js';
export {
  buildProjectRenderPlan,
  type MissingAudio,
  type ProjectPlanOptions,
  type ProjectPlanResult,
} from './project-render-plan.js';
export {
  defaultProjectExportSettings,
  projectExportSettingsSchema,
  type ProjectExportSettings,
} from './project-export-settings.js';
