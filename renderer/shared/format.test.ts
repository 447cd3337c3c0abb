import { describe, expect, it } from 'vitest';
import { formatClock, formatCount, formatCountOf } from './format.js';

describe('formatClock', () => {
  it('writes m:ss, then h:mm:ss from an hour', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(725_000)).toBe('12:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
    // 75 minutes: an hour and a quarter, not "75:00" (as the export dialog and the Play button used to say).
    expect(formatClock(75 * 60_000)).toBe('1:15:00');
  });

  it('counts a position down to the second, a length to the nearest one', () => {
    expect(formatClock(9_990)).toBe('0:09');
    expect(formatClock(44_600)).toBe('0:44');
    expect(formatClock(44_600, { rounding: 'nearest' })).toBe('0:45');
    expect(formatClock(3_599_600, { rounding: 'nearest' })).toBe('1:00:00');
  });

  it('adds milliseconds when asked (a dragged line’s start)', () => {
    expect(formatClock(8_005, { millis: true })).toBe('0:08.005');
    expect(formatClock(3_725_960, { millis: true })).toBe('1:02:05.960');
  });

  it('adds tenths when asked', () => {
    expect(formatClock(1_250, { tenths: true })).toBe('0:01.2');
    expect(formatClock(3_725_960, { tenths: true })).toBe('1:02:05.9');
  });

  it('reads 0:00 below zero or for what is not a number', () => {
    expect(formatClock(-5, { rounding: 'nearest' })).toBe('0:00');
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('formatCount', () => {
  it('groups digits', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(12_345)).toBe('12,345');
  });

  it('names what is counted, in the singular for one', () => {
    expect(formatCountOf(1, 'block', 'blocks')).toBe('1 block');
    expect(formatCountOf(0, 'block', 'blocks')).toBe('0 blocks');
    expect(formatCountOf(12_345, 'character', 'characters')).toBe('12,345 characters');
  });
});
