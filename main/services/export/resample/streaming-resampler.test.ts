import { describe, expect, it } from 'vitest';
import { designPolyphaseTable } from './sinc-filter-design.js';
import { StreamingResampler } from './streaming-resampler.js';

function resampleAll(
  input: Float32Array,
  from: number,
  to: number,
  chunk: number,
  forceScalar = false,
): Float32Array {
  const resampler = new StreamingResampler(from, to, 1, { forceScalar });
  const parts: Float32Array[] = [];
  for (let offset = 0; offset < input.length; offset += chunk) {
    const count = Math.min(chunk, input.length - offset);
    parts.push(Float32Array.from(resampler.process([input.subarray(offset, offset + count)], count)[0]!));
  }
  parts.push(Float32Array.from(resampler.flush()[0]!));
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function sine(rate: number, seconds: number, frequency: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / rate),
  );
}

/** Amplitude of `frequency` in `signal` (a single-bin DFT over the middle of the signal, away from the edges). */
function amplitudeAt(signal: Float32Array, rate: number, frequency: number): number {
  const start = Math.floor(signal.length / 4);
  const length = Math.floor(signal.length / 2);
  let re = 0;
  let im = 0;
  for (let i = 0; i < length; i += 1) {
    const angle = (2 * Math.PI * frequency * (start + i)) / rate;
    re += signal[start + i]! * Math.cos(angle);
    im += signal[start + i]! * Math.sin(angle);
  }
  return (2 * Math.hypot(re, im)) / length;
}

describe('designPolyphaseTable', () => {
  it('reduces the ratio and gives every phase row a gain of exactly 1', () => {
    const table = designPolyphaseTable(24000, 44100);
    expect([table.phases, table.step]).toEqual([147, 80]);
    expect(table.taps % 4).toBe(0);
    for (let row = 0; row < table.rowCount; row += 1) {
      const sum = table.coefficients
        .subarray(row * table.taps, (row + 1) * table.taps)
        .reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(1, 5);
    }
  });

  it('rounds phases to a grid for ratios with very many phases', () => {
    const table = designPolyphaseTable(44101, 48000);
    expect(table.rounded).toBe(true);
    expect(table.rowCount).toBe(4097);
  });
});

describe('StreamingResampler', () => {
  it('produces ceil(n · to / from) frames, whatever the chunk size', () => {
    const input = sine(24000, 1.001, 440);
    const expected = Math.ceil((input.length * 44100) / 24000);
    const reference = resampleAll(input, 24000, 44100, 100_000);
    expect(reference.length).toBe(expected);
    for (const chunk of [1, 37, 4096]) {
      const chunked = resampleAll(input, 24000, 44100, chunk);
      expect(chunked.length).toBe(expected);
      let max = 0;
      for (let i = 0; i < expected; i += 1) max = Math.max(max, Math.abs(chunked[i]! - reference[i]!));
      expect(max).toBeLessThan(1e-6);
    }
  });

  it('keeps a tone at its amplitude and frequency, aligned with the input (no delay)', () => {
    for (const [from, to] of [
      [24000, 44100],
      [44100, 48000],
      [48000, 44100],
      [22050, 44100],
    ] as const) {
      const output = resampleAll(sine(from, 1, 1000), from, to, 8192);
      expect(amplitudeAt(output, to, 1000)).toBeCloseTo(0.5, 2);
      // Zero phase: sample n of the output is the sine at time n / to.
      const middle = Math.floor(output.length / 2);
      expect(output[middle]!).toBeCloseTo(0.5 * Math.sin((2 * Math.PI * 1000 * middle) / to), 2);
    }
  });

  it('removes what does not fit below the new Nyquist frequency when downsampling', () => {
    // 20 kHz cannot exist at 32 kHz (Nyquist 16 kHz): it must not fold back to 12 kHz.
    const output = resampleAll(sine(48000, 1, 20000), 48000, 32000, 8192);
    expect(amplitudeAt(output, 32000, 12000)).toBeLessThan(0.5 * 10 ** (-60 / 20));
  });

  it('suppresses the images of upsampling', () => {
    // A 9 kHz tone at 24 kHz has its first image at 15 kHz once upsampled.
    const output = resampleAll(sine(24000, 1, 9000), 24000, 44100, 8192);
    expect(amplitudeAt(output, 44100, 9000)).toBeGreaterThan(0.45);
    expect(amplitudeAt(output, 44100, 15000)).toBeLessThan(0.5 * 10 ** (-60 / 20));
  });

  it('gives the same result with the SIMD kernel as with the JavaScript loop', () => {
    const input = sine(24000, 0.5, 700);
    const simd = resampleAll(input, 24000, 44100, 5000);
    const scalar = resampleAll(input, 24000, 44100, 5000, true);
    expect(simd.length).toBe(scalar.length);
    let max = 0;
    for (let i = 0; i < simd.length; i += 1) max = Math.max(max, Math.abs(simd[i]! - scalar[i]!));
    expect(max).toBeLessThan(1e-6);
  });

  it('starts cleanly after reset()', () => {
    const resampler = new StreamingResampler(24000, 48000, 1);
    const input = sine(24000, 0.1, 300);
    const first = Float32Array.from(resampler.process([input], input.length)[0]!);
    resampler.flush();
    resampler.reset();
    const second = Float32Array.from(resampler.process([input], input.length)[0]!);
    expect([...second]).toEqual([...first]);
  });
});
