import { findSpeechBounds } from '../../../../common/audio/trim.js';
import { countSpeechSeconds } from './count-speech.js';
import { afterNextPaint } from '../../../shared/yield-to-browser.js';
import type { Recording } from './recording.js';
import { recordingFromSamples } from './recording.js';

export type TrimOutcome =
  | { kind: 'trimmed'; recording: Recording; removedSeconds: number }
  | { kind: 'unchanged' }
  | { kind: 'no-speech' };

/** Cuts silence (and noise or hum) at both ends of a take, keeping 200 ms around the speech, and re-encodes. */
export async function trimRecording(recording: Recording): Promise<TrimOutcome> {
  const { samples, sampleRate } = recording.decoded;
  // Finding the bounds analyses the whole take in one go: let "Trimming…" show first.
  await afterNextPaint();
  const bounds = findSpeechBounds(samples, sampleRate);
  if (bounds === null) return { kind: 'no-speech' };
  const kept = bounds.endSample - bounds.startSample;
  // Less than a frame to gain is not worth a new file.
  if (samples.length - kept < sampleRate * 0.02) return { kind: 'unchanged' };
  const trimmed = samples.slice(bounds.startSample, bounds.endSample);
  const speechSeconds = await countSpeechSeconds(trimmed, sampleRate);
  return {
    kind: 'trimmed',
    // Only silence at the ends goes: a clipped peak is in the speech that stays.
    recording: recordingFromSamples(trimmed, sampleRate, speechSeconds, recording.clipped),
    removedSeconds: (samples.length - kept) / sampleRate,
  };
}
