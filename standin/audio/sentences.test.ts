import { describe, expect, it } from 'vitest';
import { splitSentences, splitToMaxLength } from './sentences.js';

describe('splitSentences', () => {
  it('splits at terminal punctuation followed by space, at CJK terminators and at line breaks', () => {
    expect(
      splitSentences('Hello there. How are you?  Fine! Pi is 3.14 today.\nNo stop here\n你好。世界！'),
    ).toEqual([
      'Hello there.',
      'How are you?',
      'Fine!',
      'Pi is 3.14 today.',
      'No stop here',
      '你好。',
      '世界！',
    ]);
  });

  it('keeps closing quotes with their sentence and drops blank input', () => {
    expect(splitSentences('He said "stop." Then left.')).toEqual(['He said "stop."', 'Then left.']);
    expect(splitSentences('   \n  ')).toEqual([]);
  });
});

describe('splitToMaxLength', () => {
  it('cuts long pieces at commas or spaces so no piece exceeds the limit', () => {
    const pieces = splitToMaxLength('one two three four five six seven, eight nine ten eleven twelve', 20);
    expect(pieces.every((piece) => piece.length <= 20)).toBe(true);
    expect(pieces.join(' ')).toBe('one two three four five six seven, eight nine ten eleven twelve');
  });

  it('cuts hard when there is no break opportunity', () => {
    expect(splitToMaxLength('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});
