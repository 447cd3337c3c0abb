import { describe, expect, it } from 'vitest';
import { splitScript } from '../../../common/text/index.js';
import {
  parseMaxLength,
  previewScriptText,
  splitOptionsOf,
  suggestTitle,
  titleFromFileName,
} from './import-form.js';

const script = [
  'The lighthouse keeper woke before dawn. He climbed the stairs. The lamp was still warm!',
  '',
  'Below, the sea was grey and patient. Gulls argued over the harbour.',
  '',
  'Nobody came that day. Or the next.',
].join('\n');

describe('parseMaxLength', () => {
  it('accepts a whole number within the limits main applies', () => {
    expect(parseMaxLength('500')).toEqual({ ok: true, value: 500 });
    expect(parseMaxLength(' 20 ')).toEqual({ ok: true, value: 20 });
    expect(parseMaxLength('10000')).toEqual({ ok: true, value: 10_000 });
  });

  it('names the rule that is broken', () => {
    expect(parseMaxLength('')).toEqual({ ok: false, message: 'Max characters per block is required.' });
    expect(parseMaxLength('19')).toEqual({
      ok: false,
      message: 'Max characters per block must be at least 20 characters.',
    });
    expect(parseMaxLength('10001')).toEqual({
      ok: false,
      message: 'Max characters per block must be at most 10000 characters.',
    });
    expect(parseMaxLength('250.5')).toEqual({
      ok: false,
      message: 'Max characters per block must be a whole number of characters.',
    });
    expect(parseMaxLength('lots')).toEqual({
      ok: false,
      message: 'Max characters per block must be a number of characters.',
    });
  });
});

describe('previewScriptText', () => {
  const plain = { speakerLabels: false, quotedDialogue: false };
  const preview = (options: Parameters<typeof previewScriptText>[2], shown?: number) => {
    const result = previewScriptText(script, 'text', options, plain, shown);
    if (!result.ok) throw new Error(result.message);
    return result.preview;
  };

  it('counts the blocks splitScript makes, the same function main runs on import', () => {
    const byParagraph = { paragraphs: 'blank-lines', splitSentences: false, maxLength: 500 } as const;
    const bySentence = { ...byParagraph, splitSentences: true };
    expect(preview(byParagraph).blockCount).toBe(3);
    expect(preview(bySentence).blockCount).toBe(splitScript(script, bySentence).length);
    expect(preview(bySentence).blockCount).toBe(7);
  });

  it('shows the first blocks, the total characters and the longest block', () => {
    const shown = preview({ splitSentences: true, maxLength: 500 }, 2);
    expect(shown.firstBlocks.map((block) => block.text)).toEqual([
      'The lighthouse keeper woke before dawn.',
      'He climbed the stairs.',
    ]);
    expect(shown.longestBlock).toBe('The lighthouse keeper woke before dawn.'.length);
    expect(shown.characters).toBe(
      splitScript(script, { splitSentences: true }).reduce((sum, text) => sum + text.length, 0),
    );
  });

  it('cuts long paragraphs at the max length', () => {
    const shown = preview({ maxLength: 40 });
    expect(shown.longestBlock).toBeLessThanOrEqual(40);
    expect(shown.blockCount).toBeGreaterThan(3);
  });

  it('finds speakers from labels, and explains a CSV it cannot read', () => {
    const labelled = previewScriptText(
      'ALICE: Hi.\nBOB: Hello.',
      'text',
      { paragraphs: 'lines' },
      { speakerLabels: true, quotedDialogue: false },
    );
    expect(labelled.ok && labelled.preview.speakers.map((speaker) => speaker.name)).toEqual(['Alice', 'Bob']);
    expect(previewScriptText('one column\n', 'csv', {}, plain)).toEqual({
      ok: false,
      message: expect.stringMatching(/needs the columns speaker and text/u),
    });
  });
});

describe('splitOptionsOf', () => {
  it('gives the options to send, or nothing while the max length is invalid', () => {
    expect(splitOptionsOf({ paragraphs: 'lines', splitSentences: true, maxLength: '300' })).toEqual({
      paragraphs: 'lines',
      splitSentences: true,
      maxLength: 300,
    });
    expect(splitOptionsOf({ paragraphs: 'lines', splitSentences: true, maxLength: '3' })).toBeUndefined();
  });
});

describe('titles for imports', () => {
  it('suggests the first line of pasted text, cut at a word end', () => {
    expect(suggestTitle('\n\n  Chapter One:   The Sea \nIt was grey.')).toBe('Chapter One: The Sea');
    expect(
      suggestTitle('A very long opening line that goes on and on past any reasonable title length, truly'),
    ).toBe('A very long opening line that goes on and on past any…');
    expect(suggestTitle('   \n ')).toBe('Imported script');
  });

  it('names a project after its file, without the extension', () => {
    expect(titleFromFileName('Chapter 1.txt')).toBe('Chapter 1');
    expect(titleFromFileName('notes.v2.md')).toBe('notes.v2');
    expect(titleFromFileName('.txt')).toBe('.txt');
    expect(titleFromFileName('README')).toBe('README');
  });
});
