import { ffmpeg } from '../../export/test-support/media-tools.js';

/** The sweep's rate and length: long enough (≥ 2 min) to be encoded in two lanes. */
export const SWEEP_RATE = 44_100;
export const SWEEP_SECONDS = 130;

/**
 * The two-lane AAC tests' mix (the M4B's aac-encode.ts, the video's aac-lanes.ts), written by ffmpeg as a 16-bit
 * WAV: a slow sweep through the middle, where the lanes meet, and a tone, so a seam would show in either. Mono
 * sums them; stereo puts the sweep left and the tone right.
 */
export async function writeSweepMix(wavPath: string, channels: 1 | 2): Promise<void> {
  const sweep = '0.3*sin(2*PI*(200+10*t)*t)';
  const tone = '0.2*sin(2*PI*330*t)';
  const expression = channels === 1 ? `${sweep}+${tone}` : `${sweep}|${tone}`;
  await ffmpeg([
    ...['-v', 'error', '-f', 'lavfi', '-i', `aevalsrc=${expression}:s=${SWEEP_RATE}:d=${SWEEP_SECONDS}`],
    ...['-c:a', 'pcm_s16le', wavPath],
  ]);
}

/** Signal-to-error ratio in dB of `actual` against `reference` over [from, to). */
export function snrDb(actual: Float32Array, reference: Float32Array, from: number, to: number): number {
  let signal = 0;
  let error = 0;
  for (let index = from; index < to; index += 1) {
    signal += reference[index]! ** 2;
    error += (actual[index]! - reference[index]!) ** 2;
  }
  return 10 * Math.log10(signal / Math.max(error, Number.MIN_VALUE));
}

/**
 * The decoded sweep against its source: the whole (its first and last second left out), 4,096 frames either side
 * of the lanes' split, and the second-long stretches a second before and after it.
 */
export function sweepSnr(
  decoded: Float32Array,
  reference: Float32Array,
): { whole: number; seam: number; before: number; after: number } {
  const total = SWEEP_SECONDS * SWEEP_RATE;
  const split = Math.round(total / 2 / 1024) * 1024;
  return {
    whole: snrDb(decoded, reference, SWEEP_RATE, total - SWEEP_RATE),
    seam: snrDb(decoded, reference, split - 4096, split + 4096),
    before: snrDb(decoded, reference, split - 2 * SWEEP_RATE, split - SWEEP_RATE),
    after: snrDb(decoded, reference, split + SWEEP_RATE, split + 2 * SWEEP_RATE),
  };
}
