import { describe, expect, it } from 'vitest';
import { clipFrames, dbToGain, fillClipGain, gainToDb, isSteady } from './gain-envelope.js';

const rate = 1000;

describe('gain conversions', () => {
  it('converts dB and linear gain both ways', () => {
    expect(dbToGain(0)).toBe(1);
    expect(dbToGain(-6)).toBeCloseTo(0.501187, 6);
    expect(gainToDb(dbToGain(-13.5))).toBeCloseTo(-13.5, 9);
  });
});

describe('fillClipGain', () => {
  const frames = clipFrames({ durationMs: 100, fadeInMs: 10, fadeOutMs: 20, gainDb: -6 }, rate);

  it('ramps linearly in, holds the volume, ramps linearly out to the last frame', () => {
    const out = new Float32Array(100);
    fillClipGain(frames, 0, out);
    const gain = dbToGain(-6);
    expect(out[0]).toBe(0);
    expect(out[5]).toBeCloseTo(gain * 0.5, 6);
    expect(out[10]).toBeCloseTo(gain, 6);
    expect(out[79]).toBeCloseTo(gain, 6);
    expect(out[80]).toBeCloseTo(gain, 6);
    expect(out[90]).toBeCloseTo(gain * 0.5, 6);
    expect(out[99]).toBeCloseTo(gain * 0.05, 6);
  });

  it('gives the same values for any window of the clip (chunked rendering)', () => {
    const whole = new Float32Array(100);
    fillClipGain(frames, 0, whole);
    const pieces = new Float32Array(100);
    for (let from = 0; from < 100; from += 7) {
      const part = new Float32Array(Math.min(7, 100 - from));
      fillClipGain(frames, from, part);
      pieces.set(part, from);
    }
    expect([...pieces]).toEqual([...whole]);
  });

  it('is silent outside the clip', () => {
    const out = new Float32Array(10);
    fillClipGain(frames, -5, out);
    expect([...out.subarray(0, 5)]).toEqual([0, 0, 0, 0, 0]);
    fillClipGain(frames, 98, out);
    expect([...out.subarray(2)]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('multiplies fades that overlap in a short clip', () => {
    const short = clipFrames({ durationMs: 10, fadeInMs: 10, fadeOutMs: 10, gainDb: 0 }, rate);
    const out = new Float32Array(10);
    fillClipGain(short, 0, out);
    expect(out[5]).toBeCloseTo(0.5 * 0.5, 6);
  });
});

describe('isSteady', () => {
  it('is true only between the fades', () => {
    const frames = clipFrames({ durationMs: 100, fadeInMs: 10, fadeOutMs: 20, gainDb: 0 }, rate);
    expect(isSteady(frames, 10, 70)).toBe(true);
    expect(isSteady(frames, 9, 10)).toBe(false);
    expect(isSteady(frames, 70, 11)).toBe(false);
  });
});
