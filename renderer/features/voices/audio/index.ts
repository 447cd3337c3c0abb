export type { PromptAudio } from './prompt-audio.js';
export type { DecodedAudio, DecodeAudioOptions } from './decode-audio.js';
export {
  ANALYSIS_SAMPLE_RATE,
  AudioDecodeError,
  LARGE_FILE_ANALYSIS_SAMPLE_RATE,
  decodeAudioFile,
} from './decode-audio.js';
export type { Recorder, RecorderDevice, RecorderState } from './use-recorder.js';
export { useRecorder } from './use-recorder.js';
export type { LiveLevel } from './recording-session.js';
export type { Recording } from './recording.js';
export type { TrimOutcome } from './trim-recording.js';
export type { LevelMeterProps } from './LevelMeter.js';
export { LevelMeter } from './LevelMeter.js';
export type { WaveformViewProps } from './WaveformView.js';
export { WaveformView } from './WaveformView.js';
export type { RecorderPanelProps } from './RecorderPanel.js';
export { RecorderPanel } from './RecorderPanel.js';
export type { ImportPanelProps } from './ImportPanel.js';
export { ImportPanel } from './ImportPanel.js';
export { CloneLengthGuide } from './CloneLengthGuide.js';
export { READING_SCRIPT, ReadingScript } from './ReadingScript.js';
export { formatClock, formatSpeech } from './format-audio.js';
