import { describe, expect, it } from 'vitest';
import { defaultImportReading, scriptBlocks } from './imported-script.js';
import { pastedTextBlocks } from './pasted-text.js';
import { parseScriptText } from './script-formats.js';

describe('pastedTextBlocks', () => {
  it('makes each Markdown heading a chapter start, as an imported Markdown file does', () => {
    const text =
      '# Chapter One\n\nThe harbour lay *quiet*.\n\nMara counted the boats.\n\n## The Storm\n\nRain came.\n';
    expect(pastedTextBlocks(text)).toEqual([
      { text: 'Chapter One', chapterTitle: 'Chapter One' },
      { text: 'The harbour lay quiet.' },
      { text: 'Mara counted the boats.' },
      { text: 'The Storm', chapterTitle: 'The Storm' },
      { text: 'Rain came.' },
    ]);
    // The same chapters and lines as importing it as a .md file.
    const imported = scriptBlocks(parseScriptText(text, 'markdown', 'blank-lines', defaultImportReading), {});
    expect(pastedTextBlocks(text)).toEqual(
      imported.map(({ text: line, chapterTitle }) => ({
        text: line,
        ...(chapterTitle ? { chapterTitle } : {}),
      })),
    );
  });

  it('keeps text before the first heading in no chapter, and a heading inside the text starts one', () => {
    expect(pastedTextBlocks('A foreword.\n\n# One\n\nText.')).toEqual([
      { text: 'A foreword.' },
      { text: 'One', chapterTitle: 'One' },
      { text: 'Text.' },
    ]);
  });

  it('pastes text without headings as before: one block per paragraph, # signs and stars kept', () => {
    expect(pastedTextBlocks('First *paragraph*.\n\n#hashtag and #2 in line.\n\n#### Not a chapter')).toEqual([
      { text: 'First *paragraph*.' },
      { text: '#hashtag and #2 in line.' },
      { text: '#### Not a chapter' },
    ]);
    expect(pastedTextBlocks('  \n ')).toEqual([]);
  });
});
