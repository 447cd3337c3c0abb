/**
 * Surround sound (5.1, 7.1…) folded to stereo as ffmpeg's `-ac 2` folds it (libswresample's defaults): each side
 * keeps its own channels, the centre goes into both at −3 dB, surrounds into their side at −3 dB, the LFE is
 * left out, and the whole is scaled down by the largest side's sum so nothing clips. Keeping only the first two
 * channels lost the centre, where films and recorded talks put the dialogue.
 */

const HALF_POWER = Math.SQRT1_2;

/** Each channel bit of an ffmpeg channel layout (AV_CH_*) and its share of [left, right]. */
const SHARES: ReadonlyMap<number, readonly [number, number]> = new Map([
  [0, [1, 0]], // front left
  [1, [0, 1]], // front right
  [2, [HALF_POWER, HALF_POWER]], // front centre
  [3, [0, 0]], // low-frequency effects
  [4, [HALF_POWER, 0]], // back left
  [5, [0, HALF_POWER]], // back right
  [6, [1, 0]], // front left of centre
  [7, [0, 1]], // front right of centre
  [8, [0.5, 0.5]], // back centre
  [9, [HALF_POWER, 0]], // side left
  [10, [0, HALF_POWER]], // side right
  [11, [0.5, 0.5]], // top centre
  [12, [HALF_POWER, 0]], // top front left
  [13, [0.5, 0.5]], // top front centre
  [14, [0, HALF_POWER]], // top front right
  [15, [HALF_POWER, 0]], // top back left
  [16, [0.5, 0.5]], // top back centre
  [17, [0, HALF_POWER]], // top back right
]);

/** ffmpeg's layout for a channel count when the decoder names none: 3.0, 4.0, 5.0, 5.1, 6.1, 7.1. */
const DEFAULT_LAYOUTS: ReadonlyMap<number, number> = new Map([
  [3, 0x7],
  [4, 0x107],
  [5, 0x37],
  [6, 0x3f],
  [7, 0x13f],
  [8, 0x63f],
]);

/** The set bits of a layout mask in order (the order of the channels in the frame); bits above 31 included. */
function layoutBits(mask: number): number[] {
  const bits: number[] = [];
  for (let bit = 0, rest = mask; rest >= 1; bit += 1, rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) bits.push(bit);
  }
  return bits;
}

/**
 * Each channel's [left, right] gain for a frame of `channels` channels in `layoutMask` (0 or a mask that does not
 * match the count: ffmpeg's default layout for the count). A channel of an unknown position goes into both sides
 * at half level.
 */
export function downmixGains(
  channels: number,
  layoutMask: number | undefined,
): (readonly [number, number])[] {
  const named = layoutBits(layoutMask ?? 0);
  const bits = named.length === channels ? named : layoutBits(DEFAULT_LAYOUTS.get(channels) ?? 0);
  const shares = Array.from({ length: channels }, (_, index): readonly [number, number] =>
    bits.length === channels ? (SHARES.get(bits[index]!) ?? [0.5, 0.5]) : [0.5, 0.5],
  );
  const largest = Math.max(
    shares.reduce((sum, [left]) => sum + left, 0),
    shares.reduce((sum, [, right]) => sum + right, 0),
  );
  const scale = largest > 1 ? 1 / largest : 1;
  return shares.map(([left, right]) => [left * scale, right * scale] as const);
}

/** Folds `planes` (one per channel, each `frames` long) into a left and a right plane with `gains`. */
export function downmixToStereo(
  planes: readonly ArrayLike<number>[],
  gains: readonly (readonly [number, number])[],
  frames: number,
): [Float32Array, Float32Array] {
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  planes.forEach((plane, channel) => {
    const [toLeft, toRight] = gains[channel] ?? [0, 0];
    if (toLeft === 0 && toRight === 0) return;
    for (let index = 0; index < frames; index += 1) {
      const sample = plane[index]!;
      left[index]! += sample * toLeft;
      right[index]! += sample * toRight;
    }
  });
  return [left, right];
}
