import { describe, expect, it } from 'vitest';
import { PeakLimiter } from './peak-limiter.js';

function limit(input: Float32Array[], ceiling: number, rate = 48000, chunk = 1000): Float32Array[] {
  const limiter = new PeakLimiter(rate, input.length, ceiling);
  const frames = input[0]!.length;
  const output = input.map(() => new Float32Array(frames));
  const outputs: Float32Array[][] = [];
  for (let from = 0; from < frames; from += chunk) {
    const count = Math.min(chunk, frames - from);
    const block = input.map((channel) => Float32Array.from(channel.subarray(from, from + count)));
    limiter.process(block, count);
    outputs.push(block);
  }
  outputs.push(limiter.flush());
  // Drop the delay at the front, as the export does.
  const joined = input.map((_, c) => {
    const all = outputs.flatMap((block) => [...block[c]!]);
    return Float32Array.from(all.slice(limiter.delay, limiter.delay + frames));
  });
  joined.forEach((channel, c) => output[c]!.set(channel));
  return output;
}

function tone(rate: number, seconds: number, frequency: number, amplitude: number): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / rate),
  );
}

function truePeak(signal: Float32Array): number {
  // 8× band-limited estimate: good enough to check a ceiling to a tenth of a dB.
  let peak = 0;
  for (let i = 8; i < signal.length - 8; i += 1) {
    for (let k = 0; k < 8; k += 1) {
      const t = i + k / 8;
      let value = 0;
      for (let j = i - 7; j <= i + 8; j += 1) {
        const d = t - j;
        const sinc = d === 0 ? 1 : Math.sin(Math.PI * d) / (Math.PI * d);
        value += signal[j]! * sinc * (0.5 + 0.5 * Math.cos((Math.PI * d) / 8.5));
      }
      peak = Math.max(peak, Math.abs(value));
    }
  }
  return peak;
}

describe('PeakLimiter', () => {
  it('holds sample peaks at the ceiling and passes quiet audio unchanged, in time', () => {
    const rate = 48000;
    const loud = tone(rate, 0.5, 440, 2);
    const quiet = tone(rate, 1, 440, 0.25);
    const input = new Float32Array(loud.length + quiet.length);
    input.set(loud);
    input.set(quiet, loud.length);
    const [output] = limit([input], 0.5, rate);
    const max = output!.reduce((peak, value) => Math.max(peak, Math.abs(value)), 0);
    expect(max).toBeLessThanOrEqual(0.5 + 1e-6);
    // After the release (80 ms), the quiet part comes through at unity gain and without delay.
    const settled = loud.length + rate / 2;
    for (let i = settled; i < settled + 100; i += 1) expect(output![i]).toBeCloseTo(input[i]!, 3);
  });

  it('keeps peaks between samples near the ceiling (true-peak-ish)', () => {
    // A tone near a quarter of the sample rate, phased so its crests fall between samples.
    const rate = 44100;
    const input = Float32Array.from(
      { length: rate },
      (_, i) => 1.5 * Math.sin((2 * Math.PI * 11025 * i) / rate + Math.PI / 4),
    );
    const [output] = limit([input], 0.7, rate);
    const ceilingDb = 20 * Math.log10(0.7);
    expect(20 * Math.log10(truePeak(output!))).toBeLessThan(ceilingDb + 0.3);
  });

  it('limits both channels together, keeping the stereo image', () => {
    const rate = 48000;
    const left = tone(rate, 0.3, 300, 1.6);
    const right = tone(rate, 0.3, 300, 0.4);
    const [outLeft, outRight] = limit([left, right], 0.8, rate);
    const middle = Math.floor(rate * 0.2);
    for (let i = middle; i < middle + 200; i += 1) {
      if (Math.abs(outLeft![i]!) > 0.05) expect(outRight![i]! / outLeft![i]!).toBeCloseTo(0.25, 3);
    }
  });
});
