import type { LoudnessTarget } from '../../../../common/export/export-options.js';
import {
  LoudnessMeter,
  type LoudnessMeasurement,
  type LoudnessMeterState,
} from '../../../../common/export/loudness-meter.js';

/**
 * The step the applied gain is rounded to, in a full export as in a re-export. A one-block edit moves a ten-hour
 * book's integrated loudness by thousandths of a dB, so the rounded gain (and with it every part's key) almost
 * never changes; 0.1 dB is far inside any loudness target's tolerance (±1 LU for podcasts, ±2 dB for ACX).
 */
const GAIN_STEP_DB = 0.1;

// MP3 decoding can overshoot a sample-accurate ceiling by a few tenths of a dB (render/output-gain.ts keeps the same).
const MP3_CEILING_MARGIN_DB = 0.5;

/**
 * The whole book's loudness from each part's measurement (the hops of 100 ms on the part's own grid, its meter
 * primed with the audio before it), in order. A part rarely ends on a hop boundary: its last partial hop (under
 * 100 ms of a chapter's padding or tail) is left out, so the parts append; both a full export and a re-export
 * measure this way, so they always agree.
 */
export function combinedLoudness(
  sampleRate: number,
  channels: number,
  parts: readonly LoudnessMeterState[],
): LoudnessMeasurement {
  const meter = new LoudnessMeter(sampleRate, channels);
  for (const part of parts) meter.append({ ...part, hopFill: 0, hopEnergy: 0 });
  return meter.result();
}

/** `gainDb` rounded to the nearest GAIN_STEP_DB (as a number with no float noise, for the part keys). */
function quantisedGainDb(gainDb: number): number {
  return Number((Math.round(gainDb / GAIN_STEP_DB) * GAIN_STEP_DB).toFixed(1));
}

/** The gain and ceiling a part-built export applies, or undefined for a target it cannot build from parts. */
export function partGain(
  target: LoudnessTarget,
  measured: LoudnessMeasurement | undefined,
  format: 'mp3' | 'wav' | 'aac',
): { gainDb: number; ceilingDb: number | undefined } | undefined {
  if (target.kind === 'none') return { gainDb: 0, ceilingDb: undefined };
  // An RMS target (ACX) raises its gain by what the limiter took, measured on the limited output: not per part.
  if (target.kind !== 'lufs' || !measured) return undefined;
  const raw = Number.isFinite(measured.integratedLufs) ? target.integratedLufs - measured.integratedLufs : 0;
  const margin = format === 'mp3' ? MP3_CEILING_MARGIN_DB : 0;
  return { gainDb: quantisedGainDb(raw), ceilingDb: target.truePeakDb - margin };
}

/** A meter state as JSON (its hops as base64 of their float64 bytes), for the part store's sidecar. */
export function meterStateToJson(state: LoudnessMeterState): Record<string, unknown> {
  const hops = Buffer.from(state.hops.buffer, state.hops.byteOffset, state.hops.byteLength);
  return { ...state, hops: hops.toString('base64') };
}

/** The meter state back from meterStateToJson's form, or undefined if it is not one. */
export function meterStateFromJson(value: unknown): LoudnessMeterState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const numbers = ['hopFill', 'hopEnergy', 'peak', 'sumOfSquares', 'frames'] as const;
  if (typeof record.hops !== 'string' || numbers.some((name) => typeof record[name] !== 'number'))
    return undefined;
  const bytes = Buffer.from(record.hops, 'base64');
  if (bytes.length % 8 !== 0) return undefined;
  const hops = new Float64Array(bytes.length / 8);
  new Uint8Array(hops.buffer).set(bytes);
  return {
    hops,
    hopFill: record.hopFill as number,
    hopEnergy: record.hopEnergy as number,
    peak: record.peak as number,
    sumOfSquares: record.sumOfSquares as number,
    frames: record.frames as number,
  };
}
