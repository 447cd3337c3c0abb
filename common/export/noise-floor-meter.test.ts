import { describe, expect, it } from 'vitest';
import { NoiseFloorMeter } from './noise-floor-meter.js';

const RATE = 8000;

function constant(level: number, seconds: number): Float32Array {
  // A square wave at ±level: its RMS is exactly `level`.
  return Float32Array.from({ length: RATE * seconds }, (_, index) => (index % 2 === 0 ? level : -level));
}

function measure(chunks: Float32Array[], chunkFrames = 333) {
  const meter = new NoiseFloorMeter(RATE, 1);
  for (const chunk of chunks)
    for (let start = 0; start < chunk.length; start += chunkFrames) {
      const piece = chunk.subarray(start, start + chunkFrames);
      meter.add([piece], piece.length);
    }
  return meter.finish();
}

describe('NoiseFloorMeter', () => {
  it('reads the RMS of the quietest half second, not of the whole file', () => {
    const result = measure([constant(0.1, 2), constant(0.001, 0.6), constant(0.1, 2)]);
    expect(result.noiseFloorDb).toBeCloseTo(-60, 1);
    expect(result.longestDigitalZeroMs).toBe(0);
  });

  it('does not count a quiet stretch shorter than half a second as the floor', () => {
    const result = measure([constant(0.1, 2), constant(0.001, 0.2), constant(0.1, 2)]);
    expect(result.noiseFloorDb).toBeGreaterThan(-25);
  });

  it('reports digital zero as −Infinity and measures its longest run', () => {
    const result = measure([constant(0.1, 1), new Float32Array(RATE * 0.75), constant(0.1, 1)]);
    expect(result.noiseFloorDb).toBe(-Infinity);
    expect(result.longestDigitalZeroMs).toBe(750);
  });

  it('measures a file shorter than half a second as a whole', () => {
    expect(measure([constant(0.01, 0.25)]).noiseFloorDb).toBeCloseTo(-40, 1);
  });
});
