import { describe, expect, it } from 'vitest';
import { sentenceBreaks } from '../text/index.js';
import {
  displayLength,
  findBreakPoints,
  findWordGaps,
  normaliseSubtitleText,
  spokenWeight,
} from './text-segmentation.js';

function breaks(text: string): string[] {
  return findBreakPoints(text).map((point) => `${point.strength}@${text.slice(0, point.position)}`);
}

describe('normaliseSubtitleText', () => {
  it('collapses whitespace and line breaks and trims', () => {
    expect(normaliseSubtitleText('  Hello,\n\n  world.\t ')).toBe('Hello, world.');
  });
});

describe('findBreakPoints', () => {
  it('finds sentence ends and clause marks just after the punctuation', () => {
    expect(breaks('One, two; three: four. Five! Six? Seven')).toEqual([
      'clause@One,',
      'clause@One, two;',
      'clause@One, two; three:',
      'sentence@One, two; three: four.',
      'sentence@One, two; three: four. Five!',
      'sentence@One, two; three: four. Five! Six?',
    ]);
  });

  it('does not end a sentence at abbreviations, initials, decimals or the end of the text', () => {
    expect(breaks('Dr. Smith met J. K. Rowling at 3.5 p.m. on Monday. Fine.')).toEqual([
      'sentence@Dr. Smith met J. K. Rowling at 3.5 p.m. on Monday.',
    ]);
  });

  it('keeps closing quotes with the sentence they end', () => {
    expect(breaks('He said "stop." Then he left.')).toEqual(['sentence@He said "stop."']);
  });

  it('does not end a sentence before a lowercase word', () => {
    expect(breaks('Use approx. ten grams of salt. Then stir.')).toEqual([
      'sentence@Use approx. ten grams of salt.',
    ]);
    expect(breaks('It cost 5 pounds. a lot')).toEqual([]);
  });

  it('breaks East Asian text at its punctuation without spaces', () => {
    expect(breaks('你好。今天很好，我们走吧！')).toEqual(['sentence@你好。', 'clause@你好。今天很好，']);
  });

  it('cuts before a spaced dash, as the script importer does, and never inside a dashed or hyphenated word', () => {
    expect(breaks('We waited — long — and then a well-known face appeared')).toEqual([
      'clause@We waited',
      'clause@We waited — long',
    ]);
    expect(breaks('Wait—listen')).toEqual([]);
  });

  it('ends sentences exactly where the script importer does', () => {
    const text = 'See No. 5 by Gen. Lee, e.g. the U.S. edition. “Really?” she asked. Go on… The end';
    const sentenceEnds = findBreakPoints(text)
      .filter((point) => point.strength === 'sentence')
      .map((point) => point.position);
    expect(sentenceEnds).toEqual(sentenceBreaks(text));
    expect(sentenceEnds.map((position) => text.slice(0, position))).toEqual([
      'See No. 5 by Gen. Lee, e.g. the U.S. edition.',
      'See No. 5 by Gen. Lee, e.g. the U.S. edition. “Really?” she asked.',
      'See No. 5 by Gen. Lee, e.g. the U.S. edition. “Really?” she asked. Go on…',
    ]);
  });
});

describe('text measures', () => {
  it('counts only letters and digits as spoken weight', () => {
    expect(spokenWeight('Hi, there! 42 — ok?')).toBe(11);
    expect(spokenWeight('... — !')).toBe(0);
  });

  it('measures display length in characters, not UTF-16 units', () => {
    expect(displayLength('😀 ok')).toBe(4);
  });

  it('lists the spaces between words', () => {
    expect(findWordGaps('a bc d')).toEqual([1, 4]);
  });
});
