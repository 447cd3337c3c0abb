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
});
