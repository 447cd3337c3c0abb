import type { AudioAnalysis } from './audio-analysis.js';
import { decodeEnvelope, envelopeByteFor } from './audio-analysis.js';

/**
 * Below this level a 20 ms window counts as silence. Stand-in and service speech sits 30–50 dB above it between
 * words, and its pauses are digital silence or near it (measurements in common/audio/README.md).
 */
const SILENCE_DB = -45;

/** What is measured of a take once its audio is here; kept on the take in the project file (a few numbers). */
export interface TakeMeasures {
  rmsDb: number;
  clippedSamples: number;
  leadingSilenceMs: number;
  trailingSilenceMs: number;
  /** The longest silence between the first and last sound, and where it starts. */
  longestPauseMs: number;
  longestPauseAtMs: number;
}

/** The measures of a take from its analysis (audio-analysis.ts). */
export function measureTake(analysis: AudioAnalysis): TakeMeasures {
  const envelope = decodeEnvelope(analysis.envelope);
  const windowMs = 1000 / analysis.windowsPerSecond;
  const silent = envelopeByteFor(SILENCE_DB);
  let first = -1;
  let last = -1;
  for (let i = 0; i < envelope.length; i += 1) {
    if (envelope[i]! > silent) {
      if (first < 0) first = i;
      last = i;
    }
  }
  const base = { rmsDb: round1(analysis.rmsDb), clippedSamples: analysis.clippedSamples };
  if (first < 0) {
    return {
      ...base,
      leadingSilenceMs: analysis.durationMs,
      trailingSilenceMs: 0,
      longestPauseMs: 0,
      longestPauseAtMs: 0,
    };
  }
  let longest = 0;
  let longestAt = 0;
  let run = 0;
  for (let i = first; i <= last; i += 1) {
    if (envelope[i]! > silent) {
      run = 0;
      continue;
    }
    run += 1;
    if (run > longest) {
      longest = run;
      longestAt = i - run + 1;
    }
  }
  return {
    ...base,
    leadingSilenceMs: Math.round(first * windowMs),
    trailingSilenceMs: Math.max(0, Math.round(analysis.durationMs - (last + 1) * windowMs)),
    longestPauseMs: Math.round(longest * windowMs),
    longestPauseAtMs: Math.round(longestAt * windowMs),
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
