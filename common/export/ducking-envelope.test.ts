import { describe, expect, it } from 'vitest';
import { fillDuckingGain, mergeSpans } from './ducking-envelope.js';
import { dbToGain } from './gain-envelope.js';

const rate = 1000;
const settings = { enabled: true, reductionDb: 12, attackMs: 100, releaseMs: 200 };

function envelope(
  spans: { startFrame: number; endFrame: number }[],
  from: number,
  length: number,
  s = settings,
): Float32Array {
  const out = new Float32Array(length);
  fillDuckingGain(mergeSpans(spans), s, rate, from, out);
  return out;
}

describe('mergeSpans', () => {
  it('sorts, merges overlapping spans and drops empty ones', () => {
    expect(
      mergeSpans([
        { startFrame: 50, endFrame: 60 },
        { startFrame: 0, endFrame: 10 },
        { startFrame: 5, endFrame: 20 },
        { startFrame: 30, endFrame: 30 },
      ]),
    ).toEqual([
      { startFrame: 0, endFrame: 20 },
      { startFrame: 50, endFrame: 60 },
    ]);
  });
});

describe('fillDuckingGain', () => {
  const spans = [{ startFrame: 1000, endFrame: 2000 }];

  it('is unity far from speech and fully ducked during it', () => {
    const out = envelope(spans, 0, 3000);
    expect(out[0]).toBe(1);
    expect(out[850]).toBe(1);
    expect(out[1000]).toBeCloseTo(dbToGain(-12), 6);
    expect(out[1999]).toBeCloseTo(dbToGain(-12), 6);
    expect(out[2300]).toBe(1);
  });

  it('ramps down over the attack before speech and up over the release after, linearly in dB', () => {
    const out = envelope(spans, 0, 3000);
    const db = (gain: number): number => 20 * Math.log10(gain);
    expect(db(out[949]!)).toBeCloseTo(-12 * (1 - 51 / 101), 3);
    expect(db(out[2099]!)).toBeCloseTo(-12 * (1 - 100 / 201), 3);
    for (let frame = 901; frame < 1000; frame += 1) expect(out[frame]!).toBeLessThan(out[frame - 1]!);
    for (let frame = 2001; frame < 2200; frame += 1) expect(out[frame]!).toBeGreaterThan(out[frame - 1]!);
  });

  it('keeps the deeper duck where ramps of close spans meet (no pumping in short gaps)', () => {
    const out = envelope([...spans, { startFrame: 2150, endFrame: 2500 }], 0, 3000);
    const alone = envelope(spans, 0, 3000);
    expect(out[2100]!).toBeLessThanOrEqual(alone[2100]!);
    for (let frame = 2000; frame < 2150; frame += 1) expect(out[frame]!).toBeLessThan(dbToGain(-4));
  });

  it('gives the same values for any window (chunked rendering)', () => {
    const whole = envelope(spans, 0, 3000);
    for (const [from, length] of [
      [900, 50],
      [950, 100],
      [1990, 300],
    ] as const) {
      const part = envelope(spans, from, length);
      for (let index = 0; index < length; index += 1)
        expect(part[index]).toBeCloseTo(whole[from + index]!, 6);
    }
  });

  it('does nothing when disabled', () => {
    const out = envelope(spans, 0, 3000, { ...settings, enabled: false });
    expect(out.every((value) => value === 1)).toBe(true);
  });
});
