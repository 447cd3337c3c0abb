import { describe, expect, it } from 'vitest';
import chineseArticle from './fixtures/chinese-article.txt?raw';
import longParagraph from './fixtures/long-paragraph.txt?raw';
import { codePointLength } from './characters.js';
import { splitToMaxLength } from './max-length.js';

/** The words of a text, for checking that splitting neither loses, adds nor cuts any. */
const words = (text: string): string[] => text.split(/\s+/u).filter((word) => word !== '');

describe('splitToMaxLength', () => {
  it('leaves text within the limit whole', () => {
    expect(splitToMaxLength('  Short enough.  ', 50)).toEqual(['Short enough.']);
  });

  it('packs whole sentences greedily before cutting any sentence', () => {
    expect(splitToMaxLength('One two. Three four. Five six. Seven.', 20)).toEqual([
      'One two. Three four.',
      'Five six. Seven.',
    ]);
  });

  it('cuts a long sentence at clause marks before words', () => {
    expect(
      splitToMaxLength('We walked to the shore, where the boats lay; then we rested: nobody spoke.', 30),
    ).toEqual(['We walked to the shore,', 'where the boats lay;', 'then we rested: nobody spoke.']);
  });

  it('does not treat thousands separators or clock times as clause ends', () => {
    expect(splitToMaxLength('It cost 1,000,000 dollars at 10:30 sharp and more', 30)).toEqual([
      'It cost 1,000,000 dollars at',
      '10:30 sharp and more',
    ]);
  });

  it('falls back to word boundaries and never cuts a word', () => {
    const text = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda';
    const pieces = splitToMaxLength(text, 16);
    expect(pieces).toEqual(['alpha beta gamma', 'delta epsilon', 'zeta eta theta', 'iota kappa', 'lambda']);
  });

  it('keeps a word longer than the limit whole, on its own', () => {
    expect(splitToMaxLength('see https://example.com/a/very/long/path/indeed now', 20)).toEqual([
      'see',
      'https://example.com/a/very/long/path/indeed',
      'now',
    ]);
  });

  it('splits the long fixture paragraph within the limit, losing and cutting no word', () => {
    for (const maxLength of [80, 150, 300, 700]) {
      const pieces = splitToMaxLength(longParagraph, maxLength);
      const overlong = pieces.filter((piece) => codePointLength(piece) > maxLength);
      // Only the fixture's one unbreakable 93-letter word may exceed a limit, and only as a piece by itself.
      for (const piece of overlong) expect(words(piece)).toHaveLength(1);
      expect(pieces.flatMap(words)).toEqual(words(longParagraph));
    }
    const at300 = splitToMaxLength(longParagraph, 300);
    expect(at300).toHaveLength(10);
    // Whole sentences come first: the second sentence fits and is kept as one piece.
    expect(at300[1]).toBe(
      'it was only in 1877 that Thomas Edison, working on a way to record telegraph messages, found that a needle pressed into tinfoil on a turning cylinder could both cut and replay a voice, and the first words he recorded, a nursery rhyme about a lamb, astonished everyone who heard them.',
    );
  });

  it('splits CJK text at sentence ends, then at ，、, then between characters', () => {
    const firstParagraph = chineseArticle.split('\n')[0]!;
    expect(splitToMaxLength(firstParagraph, 20)).toEqual([
      '春天来了，山上的桃花都开了。',
      '村里的孩子们一放学就跑到山坡上玩耍！',
      '他们在花树下追逐、嬉戏，笑声传得很远。',
    ]);
    expect(splitToMaxLength('他们在花树下追逐、嬉戏，笑声传得很远。', 9)).toEqual([
      '他们在花树下追逐、',
      '嬉戏，',
      '笑声传得很远。',
    ]);
    // The over-long clause is cut on its own; its tail is not glued to the next clause, so every piece still
    // starts where a clause starts or where the cut had to be.
    expect(splitToMaxLength('他们在花树下追逐、嬉戏。', 6)).toEqual(['他们在花树下', '追逐、', '嬉戏。']);
    const characters = splitToMaxLength('一二三四五六七八九十', 4);
    expect(characters).toEqual(['一二三四', '五六七八', '九十']);
  });

  it('never starts a CJK piece with a full stop or closing bracket', () => {
    const pieces = splitToMaxLength('这是一个非常非常长的句子没有任何标点符号直到最后才结束。」', 5);
    for (const piece of pieces.slice(1)) expect(piece[0]).not.toMatch(/[。」，]/u);
    expect(pieces.join('')).toBe('这是一个非常非常长的句子没有任何标点符号直到最后才结束。」');
  });

  it('counts characters as code points and never cuts a surrogate pair', () => {
    const text = '𠀀𠀁𠀂𠀃𠀄𠀅';
    const pieces = splitToMaxLength(text, 4);
    expect(pieces).toEqual(['𠀀𠀁𠀂𠀃', '𠀄𠀅']);
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => splitToMaxLength('text', 0)).toThrow(/maxLength must be a whole number/);
    expect(() => splitToMaxLength('text', 2.5)).toThrow(/maxLength/);
  });
});
