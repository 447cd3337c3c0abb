import { MAX_UPLOAD_FILE_BYTES } from '../rules/vocabulary.js';
import { wavByteLength } from './wav-encoder.js';

/** Rates a recording may be saved at, best first: 48 kHz is what microphones and Opus deliver. */
const RECORDING_SAMPLE_RATES = [48000, 24000, 16000] as const;

/**
 * The best rate at which a mono 16-bit WAV of this length stays under the upload limit: 48 kHz up to about
 * 18 minutes, then 24 kHz (about 36 minutes), then 16 kHz (about 54 minutes, the most a WAV can carry).
 */
export function pickRecordingSampleRate(durationSeconds: number): number {
  for (const rate of RECORDING_SAMPLE_RATES) {
    if (wavByteLength(Math.ceil(durationSeconds * rate)) <= MAX_UPLOAD_FILE_BYTES) return rate;
  }
  // Longer than any WAV under the limit: the lowest rate, and the size check explains the refusal.
  return 16000;
}
