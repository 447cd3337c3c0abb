import { describe, expect, it } from 'vitest';
import { formatCount, formatModified } from './project-format.js';

describe('project list wording', () => {
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
