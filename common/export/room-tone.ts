import { z } from 'zod';

/**
 * A room-tone bed: a steady, pink-ish noise at a fixed RMS level, laid under the whole mix so that pauses, heads and
 * tails are never digital zero (retailers such as ACX hear digital silence as a dead gap and refuse it).
 *
 * The noise is a function of the timeline frame alone (Voss–McCartney: white rows held for 1, 2, 4 … 2^11 frames,
 * each row's value a hash of the seed, the row and the frame's hold index), so a range rendered on its own — a
 * chapter file, half of a parallel render — carries exactly the samples a pass over the whole timeline would.
 */

/** Below ACX's −60 dB noise-floor limit with room to spare, above what a listener calls digital silence. */
export const DEFAULT_ROOM_TONE_DB = -70;

const ROWS = 12;
// Each row is uniform in [−1, 1] (variance 1/3); the bed sums ROWS of them plus a white row.
const UNSCALED_RMS = Math.sqrt((ROWS + 1) / 3);

export const roomToneSettingsSchema = z.object({
  /** RMS level of the bed in dBFS: quiet enough for any retailer's floor, loud enough to survive the encoder. */
  levelDb: z
    .number()
    .min(-90, 'must be ≥ -90 dBFS')
    .max(-60, 'must be ≤ -60 dBFS (no retailer takes a louder floor)'),
  /** Seed of the noise: one project's exports always carry the same bed. */
  seed: z.number().int('must be a whole number').min(0, 'must be ≥ 0'),
  /**
   * Room tone before the first sound and after the last of each file (chapter files each get their own), in ms;
   * absent: the timeline's own lead-in and ending are kept. See withRoomToneEdges.
   */
  headMs: z.number().min(0, 'must be ≥ 0 ms').max(10_000, 'must be ≤ 10000 ms').optional(),
  tailMs: z.number().min(0, 'must be ≥ 0 ms').max(10_000, 'must be ≤ 10000 ms').optional(),
  /**
   * A room-tone clip the user recorded (WAV, MP3 or FLAC), looped in place of the generated bed; main reads and
   * checks it when the export runs (room-tone-clip.ts): its RMS may be at most `maxRmsDb`, the noise-floor limit.
   */
  clip: z
    .object({
      path: z.string().min(1, 'is required'),
      maxRmsDb: z.number().min(-120, 'must be ≥ -120 dBFS').max(-20, 'must be ≤ -20 dBFS'),
    })
    .optional(),
});
export type RoomToneSettings = z.infer<typeof roomToneSettingsSchema>;

/** A uniform value in [−1, 1] from three integers (a 32-bit integer hash, after Chris Wellons' lowbias32). */
function hashUniform(seed: number, row: number, index: number): number {
  let x = (Math.imul(seed, 0x9e3779b1) ^ Math.imul(row + 1, 0x85ebca77) ^ Math.imul(index, 0xc2b2ae3d)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return (x >>> 0) / 2_147_483_647.5 - 1;
}

/** The bed's sample at a timeline frame (before scaling to the level). */
function bedSample(seed: number, frame: number): number {
  let sum = hashUniform(seed, ROWS, frame);
  for (let row = 0; row < ROWS; row += 1) sum += hashUniform(seed, row, Math.floor(frame / 2 ** row));
  return sum;
}

/**
 * Adds the bed to `frames` frames of planar audio whose first frame is timeline frame `atFrame`. Every channel
 * gets the same bed: room tone is the room of one microphone.
 */
export function addRoomTone(
  settings: RoomToneSettings,
  block: readonly Float32Array[],
  frames: number,
  atFrame: number,
): void {
  const scale = 10 ** (settings.levelDb / 20) / UNSCALED_RMS;
  for (let index = 0; index < frames; index += 1) {
    const sample = bedSample(settings.seed, atFrame + index) * scale;
    for (const channel of block) channel[index] = channel[index]! + sample;
  }
}
