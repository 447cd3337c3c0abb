import { describe, expect, it } from 'vitest';
import { formatModified } from './project-format.js';

describe('project list wording', () => {
  it('writes the modification time to the minute, and passes through what is not a date', () => {
    expect(formatModified('2025-03-04T05:06:07.000Z', 'en-GB')).toMatch(/4 Mar 2025, \d{2}:06/);
    expect(formatModified('yesterday', 'en-GB')).toBe('yesterday');
  });
});
