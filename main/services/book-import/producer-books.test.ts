import { describe, expect, it } from 'vitest';
import { strToU8 } from 'fflate';
import { previewImport, scriptBlocks } from '../../../common/import/imported-script.js';
import { buildCues } from '../../../common/subtitles/cue-builder.js';
import type { ImportedScript } from '../../../common/import/imported-script.js';
import { readScriptFile } from './read-script-file.js';
import { pandocEpub, pandocHtml, pandocMarkdown } from './test-support/pandoc-books.js';
import { COVER_JPEG, LANTERN_KEEPER } from './test-support/producer-books.js';
import { calibreEpub, libreOfficeEpub, wordDocx } from './test-support/word-calibre-libreoffice-books.js';

const options = {
  paragraphs: 'blank-lines' as const,
  reading: { speakerLabels: false, quotedDialogue: true },
};

/** The same book as each producer writes it. */
const producers: [string, () => Uint8Array][] = [
  ['pandoc EPUB 3', () => pandocEpub(LANTERN_KEEPER, 3)],
  ['pandoc EPUB 2', () => pandocEpub(LANTERN_KEEPER, 2)],
  ['calibre EPUB', () => calibreEpub(LANTERN_KEEPER)],
  ['LibreOffice EPUB', () => libreOfficeEpub(LANTERN_KEEPER)],
  ['pandoc HTML', () => strToU8(pandocHtml(LANTERN_KEEPER))],
  ['pandoc Markdown', () => strToU8(pandocMarkdown(LANTERN_KEEPER))],
  ['Word DOCX', () => wordDocx(LANTERN_KEEPER)],
];
const fileNames: Record<string, string> = {
  'pandoc HTML': 'lantern.html',
  'pandoc Markdown': 'lantern.md',
  'Word DOCX': 'lantern.docx',
};

const read = (producer: string, bytes: Uint8Array): Promise<ImportedScript> =>
  readScriptFile(bytes, fileNames[producer] ?? 'lantern.epub', options);

/** Every line the import would send, in order, with the default choices. */
const spoken = (script: ImportedScript): string[] =>
  scriptBlocks(script, { maxLength: 1000 }).map((block) => block.text);

const body = (script: ImportedScript) => script.chapters.filter((chapter) => chapter.kind === undefined);

describe('parts and chapters, several in one EPUB document (pandoc, calibre)', () => {
  // LibreOffice's EPUB writes headings as styled paragraphs: only its table of contents' one entry is a chapter.
  it.each(producers.filter(([name]) => name !== 'LibreOffice EPUB'))(
    '%s: the nested table of contents (or # and ## headings) gives the part and its three chapters, each title read',
    async (producer, make) => {
      const script = await read(producer, make());
      expect(body(script).map((chapter) => [chapter.part, chapter.title])).toEqual([
        ['Part One: Greywater', 'The Sea Wall'],
        ['Part One: Greywater', 'The Board'],
        ['Part One: Greywater', 'The Storm'],
      ]);
      expect(body(script).map((chapter) => chapter.lines.slice(0, 2).map((line) => line.text))).toEqual([
        ['Part One: Greywater', 'The Sea Wall'],
        ['The Board', 'They met the Board.'],
        ['The Storm', 'Rain fell on the lantern.'],
      ]);
      const preview = previewImport(script, scriptBlocks(script, {}));
      expect(preview.chapters.filter((chapter) => chapter.kind === undefined)).toMatchObject([
        { title: 'The Sea Wall', part: 'Part One: Greywater' },
        { title: 'The Board', part: 'Part One: Greywater' },
        { title: 'The Storm', part: 'Part One: Greywater' },
      ]);
    },
  );
});

describe('footnotes', () => {
  it.each(producers)(
    '%s: no note mark, back-link or arrow is sent; the note is an optional chapter at the end',
    async (producer, make) => {
      const script = await read(producer, make());
      const lines = spoken(script);
      expect(lines).toContain('Martha walked along the sea wall.');
      for (const line of lines) expect(line).not.toMatch(/wall\s?\[?1|↩|↑|\[\^1\]/u);
      expect(script.chapters.at(-1)).toEqual({
        title: 'Notes',
        kind: 'notes',
        lines: [{ text: 'Notes' }, { text: 'Built in 1820 by the Harbour Board.' }],
      });
      // Read where it is marked, never: only once, in its own chapter, or not at all if the user says so.
      expect(lines.filter((line) => line.includes('Harbour Board'))).toHaveLength(1);
      const without = scriptBlocks(script, {}, { footnotes: 'omit' }).map((block) => block.text);
      expect(without.some((line) => line.includes('Harbour Board'))).toBe(false);
      const omitted = { footnotes: 'omit' as const };
      expect(previewImport(script, scriptBlocks(script, {}, omitted), 5, omitted).notes).toEqual({
        count: 1,
        characters: 40,
        spoken: false,
      });
    },
  );

  it('a DOCX footnote is no longer read as the last chapter’s text', async () => {
    const script = await read('Word DOCX', wordDocx(LANTERN_KEEPER));
    const storm = body(script).at(-1)!;
    expect(storm.lines.map((line) => line.text)).toEqual(['The Storm', 'Rain fell on the lantern.']);
  });
});

describe('front matter and metadata', () => {
  it.each(producers.filter(([producer]) => producer.startsWith('pandoc ') && producer !== 'pandoc HTML'))(
    '%s: the rights line (EPUB dc:rights, YAML rights) is the copyright',
    async (producer, make) => {
      expect((await read(producer, make())).copyright).toBe('© 2026 Ada Writer. All rights reserved.');
    },
  );

  it.each(producers)(
    '%s: title, author and language are read from the book; the title page is front matter, said once',
    async (producer, make) => {
      const script = await read(producer, make());
      expect(script.title).toBe('The Lantern Keeper');
      expect(script.author).toBe('Ada Writer');
      expect(script.language).toMatch(/^en/u);
      const [first] = script.chapters;
      expect(first!.kind).toBe('front-matter');
      // The title is not dropped (the opening held only the author's name) and nothing is read as a chapter.
      expect(first!.lines.slice(0, 2).map((line) => line.text)).toEqual(['The Lantern Keeper', 'Ada Writer']);
      expect(body(script).some((chapter) => chapter.title === 'The Lantern Keeper')).toBe(false);
      expect(body(script)[0]!.lines[0]!.text).toBe('Part One: Greywater');
      const lines = spoken(script);
      expect(lines.filter((line) => /all rights reserved/iu.test(line)).length).toBeLessThanOrEqual(1);
      expect(lines.some((line) => /^(?:title|author|lang|rights):/u.test(line))).toBe(false);
      // The user can leave the front matter unread.
      const frontMatterCount = script.chapters.filter((chapter) => chapter.kind === 'front-matter').length;
      const all = Array.from({ length: frontMatterCount }, (_, index) => index);
      const bookOnly = scriptBlocks(script, {}, { unreadFrontMatter: all });
      expect(bookOnly[0]).toMatchObject({ text: 'Part One: Greywater' });
    },
  );

  it('calibre: the title page’s rights line and the copyright page are read once, and the cover is kept', async () => {
    const script = await read('calibre EPUB', calibreEpub(LANTERN_KEEPER));
    const frontMatter = script.chapters.filter((chapter) => chapter.kind === 'front-matter');
    expect(frontMatter.map((chapter) => chapter.title)).toEqual(['The Lantern Keeper', 'Copyright']);
    const lines = frontMatter.flatMap((chapter) => chapter.lines.map((line) => line.text));
    expect(lines.filter((line) => /rights reserved/iu.test(line))).toHaveLength(1);
    expect(lines).toContain('First published in 2026 by Greywater Press.');
    expect(script.cover).toEqual({ mime: 'image/jpeg', bytes: COVER_JPEG });
    const preview = previewImport(script, scriptBlocks(script, {}));
    expect(preview).toMatchObject({ title: 'The Lantern Keeper', author: 'Ada Writer', hasCover: true });
    expect(preview.chapters.slice(0, 2)).toMatchObject([
      { title: 'The Lantern Keeper', kind: 'front-matter' },
      { title: 'Copyright', kind: 'front-matter' },
    ]);
    expect(preview.frontMatter).toEqual([
      { title: 'The Lantern Keeper', characters: 67, spoken: true },
      { title: 'Copyright', characters: 52, spoken: true },
    ]);
    // The user reads the title page but not the copyright page.
    const titlePageOnly = { unreadFrontMatter: [1] };
    const blocks = scriptBlocks(script, {}, titlePageOnly);
    expect(blocks.map((block) => block.text).slice(0, 4)).toEqual([
      'The Lantern Keeper',
      'Ada Writer',
      '© 2026 Ada Writer. All rights reserved.',
      'Part One: Greywater',
    ]);
    expect(previewImport(script, blocks, 5, titlePageOnly).frontMatter.map((page) => page.spoken)).toEqual([
      true,
      false,
    ]);
  });
});

describe('dialogue', () => {
  it.each(producers)(
    '%s: "asked her brother Thomas", "Martha corrected him" and "she said" find their speakers, quotes kept',
    async (producer, make) => {
      const script = await read(producer, make());
      const lines = body(script)[0]!.lines.filter((line) => line.speaker !== undefined);
      expect(lines).toEqual([
        { text: '“Is it late?”', speaker: 'Thomas' },
        { text: '“Not yet,”', speaker: 'Martha' },
        { text: '“Then wait,”', speaker: 'Martha' },
      ]);
    },
  );

  it('the subtitle cues of a dialogue line show its quotation marks', async () => {
    const script = await read('pandoc EPUB 3', pandocEpub(LANTERN_KEEPER, 3));
    const dialogue = scriptBlocks(script, {}).filter((block) => block.speaker !== undefined);
    const cues = buildCues(
      dialogue.map((block, index) => ({
        blockId: `b${index}`,
        text: block.text,
        startMs: index * 3000,
        durationMs: 1500,
      })),
    );
    expect(cues.map((cue) => cue.lines.join(' '))).toEqual(['“Is it late?”', '“Not yet,”', '“Then wait,”']);
  });
});
