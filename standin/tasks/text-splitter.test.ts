import { describe, expect, it } from 'vitest';
import { compileContents, parseInlineSplitter, splitText } from './text-splitter.js';

const TEXT = 'First sentence here. Second one follows.\n\nA new paragraph starts. It has two sentences.';

describe('splitText', () => {
  it('makes one block per sentence in sentence mode', () => {
    expect(splitText(TEXT, 'sentence', 300)).toEqual([
      'First sentence here.',
      'Second one follows.',
      'A new paragraph starts.',
      'It has two sentences.',
    ]);
  });

  it('makes one block per paragraph, packing whole sentences when a paragraph is too long', () => {
    expect(splitText(TEXT, 'paragraph', 300)).toEqual([
      'First sentence here. Second one follows.',
      'A new paragraph starts. It has two sentences.',
    ]);
    expect(splitText(TEXT, 'paragraph', 30)).toEqual([
      'First sentence here.',
      'Second one follows.',
      'A new paragraph starts.',
      'It has two sentences.',
    ]);
  });
});

describe('parseInlineSplitter and compileContents', () => {
  it('separates rules from block defaults and compiles text blocks', () => {
    const rules = parseInlineSplitter({ mode: 'paragraph', maxLength: 100, voiceId: 'v', speechRate: 1.2 });
    expect(rules).toEqual({
      mode: 'paragraph',
      maxLength: 100,
      blockDefaults: { voiceId: 'v', speechRate: 1.2 },
    });
    expect(compileContents(TEXT, rules)).toEqual([
      { voiceId: 'v', speechRate: 1.2, type: 'text', text: 'First sentence here. Second one follows.' },
      { voiceId: 'v', speechRate: 1.2, type: 'text', text: 'A new paragraph starts. It has two sentences.' },
    ]);
  });

  it('defaults to sentences of at most 300 characters', () => {
    expect(parseInlineSplitter({ voiceId: 'v' })).toMatchObject({ mode: 'sentence', maxLength: 300 });
  });

  it('rejects bad rules naming the field', () => {
    expect(() => parseInlineSplitter('x')).toThrow(/splitter must be an object/);
    expect(() => parseInlineSplitter({ mode: 'words' })).toThrow(/splitter.mode/);
    expect(() => parseInlineSplitter({ maxLength: 5 })).toThrow(/splitter.maxLength/);
    expect(() => parseInlineSplitter({ maxLength: 50.5 })).toThrow(/splitter.maxLength/);
  });
});
