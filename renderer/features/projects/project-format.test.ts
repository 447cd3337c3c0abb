import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatModified } from './project-format.js';

describe('project list wording', () => {
  it('writes durations as a clock, rounded to the second, with ≈ for estimates', () => {
    expect(formatDuration(0, false)).toBe('0:00');
    expect(formatDuration(44_600, false)).toBe('0:45');
    expect(formatDuration(725_000, true)).toBe('≈ 12:05');
    expect(formatDuration(3_723_000, false)).toBe('1:02:03');
    expect(formatDuration(-5, true)).toBe('≈ 0:00');
  });

  it('groups digits and uses the singular for one', () => {
    expect(formatCount(1, 'block', 'blocks', 'en-US')).toBe('1 block');
    expect(formatCount(0, 'block', 'blocks', 'en-US')).toBe('0 blocks');
    expect(formatCount(12_345, 'character', 'characters', 'en-US')).toBe('12,345 characters');
  });

  it('writes the modification time to the minute, and passes through what is not a date', () => {
    expect(formatModified('2025-03-04T05:06:07.000Z', 'en-GB')).toMatch(/4 Mar 2025, \d{2}:06/);
    expect(formatModified('yesterday', 'en-GB')).toBe('yesterday');
  });
});
