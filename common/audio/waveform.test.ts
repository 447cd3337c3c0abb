import { describe, expect, it } from 'vitest';
import { waveformPeaks } from './waveform.js';

describe('waveformPeaks', () => {
  it('gives each bucket the lowest and highest sample of its slice', () => {
    const samples = Float32Array.from([0.1, -0.2, 0.3, -0.4, 0.5, -0.6, 0.7, -0.8]);
    const { min, max } = waveformPeaks(samples, 4);
    expect(Array.from(min)).toEqual(Array.from(Float32Array.from([-0.2, -0.4, -0.6, -0.8])));
    expect(Array.from(max)).toEqual(Array.from(Float32Array.from([0.1, 0.3, 0.5, 0.7])));
  });

  it('covers every sample once when the buckets do not divide the length evenly', () => {
    const samples = Float32Array.from({ length: 1001 }, (_, i) => (i === 1000 ? 0.9 : i === 0 ? -0.9 : 0));
    const { min, max } = waveformPeaks(samples, 7);
    expect(min[0]).toBeCloseTo(-0.9);
    expect(max[6]).toBeCloseTo(0.9);
    expect(Math.max(...max.subarray(0, 6))).toBe(0);
  });

  it('shows the sample under each bucket when there are more buckets than samples', () => {
    const { min, max } = waveformPeaks(Float32Array.from([0.5, -0.5]), 4);
    expect(Array.from(max)).toEqual([0.5, 0.5, -0.5, -0.5]);
    expect(Array.from(min)).toEqual([0.5, 0.5, -0.5, -0.5]);
  });

  it('draws nothing for no samples and refuses a bucket count that is not a whole number ≥ 1', () => {
    expect(Array.from(waveformPeaks(new Float32Array(0), 3).max)).toEqual([0, 0, 0]);
    expect(() => waveformPeaks(new Float32Array(4), 0)).toThrow(
      'buckets must be a whole number ≥ 1 (got 0).',
    );
    expect(() => waveformPeaks(new Float32Array(4), 2.5)).toThrow(/buckets/);
  });
});
