export interface WaveformPeaks {
  min: Float32Array;
  max: Float32Array;
}

/**
 * The lowest and highest sample in each of `buckets` equal slices of the audio, for drawing a waveform one
 * bucket per pixel column. With fewer samples than buckets, each bucket shows the sample under it.
 */
export function waveformPeaks(samples: Float32Array, buckets: number): WaveformPeaks {
  if (!Number.isInteger(buckets) || buckets < 1) {
    throw new RangeError(`buckets must be a whole number ≥ 1 (got ${buckets}).`);
  }
  const min = new Float32Array(buckets);
  const max = new Float32Array(buckets);
  const total = samples.length;
  if (total === 0) return { min, max };
  for (let b = 0; b < buckets; b += 1) {
    const from = Math.floor((b * total) / buckets);
    const to = Math.max(from + 1, Math.floor(((b + 1) * total) / buckets));
    let low = Infinity;
    let high = -Infinity;
    for (let i = from; i < to && i < total; i += 1) {
      const value = samples[i]!;
      if (value < low) low = value;
      if (value > high) high = value;
    }
    min[b] = low;
    max[b] = high;
  }
  return { min, max };
}
