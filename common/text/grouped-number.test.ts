import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupedNumber } from './grouped-number.js';

afterEach(() => vi.restoreAllMocks());

describe('groupedNumber', () => {
  it('groups whole numbers as en-US does', () => {
    const values = [
      0,
      7,
      999,
      1_000,
      5_000,
      20_000,
      123_456,
      3_000_000,
      1_234_567_890,
      -1_500,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const value of values)
      expect(groupedNumber(value), String(value)).toBe(value.toLocaleString('en-US'));
    // The one difference: a negative zero reads as the zero it is.
    expect(groupedNumber(-0)).toBe('0');
  });

  it('asks Intl nothing for a whole number', () => {
    const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
    expect(groupedNumber(20_000)).toBe('20,000');
    expect(toLocaleString).not.toHaveBeenCalled();
  });

  it('leaves what is not a whole number to toLocaleString', () => {
    expect(groupedNumber(1234.5)).toBe('1,234.5');
    expect(groupedNumber(0.12345)).toBe('0.123');
    expect(groupedNumber(Number.POSITIVE_INFINITY)).toBe('∞');
  });
});
