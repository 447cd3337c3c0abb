import { describe, expect, it } from 'vitest';
import { splitIntoPieces, type FitsOneCue } from './cue-pieces.js';
import { breakIntoLines } from './line-breaking.js';

const fitsTwoLinesOf42: FitsOneCue = (text) => breakIntoLines(text, 42, 2) !== undefined;

function texts(text: string, fits: FitsOneCue = fitsTwoLinesOf42): string[] {
  return splitIntoPieces(text, fits).map((piece) => piece.text);
}

describe('splitIntoPieces', () => {
  it('starts every sentence in a new piece', () => {
    expect(texts('Hello there. How are you? Fine.')).toEqual(['Hello there.', 'How are you?', 'Fine.']);
  });

  it('cuts a long sentence at clauses, grouping them into as few pieces as fit', () => {
    // 37 + 48 characters do not fit in two lines of 42, so the first clause stands alone.
    const sentence =
      'When the storm came in from the west, the fishermen pulled their boats onto the beach, ' +
      'tied down the nets, and waited in the tavern until the wind dropped.';
    expect(texts(sentence)).toEqual([
      'When the storm came in from the west,',
      'the fishermen pulled their boats onto the beach, tied down the nets,',
      'and waited in the tavern until the wind dropped.',
    ]);
  });

  it('prefers even pieces among cuttings with the same number of pieces', () => {
    // Either 'one, two,' | 'three...' or a middle cut would give two pieces; the most even wins.
    const fitsTwenty: FitsOneCue = (text) => text.length <= 20;
    expect(texts('aaaa, bbbbbbbb, cccc, dddddddd', fitsTwenty)).toEqual([
      'aaaa, bbbbbbbb,',
      'cccc, dddddddd',
    ]);
  });

  it('cuts between words when a clause alone is too long', () => {
    const clause =
      'an extraordinarily long clause without any punctuation that simply keeps going past what two lines can hold';
    const pieces = texts(clause);
    expect(pieces.length).toBe(2);
    expect(pieces.join(' ')).toBe(clause);
    for (const piece of pieces) expect(fitsTwoLinesOf42(piece)).toBe(true);
  });

  it('records where each piece sits in the text', () => {
    const text = 'First one. Second one.';
    const pieces = splitIntoPieces(text, fitsTwoLinesOf42);
    expect(pieces.map((piece) => text.slice(piece.start, piece.end))).toEqual(['First one.', 'Second one.']);
  });

  it('falls back to characters for long text without spaces', () => {
    const pieces = texts('あいうえおかきくけこさしすせそ', (text) => text.length <= 6);
    expect(pieces).toEqual(['あいうえおか', 'きくけこさし', 'すせそ']);
  });
});
