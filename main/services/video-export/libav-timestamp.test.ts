import { describe, expect, it } from 'vitest';
import { fromLibavTimestamp, toLibavTimestamp } from './libav-timestamp.js';

const OPUS_RATE = 48_000;

describe('libav.js 64-bit timestamps', () => {
  it('round-trips timestamps past the 32-bit low word (13 h and 30 h of Opus at 48 kHz)', () => {
    for (const hours of [0, 1, 12, 13, 30]) {
      const ticks = hours * 3600 * OPUS_RATE + 960;
      const { pts, ptshi } = toLibavTimestamp(ticks);
      // The low word is what libav.js reads back from wasm: a signed 32-bit integer.
      expect(pts).toBe(pts | 0);
      expect(fromLibavTimestamp(pts, ptshi)).toBe(ticks);
    }
  });

  it('reads 13 h at 48 kHz from the words libav.js returns, where the low word alone wraps negative', () => {
    const ticks = 13 * 3600 * OPUS_RATE;
    const low = ticks | 0;
    expect(low).toBeLessThan(0);
    expect(fromLibavTimestamp(low, 0)).toBe(ticks);
  });

  it('keeps the first Opus packet’s pre-skip negative (−312 samples), with or without its high word', () => {
    expect(fromLibavTimestamp(-312, -1)).toBe(-312);
    expect(fromLibavTimestamp(-312, undefined)).toBe(-312);
    expect(toLibavTimestamp(-312)).toEqual({ pts: -312, ptshi: -1 });
  });
});
