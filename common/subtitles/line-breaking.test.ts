import { describe, expect, it } from 'vitest';
import { breakIntoLines } from './line-breaking.js';

describe('breakIntoLines', () => {
  it('keeps text that fits on one line on one line', () => {
    expect(breakIntoLines('A short line.', 42, 2)).toEqual(['A short line.']);
  });

  it('balances two lines within the limit', () => {
    const lines = breakIntoLines('The quick brown fox jumps over the lazy dog and runs far away', 42, 2);
    expect(lines).toEqual(['The quick brown fox jumps over', 'the lazy dog and runs far away']);
    for (const line of lines ?? []) expect(line.length).toBeLessThanOrEqual(42);
  });

  it('prefers to break after punctuation', () => {
    expect(breakIntoLines('When the rain stopped, we walked down to the harbour', 42, 2)).toEqual([
      'When the rain stopped,',
      'we walked down to the harbour',
    ]);
  });

  it('avoids ending a line on an article or a preposition', () => {
    const lines = breakIntoLines('She put the parcel on the table in the middle of the room', 42, 2) ?? [];
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toMatch(/ (the|of|in|on)$/u);
  });

  it('uses as few lines as possible, up to the maximum', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen';
    expect(breakIntoLines(text, 30, 3)).toHaveLength(3);
    expect(breakIntoLines(text, 30, 2)).toBeUndefined();
  });

  it('returns undefined when a single line is allowed and the text is longer', () => {
    expect(breakIntoLines('This does not fit in twenty', 20, 1)).toBeUndefined();
  });

  it('cuts a word longer than a line into line-sized parts', () => {
    expect(breakIntoLines('abcdefghijklmnopqrstuvwxyz', 10, 3)).toEqual([
      'abcdefghij',
      'klmnopqrst',
      'uvwxyz',
    ]);
  });
});
