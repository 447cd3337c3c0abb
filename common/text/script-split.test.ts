import { describe, expect, it } from 'vitest';
import englishNarration from './fixtures/english-narration.txt?raw';
import longParagraph from './fixtures/long-paragraph.txt?raw';
import windowsScript from './fixtures/windows-script.txt?raw';
import { codePointLength } from './characters.js';
import { normaliseScript, splitParagraphs } from './paragraphs.js';
import { DEFAULT_MAX_BLOCK_LENGTH, splitScript } from './script-split.js';

describe('splitParagraphs', () => {
  it('separates paragraphs at blank lines and joins soft-wrapped lines with a space', () => {
    expect(splitParagraphs('First line\nwraps here.\n\n\nSecond   paragraph.\n')).toEqual([
      'First line wraps here.',
      'Second paragraph.',
    ]);
  });

  it('joins wrapped CJK lines without a space', () => {
    expect(splitParagraphs('春天来了，\n桃花开了。')).toEqual(['春天来了，桃花开了。']);
  });

  it('starts a paragraph at each list item', () => {
    expect(splitParagraphs('Steps:\n1. Open.\n2) Close.\n- Done\n• Bullet')).toEqual([
      'Steps:',
      '1. Open.',
      '2) Close.',
      '- Done',
      '• Bullet',
    ]);
  });

  it("reads a Windows file's BOM and CRLF line ends, one utterance per line in 'lines' mode", () => {
    expect(windowsScript.charCodeAt(0)).toBe(0xfeff);
    expect(splitParagraphs(windowsScript, 'lines')).toEqual([
      'NARRATOR: Welcome back to the show.',
      'HOST: Thanks, it is great to be here.',
      'GUEST: Let us begin with the news.',
    ]);
    expect(splitParagraphs(windowsScript)).toEqual([
      'NARRATOR: Welcome back to the show. HOST: Thanks, it is great to be here.',
      'GUEST: Let us begin with the news.',
    ]);
  });

  it('normalises odd spaces and removes zero-width characters', () => {
    expect(normaliseScript('\uFEFFa\u00A0b\u200Bc\td\r\ne\rf')).toBe('a bc d\ne\nf');
  });
});

describe('splitScript', () => {
  it('makes one block per paragraph by default', () => {
    const blocks = splitScript(englishNarration);
    expect(blocks).toHaveLength(9);
    expect(blocks[0]).toBe('Chapter One: The Lighthouse');
    expect(blocks[5]).toBe('1. The lamp room at the top of the tower.');
    expect(blocks.at(-1)).toBe('By the time the sun was high, she had found the answer… or so she thought.');
  });

  it('makes one block per sentence when asked', () => {
    const blocks = splitScript(englishNarration, { splitSentences: true });
    expect(blocks).toHaveLength(19);
    expect(blocks[4]).toBe('"Is anyone here?" she called.');
  });

  it('applies the maximum length to paragraphs and to sentences', () => {
    const byParagraph = splitScript(longParagraph, { maxLength: 200 });
    const bySentence = splitScript(longParagraph, { maxLength: 200, splitSentences: true });
    for (const blocks of [byParagraph, bySentence]) {
      expect(blocks.length).toBeGreaterThan(10);
      const overlong = blocks.filter((block) => codePointLength(block) > 200);
      expect(overlong).toEqual([]);
    }
    const defaultBlocks = splitScript(longParagraph);
    expect(defaultBlocks.every((block) => codePointLength(block) <= DEFAULT_MAX_BLOCK_LENGTH)).toBe(true);
    expect(defaultBlocks.join(' ')).toBe(longParagraph.trim());
  });

  it('returns nothing for an empty script', () => {
    expect(splitScript('\n\n  \n')).toEqual([]);
  });

  it('refuses a maximum length outside 20 to 10,000', () => {
    expect(() => splitScript('text', { maxLength: 5 })).toThrow(/maxLength must be a whole number from 20/);
    expect(() => splitScript('text', { maxLength: 20_000 })).toThrow(/maxLength/);
  });
});
