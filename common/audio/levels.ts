/** Recording levels in dBFS, and how they compare with what voice cloning services ask for. */

/** Speech RMS that cloning services ask for (about −23 to −18 dB). */
export const TARGET_RMS_DB = { min: -23, max: -18 } as const;
/** Peaks should stay at or under −3 dBFS, leaving headroom. */
export const PEAK_CEILING_DB = -3;
/** A peak at or above −1 dBFS is treated as clipping: converters and codecs rarely leave more headroom. */
export const CLIPPING_PEAK_DB = -1;
/** Below this RMS there is nothing to hear (the noise floor a good room reaches). */
const SILENT_RMS_DB = -60;
/** Levels are floored here instead of −∞, so that digital silence still gives a number to draw and compare. */
export const LEVEL_FLOOR_DB = -100;

export interface Levels {
  rmsDb: number;
  peakDb: number;
}

export type LevelClass = 'silent' | 'too-quiet' | 'good' | 'too-loud' | 'clipping';

export function amplitudeToDb(amplitude: number): number {
  return amplitude > 0 ? Math.max(LEVEL_FLOOR_DB, 20 * Math.log10(amplitude)) : LEVEL_FLOOR_DB;
}

/** RMS and sample peak of the samples (full scale = 1), in dBFS, floored at LEVEL_FLOOR_DB. */
export function measureLevels(samples: Float32Array): Levels {
  let sumSquares = 0;
  let peak = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const value = samples[i]!;
    sumSquares += value * value;
    const magnitude = Math.abs(value);
    if (magnitude > peak) peak = magnitude;
  }
  const rms = samples.length > 0 ? Math.sqrt(sumSquares / samples.length) : 0;
  return { rmsDb: amplitudeToDb(rms), peakDb: amplitudeToDb(peak) };
}

/**
 * Clipping first (it ruins a take whatever the average), then silence, then too loud (RMS over the band or peaks
 * over the ceiling), too quiet (RMS under the band), else good.
 */
export function classifyLevel(rmsDb: number, peakDb: number): LevelClass {
  if (peakDb >= CLIPPING_PEAK_DB) return 'clipping';
  if (rmsDb < SILENT_RMS_DB) return 'silent';
  if (rmsDb > TARGET_RMS_DB.max || peakDb > PEAK_CEILING_DB) return 'too-loud';
  if (rmsDb < TARGET_RMS_DB.min) return 'too-quiet';
  return 'good';
}
