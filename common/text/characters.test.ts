import { describe, expect, it } from 'vitest';
import { codePointLength } from './characters.js';

describe('codePointLength', () => {
  it('counts an emoji or an astral Han character once, as the service does', () => {
    expect(codePointLength('a😀b')).toBe(3);
    expect(codePointLength('𠀀𠀁')).toBe(2);
    expect('𠀀𠀁'.length).toBe(4);
  });

  it('counts a lone surrogate as one character rather than dropping or merging it', () => {
    expect(codePointLength('\ud83d')).toBe(1);
    expect(codePointLength('\ude00x')).toBe(2);
    expect(codePointLength('\ud83dx')).toBe(2);
  });

  it('counts the same as iterating the string by code point', () => {
    const text = 'Hé 你好 😀👍🏽 \ud83d end';
    expect(codePointLength(text)).toBe([...text].length);
  });

  it('counts text with and without surrogates alike, however long', () => {
    const plain = 'The keeper wrote each night. '.repeat(400);
    expect(codePointLength(plain)).toBe(plain.length);
    expect(codePointLength('')).toBe(0);
    // One pair at the very end, or at the very start, of a long text still counts once.
    expect(codePointLength(`${plain}😀`)).toBe(plain.length + 1);
    expect(codePointLength(`😀${plain}`)).toBe(plain.length + 1);
    // A lone high surrogate at the end is one character.
    expect(codePointLength(`${plain}\ud83d`)).toBe(plain.length + 1);
    for (const text of [plain, `${plain}😀`, `\ud83d${plain}`, `x\ude00${plain}`]) {
      expect(codePointLength(text)).toBe([...text].length);
    }
  });
});
