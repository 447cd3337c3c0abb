import { describe, expect, it } from 'vitest';
import { formatLimit } from './project-limits.js';

describe('formatLimit', () => {
  it('groups whole numbers as en-US does, without asking Intl', () => {
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
    for (const value of values) expect(formatLimit(value), String(value)).toBe(value.toLocaleString('en-US'));
  });

  it('leaves what is not a whole number to toLocaleString', () => {
    expect(formatLimit(1234.5)).toBe('1,234.5');
    expect(formatLimit(Number.POSITIVE_INFINITY)).toBe('∞');
  });
});
