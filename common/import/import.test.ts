import { describe, expect, it } from 'vitest';
import { projectsFromImport } from './import-project.js';
import { importParts, previewImport, scriptBlocks } from './imported-script.js';
import type { ImportBlock } from './imported-script.js';
import { DialogueContext, splitQuotedDialogue } from './quoted-dialogue.js';
import { parseScriptText } from './script-formats.js';
import { ScriptBuilder } from './text-script.js';
import { speakerLabelOf } from './speaker-labels.js';
import { PROJECT_LIMITS } from '../project/project-limits.js';

const labels = { speakerLabels: true, quotedDialogue: false };
const plainReading = { speakerLabels: false, quotedDialogue: false };

describe('speaker labels', () => {
  it('reads NAME: line, with all-capital names shown in title case', () => {
    expect(speakerLabelOf('ALICE: Where were you?')).toEqual({ speaker: 'Alice', text: 'Where were you?' });
    expect(speakerLabelOf('Dr. Jones: Sit down.')).toEqual({ speaker: 'Dr. Jones', text: 'Sit down.' });
    expect(speakerLabelOf('MARY-ANNE O’NEIL: Hi.')).toEqual({ speaker: 'Mary-Anne O’Neil', text: 'Hi.' });
  });

  it('does not take times, links, notes or sentences with a colon for labels', () => {
    expect(speakerLabelOf('10:30 was late.')).toBeNull();
    expect(speakerLabelOf('https://example.com: see')).toBeNull();
    expect(speakerLabelOf('Note: this is a note.')).toBeNull();
    expect(speakerLabelOf('He said this to all of them: run.')).toBeNull();
    expect(speakerLabelOf('the end: lower case')).toBeNull();
  });

  it('makes a labelled script into lines of each speaker, narrator lines unlabelled', () => {
    const script = parseScriptText(
      'The room was dark.\nALICE: Who is there?\nBOB: Only me.\nNARRATOR: She laughed.',
      'text',
      'blank-lines',
      labels,
    );
    expect(script.chapters).toHaveLength(1);
    expect(script.chapters[0]!.lines).toEqual([
      { text: 'The room was dark.' },
      { text: 'Who is there?', speaker: 'Alice' },
      { text: 'Only me.', speaker: 'Bob' },
      { text: 'She laughed.' },
    ]);
  });

  it('leaves labels as text when the option is off', () => {
    const script = parseScriptText('ALICE: Who is there?', 'text', 'lines', plainReading);
    expect(script.chapters[0]!.lines).toEqual([{ text: 'ALICE: Who is there?' }]);
  });
});

describe('CSV and TSV scripts', () => {
  it('reads speaker, text and pause by header, in any order, with quoted commas', () => {
    const script = parseScriptText(
      'text,pause,speaker\n"Hello, world.",800,ALICE\nHi.,,Bob\nThe end.,,Narrator\n',
      'csv',
      'lines',
      plainReading,
    );
    expect(script.chapters[0]!.lines).toEqual([
      { text: 'Hello, world.', speaker: 'Alice', pauseAfterMs: 800 },
      { text: 'Hi.', speaker: 'Bob' },
      { text: 'The end.' },
    ]);
  });

  it('reads speaker, text, pause in that order without a header, and chapters from a chapter column', () => {
    expect(
      parseScriptText('Alice\tHello.\t300\nBob\tHi.\n', 'tsv', 'lines', plainReading).chapters[0]!.lines,
    ).toEqual([
      { text: 'Hello.', speaker: 'Alice', pauseAfterMs: 300 },
      { text: 'Hi.', speaker: 'Bob' },
    ]);
    const chaptered = parseScriptText(
      'chapter,speaker,text\nOne,A,x\nOne,B,y\nTwo,A,z\n',
      'csv',
      'lines',
      plainReading,
    );
    expect(chaptered.chapters.map((chapter) => chapter.title)).toEqual(['One', 'Two']);
  });

  it('names the row and the column of a bad pause', () => {
    expect(() => parseScriptText('speaker,text,pause\nA,x,soon\n', 'csv', 'lines', plainReading)).toThrow(
      'Row 2, column pause: “soon” must be a number of milliseconds from 0 to 60000.',
    );
  });
});

describe('quoted dialogue', () => {
  it('gives quotes to the speaker the narration names, and keeps the narration with the narrator', () => {
    expect(splitQuotedDialogue('“Come in,” said Alice. “The door is open.”')).toEqual([
      { text: '“Come in,”', speaker: 'Alice' },
      { text: 'said Alice.' },
      { text: '“The door is open.”', speaker: 'Alice' },
    ]);
    expect(splitQuotedDialogue('Bob asked, "Is it late?"')).toEqual([
      { text: 'Bob asked,' },
      { text: '"Is it late?"', speaker: 'Bob' },
    ]);
  });

  it('gives unattributed quotes to "Dialogue", and leaves paragraphs without quotes whole', () => {
    expect(splitQuotedDialogue('“Yes.” He nodded.')).toEqual([
      { text: '“Yes.”', speaker: 'Dialogue' },
      { text: 'He nodded.' },
    ]);
    expect(splitQuotedDialogue('No quotes here.')).toEqual([{ text: 'No quotes here.' }]);
  });
});

describe('speech tags', () => {
  it('reads relation words, more verbs, and a pronoun tag that can mean only one recent speaker', () => {
    const context = new DialogueContext();
    const lines = [
      '“Is it late?” asked her brother Thomas.',
      '“Not yet,” Martha corrected him.',
      '“Then wait,” she said.',
      '“Fine,” he muttered.',
      '“Come,” said Mrs. Hale quietly.',
    ].flatMap((paragraph) => splitQuotedDialogue(paragraph, context));
    expect(lines.filter((line) => line.speaker).map((line) => [line.speaker, line.text])).toEqual([
      ['Thomas', '“Is it late?”'],
      ['Martha', '“Not yet,”'],
      ['Martha', '“Then wait,”'],
      ['Thomas', '“Fine,”'],
      ['Mrs. Hale', '“Come,”'],
    ]);
  });

  it('gives a pronoun tag to the one speaker an action beat names, when the pronoun fits', () => {
    const context = new DialogueContext();
    const lines = [
      '“Is it late?” asked her brother Thomas.',
      '“Not yet,” Martha corrected him.',
      '“Where is Zoë?” asked Zoë’s friend Ana.',
      'Thomas turned to the window. “Then wait,” he said.',
      'Martha looked at Thomas. “Why?” she asked.',
      'Thomas looked at her. “Because,” she said.',
    ].flatMap((paragraph) => splitQuotedDialogue(paragraph, context));
    expect(lines.filter((line) => line.speaker).map((line) => line.speaker)).toEqual([
      'Thomas',
      'Martha',
      'Ana',
      'Thomas',
      'Martha',
      'Martha',
    ]);
  });

  it('leaves a pronoun tag to "Dialogue" when two recent speakers could be meant', () => {
    const context = new DialogueContext();
    splitQuotedDialogue('“Here,” said Alex.', context);
    splitQuotedDialogue('“There,” said Sam.', context);
    expect(splitQuotedDialogue('“Where?” she asked.', context)[0]).toEqual({
      text: '“Where?”',
      speaker: 'Dialogue',
    });
  });
});

describe('Markdown YAML header', () => {
  it('gives the title, author and language and a title page, and is never read as text', () => {
    const script = parseScriptText(
      '---\ntitle: "The Lantern Keeper"\nauthor:\n  - Ada Writer\n  - Bo Reed\nlang: en-GB\n---\n\n# One\n\nText.[^a]\n\n[^a]: A note.\n',
      'markdown',
      'blank-lines',
      plainReading,
    );
    expect(script).toMatchObject({
      title: 'The Lantern Keeper',
      author: 'Ada Writer, Bo Reed',
      language: 'en-GB',
    });
    expect(script.chapters).toEqual([
      {
        title: 'The Lantern Keeper',
        kind: 'front-matter',
        lines: [{ text: 'The Lantern Keeper' }, { text: 'Ada Writer, Bo Reed' }],
      },
      { title: 'One', lines: [{ text: 'One' }, { text: 'Text.' }] },
      { title: 'Notes', kind: 'notes', lines: [{ text: 'Notes' }, { text: 'A note.' }] },
    ]);
  });
});

describe('Markdown YAML header: copyright', () => {
  it('gives the copyright line from rights or copyright, as the book spells it', () => {
    const copyrightOf = (key: string) =>
      parseScriptText(
        `---\ntitle: Tides\n${key}: "© 2026 Ada Writer"\n---\n\n# One\n\nText.\n`,
        'markdown',
        'blank-lines',
        plainReading,
      ).copyright;
    expect(copyrightOf('rights')).toBe('© 2026 Ada Writer');
    expect(copyrightOf('copyright')).toBe('© 2026 Ada Writer');
    expect(copyrightOf('publisher')).toBeUndefined();
  });
});

describe('front matter', () => {
  it('starts the text after a title page as its own chapter, and says a repeated copyright line once', () => {
    const builder = new ScriptBuilder(plainReading);
    builder.frontMatter(true);
    builder.heading('The Lantern Keeper');
    builder.paragraph('© 2026 Ada Writer.');
    builder.paragraph('Copyright © 2026 Ada Writer. All rights reserved.');
    builder.frontMatter(false);
    builder.paragraph('It began at the sea wall.');
    const script = builder.script({ title: 'The Lantern Keeper' });
    expect(script.chapters[0]!.lines.map((line) => line.text)).toEqual([
      'The Lantern Keeper',
      'Copyright © 2026 Ada Writer. All rights reserved.',
    ]);
    expect(
      scriptBlocks(script, {}).map((block) => [block.chapterTitle, block.chapterKind, block.text]),
    ).toEqual([
      ['The Lantern Keeper', 'front-matter', 'The Lantern Keeper'],
      [undefined, undefined, 'Copyright © 2026 Ada Writer. All rights reserved.'],
      ['Opening', undefined, 'It began at the sea wall.'],
    ]);
    expect(scriptBlocks(script, {}, { unreadFrontMatter: [0] }).map((block) => block.chapterTitle)).toEqual([
      undefined,
    ]);
  });
});

describe('chapters', () => {
  it('starts a chapter at a lone “Chapter …” line in plain text, reading the title aloud', () => {
    const script = parseScriptText(
      'Opening words.\n\nChapter 1\n\nIt began.\n\nCHAPTER TWO: The Storm\n\nRain fell.',
      'text',
      'blank-lines',
      plainReading,
    );
    expect(script.chapters.map((chapter) => chapter.title)).toEqual([
      undefined,
      'Chapter 1',
      'CHAPTER TWO: The Storm',
    ]);
    expect(script.chapters[1]!.lines).toEqual([{ text: 'Chapter 1' }, { text: 'It began.' }]);
  });

  it('reads Markdown headings as chapters, headings in a row as one, and drops code', () => {
    const script = parseScriptText(
      '# The Book\n\n## Part One\n\n### Chapter 1\n\nIt *began* with [a door](http://x).\n\n```\ncode\n```\n\n- one\n- two\n',
      'markdown',
      'blank-lines',
      plainReading,
    );
    expect(script.title).toBe('The Book');
    expect(script.chapters.map((chapter) => chapter.title)).toEqual(['Chapter 1']);
    expect(script.chapters[0]!.lines.map((line) => line.text)).toEqual([
      'The Book',
      'Part One',
      'Chapter 1',
      'It began with a door.',
      'one',
      'two',
    ]);
  });

  it('puts a chapter title on the first block of the chapter, and previews chapters, speakers and credits', () => {
    const script = parseScriptText(
      'Chapter 1\n\nALICE: Hi.\n\nBOB: Hello there.\n\nChapter 2\n\nThe end.',
      'text',
      'blank-lines',
      labels,
    );
    const blocks = scriptBlocks(script, { maxLength: 500 });
    expect(blocks.map((block) => [block.chapterTitle, block.speaker, block.text])).toEqual([
      ['Chapter 1', undefined, 'Chapter 1'],
      [undefined, 'Alice', 'Hi.'],
      [undefined, 'Bob', 'Hello there.'],
      ['Chapter 2', undefined, 'Chapter 2'],
      [undefined, undefined, 'The end.'],
    ]);
    const preview = previewImport(script, blocks);
    expect(preview.chapters).toEqual([
      { title: 'Chapter 1', blocks: 3, characters: 24 },
      { title: 'Chapter 2', blocks: 2, characters: 17 },
    ]);
    expect(preview.speakers).toEqual([
      { name: 'Alice', blocks: 1, characters: 3 },
      { name: 'Bob', blocks: 1, characters: 12 },
    ]);
    expect(preview).toMatchObject({ blockCount: 5, characters: 41, estimatedCredits: 41, parts: 1 });
  });
});

describe('parts and projects', () => {
  it('cuts a book over the block limit into parts at chapter starts', () => {
    const perChapter = 6_000;
    const blocks: ImportBlock[] = [];
    for (let chapter = 0; chapter < 5; chapter += 1) {
      for (let index = 0; index < perChapter; index += 1) {
        blocks.push({ text: 'Words.', ...(index === 0 ? { chapterTitle: `Chapter ${chapter + 1}` } : {}) });
      }
    }
    const parts = importParts(blocks);
    expect(parts.map((part) => part.length)).toEqual([18_000, 12_000]);
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(PROJECT_LIMITS.blocks);
      expect(part[0]!.chapterTitle).toBeDefined();
    }
  });

  it('makes projects with the speakers as their cast, the chosen voices, chapter titles and pauses', () => {
    let id = 0;
    const [project] = projectsFromImport(
      {
        title: 'Play',
        blocks: [
          { text: 'Act one.', chapterTitle: 'Act 1' },
          { text: 'Hi.', speaker: 'Alice', pauseAfterMs: 900 },
          { text: 'Hello.', speaker: 'Bob' },
        ],
        voices: { Alice: { voiceId: 'v-alice', voiceName: 'Aria' } },
        createdAt: '2026-11-23T00:00:00.000Z',
      },
      () => `id-${(id += 1)}`,
    );
    expect(project!.cast.map((speaker) => [speaker.id, speaker.name, speaker.voiceId])).toEqual([
      ['narrator', 'Narrator', undefined],
      ['speaker-1', 'Alice', 'v-alice'],
      ['speaker-2', 'Bob', undefined],
    ]);
    const blocks = project!.tracks.speech.blocks;
    expect(
      blocks.map((block) => [
        block.type === 'text' ? block.speakerId : null,
        block.chapterTitle,
        block.pauseAfterMs,
      ]),
    ).toEqual([
      [undefined, 'Act 1', blocks[0]!.pauseAfterMs],
      ['speaker-1', undefined, 900],
      ['speaker-2', undefined, blocks[2]!.pauseAfterMs],
    ]);
  });

  it('names the parts of a split book', () => {
    const blocks: ImportBlock[] = Array.from({ length: PROJECT_LIMITS.blocks + 10 }, (_, index) => ({
      text: 'x',
      ...(index % 1000 === 0 ? { chapterTitle: `C${index}` } : {}),
    }));
    const projects = projectsFromImport(
      { title: 'Long', blocks, createdAt: '2026-11-23T00:00:00.000Z' },
      () => Math.random().toString(36),
    );
    expect(projects.map((project) => project.title)).toEqual(['Long (part 1 of 2)', 'Long (part 2 of 2)']);
  });
});
