/** Signal-to-noise ratio of interleaved `actual` against `source` over frames [from, to), in dB. */
export function snrDb(
  actual: Float32Array,
  source: Float32Array,
  channels: number,
  from: number,
  to: number,
): number {
  let signal = 0;
  let noise = 0;
  for (let index = from * channels; index < to * channels; index += 1) {
    const reference = source[index]!;
    const difference = actual[index]! - reference;
    signal += reference * reference;
    noise += difference * difference;
  }
  return 10 * Math.log10(signal / noise);
}

/** The largest jump between consecutive samples of one channel of interleaved `samples` over frames [from, to). */
export function largestJump(samples: Float32Array, channels: number, from: number, to: number): number {
  let largest = 0;
  for (let frame = Math.max(1, from); frame < to; frame += 1) {
    for (let channel = 0; channel < channels; channel += 1) {
      const jump = Math.abs(
        samples[frame * channels + channel]! - samples[(frame - 1) * channels + channel]!,
      );
      largest = Math.max(largest, jump);
    }
  }
  return largest;
}
