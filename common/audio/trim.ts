import type { SpeechAnalysis } from './speech-detector.js';
import { analyseSpeech } from './speech-detector.js';

export interface SpeechBounds {
  /** First sample to keep. */
  startSample: number;
  /** One past the last sample to keep. */
  endSample: number;
}

export interface TrimOptions {
  /** Silence kept before the first and after the last speech, so words are not cut (default 200 ms). */
  paddingMs?: number;
  /** A speech analysis of these very samples, when the caller already has one. */
  analysis?: SpeechAnalysis;
}

/**
 * Where speech starts and ends, for trimming silence (and noise, tones or hum) at both ends of a take.
 * Null when there is no speech at all.
 */
export function findSpeechBounds(
  samples: Float32Array,
  sampleRate: number,
  { paddingMs = 200, analysis }: TrimOptions = {},
): SpeechBounds | null {
  if (!Number.isFinite(paddingMs) || paddingMs < 0) {
    throw new RangeError(`paddingMs must be a number ≥ 0 (got ${paddingMs}).`);
  }
  const { voiced, frameSamples } = analysis ?? analyseSpeech(samples, sampleRate);
  const first = voiced.indexOf(1);
  if (first < 0) return null;
  const last = voiced.lastIndexOf(1);
  const padding = Math.round((paddingMs / 1000) * sampleRate);
  return {
    startSample: Math.max(0, first * frameSamples - padding),
    endSample: Math.min(samples.length, (last + 1) * frameSamples + padding),
  };
}
