import { describe, expect, it } from 'vitest';
import { asciiFrame } from './ascii-frame.js';

const isAscii = (bytes: Buffer): boolean => bytes.every((byte) => byte < 0x80);
// Typical prose: the odd non-ASCII character among plain words.
const story = 'The keeper climbed the stairs at dusk, counting each step as his father taught him. '.repeat(
  3,
);

describe('asciiFrame', () => {
  it('sends pure ASCII as its bytes', () => {
    const json = JSON.stringify({ text: 'The keeper climbed the stairs.' });
    expect(asciiFrame(json).equals(Buffer.from(json))).toBe(true);
  });

  it('escapes typography, accents, CJK and emoji so the frame is ASCII and parses to the same value', () => {
    const value = { text: '“Tiens,” dit-elle — à l’aube… 東京 🎧', note: 'naïve café', count: 3, story };
    const framed = asciiFrame(JSON.stringify(value));
    expect(isAscii(framed)).toBe(true);
    const text = framed.toString();
    expect(text).toContain('\\u201cTiens,\\u201d');
    expect(text).toContain('\\u6771\\u4eac');
    // The emoji (U+1F3A7) is a surrogate pair: each half is escaped, and JSON.parse joins them again.
    expect(text).toContain('\\ud83c\\udfa7');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('keeps escapes, quotes and line separators the JSON already had', () => {
    const value = { quoted: 'she said \\“no\\” and "yes"', line: 'a\nb\u2028c\u00a0d', story };
    expect(JSON.parse(asciiFrame(JSON.stringify(value)).toString())).toEqual(value);
  });

  it('sends text mostly beyond ASCII as UTF-8, since escaping would more than double it', () => {
    const json = JSON.stringify({ text: 'смотритель маяка писал каждую ночь о кораблях' });
    expect(asciiFrame(json).equals(Buffer.from(json))).toBe(true);
  });

  it('escapes up to the growth it allows, and no further', () => {
    // A 208-character frame holding n characters beyond ASCII: escaping adds 5 characters for each.
    const frame = (n: number): string => JSON.stringify({ t: 'a'.repeat(200 - n) + 'é'.repeat(n) });
    // At most 1.5× as long: 5n ≤ 104, so up to 20.
    expect(isAscii(asciiFrame(frame(20)))).toBe(true);
    expect(asciiFrame(frame(20)).length).toBe(208 + 5 * 20);
    expect(asciiFrame(frame(21)).equals(Buffer.from(frame(21)))).toBe(true);
  });
});
