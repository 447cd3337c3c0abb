import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../../common/export/project-export-settings.js';
import { fileTagsFor } from '../project-export/project-exporter.js';
import type { ProducerBook } from '../book-import/test-support/producer-books.js';
import { pandocEpub, pandocMarkdown } from '../book-import/test-support/pandoc-books.js';
import { COVER_JPEG, LANTERN_KEEPER } from '../book-import/test-support/producer-books.js';
import { calibreEpub, wordDocx } from '../book-import/test-support/word-calibre-libreoffice-books.js';
import { ProjectService } from './project-service.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-book-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('ProjectService: a book’s metadata', () => {
  it('carries the title, author, language and cover into the project and its export tags', async () => {
    const epub = path.join(dataDir, 'lantern.epub');
    await writeFile(epub, calibreEpub(LANTERN_KEEPER));
    const projects = new ProjectService({ dataDir });
    const reading = { speakerLabels: false, quotedDialogue: true, unreadFrontMatter: [0, 1] };

    const preview = await projects.previewImportFile({ filePath: epub, fileName: 'lantern.epub', reading });
    expect(preview).toMatchObject({ title: 'The Lantern Keeper', author: 'Ada Writer', hasCover: true });
    expect(preview.chapters.map((chapter) => chapter.title)).toEqual([
      'The Sea Wall',
      'The Board',
      'The Storm',
      'Notes',
    ]);

    const imported = await projects.importTextFile({ filePath: epub, fileName: 'lantern.epub', reading });
    const { project } = imported;
    expect(project.title).toBe('The Lantern Keeper');
    expect(project.defaults.language).toBe('en');
    expect(project.metadata).toMatchObject({ author: 'Ada Writer', language: 'en' });
    const cover = project.metadata!.cover!;
    expect(cover.mime).toBe('image/jpeg');
    const coverFile = projects.covers.existingPath(cover)!;
    expect(new Uint8Array(readFileSync(coverFile))).toEqual(COVER_JPEG);
    // Front matter left unread as asked: the project opens on the first chapter.
    expect(project.tracks.speech.blocks[0]).toMatchObject({
      text: 'Part One: Greywater',
      chapterTitle: 'The Sea Wall',
    });

    // Reopened from its file, the metadata is still there.
    const reopened = await new ProjectService({ dataDir }).open(imported.fileName);
    expect(reopened.ok && reopened.project.metadata).toEqual(project.metadata);

    // An export the user gave no tags still says who wrote it and shows the book's cover.
    expect(fileTagsFor(project, defaultProjectExportSettings, [], coverFile)).toMatchObject({
      metadata: { title: 'The Lantern Keeper', author: 'Ada Writer' },
      coverPath: coverFile,
      language: 'en',
    });
    expect(fileTagsFor(project, defaultProjectExportSettings, [], undefined)?.metadata.author).toBe(
      'Ada Writer',
    );
    expect(existsSync(coverFile)).toBe(true);
  });
});

describe('ProjectService: an imported book’s voice', () => {
  it('is chosen for the book’s language once the book is read, unless the defaults name one', async () => {
    const epub = path.join(dataDir, 'gardien.epub');
    await writeFile(epub, calibreEpub({ ...LANTERN_KEEPER, language: 'fr-FR' }));
    const projects = new ProjectService({ dataDir });
    const asked: (string | undefined)[] = [];
    const defaultVoiceFor = async (language: string | undefined) => {
      asked.push(language);
      return language?.startsWith('fr')
        ? { voiceId: 'v-amelie', voiceName: 'Amélie' }
        : { voiceId: 'v-mei', voiceName: 'Mei' };
    };

    const imported = await projects.importTextFile({
      filePath: epub,
      fileName: 'gardien.epub',
      defaultVoiceFor,
    });
    expect(asked).toEqual(['fr']);
    expect(imported.project.defaults).toMatchObject({
      voiceId: 'v-amelie',
      voiceName: 'Amélie',
      language: 'fr',
    });

    const chosen = await projects.importTextFile({
      filePath: epub,
      fileName: 'gardien.epub',
      defaults: { voiceId: 'v-bruno', voiceName: 'Bruno' },
      defaultVoiceFor,
    });
    expect(chosen.project.defaults).toMatchObject({ voiceId: 'v-bruno', voiceName: 'Bruno' });
    expect(asked).toHaveLength(1);
  });

  it('still imports, without a voice, when choosing one fails', async () => {
    const projects = new ProjectService({ dataDir });
    const imported = await projects.importText({
      title: 'Notes',
      text: 'One line.',
      defaultVoiceFor: () => Promise.reject(new Error('the library could not be read')),
    });
    expect(imported.project.defaults.voiceId).toBeFalsy();
    expect(imported.project.tracks.speech.blocks).toHaveLength(1);
  });
});

describe('ProjectService: a book whose metadata a project would refuse as given', () => {
  // 300 characters of contributors, as a DOCX's dc:creator or an anthology's EPUB gives them.
  const manyAuthors = Array.from({ length: 30 }, (_, index) => `Writer ${index + 1}`)
    .join(', ')
    .slice(0, 300);
  const files: { name: string; bytes: (book: ProducerBook) => Uint8Array | string }[] = [
    { name: 'book.epub', bytes: (book) => pandocEpub(book, 3) },
    { name: 'calibre.epub', bytes: (book) => calibreEpub(book) },
    { name: 'book.docx', bytes: wordDocx },
    { name: 'book.md', bytes: pandocMarkdown },
  ];

  it.each([
    ['en_US', 'en-US'],
    ['English', 'en'],
  ])('imports an EPUB, DOCX or Markdown book in “%s” by a 300-character author', async (given, language) => {
    expect(manyAuthors).toHaveLength(300);
    const projects = new ProjectService({ dataDir });
    for (const file of files) {
      const filePath = path.join(dataDir, file.name);
      await writeFile(filePath, file.bytes({ ...LANTERN_KEEPER, language: given, author: manyAuthors }));

      const preview = await projects.previewImportFile({ filePath, fileName: file.name });
      const { project } = await projects.importTextFile({ filePath, fileName: file.name });

      const { author } = project.metadata!;
      expect(project.metadata?.language, file.name).toBe(language);
      expect(project.defaults.language, file.name).toBe('en');
      // Cut at the last whole name that fits, and marked.
      expect(author!.length, file.name).toBeLessThanOrEqual(200);
      expect(author, file.name).toMatch(/^Writer 1, Writer 2, .*Writer \d+…$/u);
      const kept = author!.slice(0, -1);
      expect(manyAuthors.startsWith(kept)).toBe(true);
      expect(manyAuthors[kept.length]).toBe(',');
      // The preview says what the project will keep.
      expect(preview).toMatchObject({ author, language });
      // EPUB's dc:rights and the YAML header's rights are the copyright line the closing credits end with.
      const copyright = ['book.epub', 'book.md'].includes(file.name) ? LANTERN_KEEPER.rights : undefined;
      expect(project.metadata?.copyright, file.name).toBe(copyright);
    }
  });

  it('keeps a book’s cover only once its projects are made: a failed import leaves no image behind', async () => {
    const epub = path.join(dataDir, 'lantern.epub');
    await writeFile(epub, calibreEpub(LANTERN_KEEPER));
    const projects = new ProjectService({ dataDir });
    await expect(projects.importTextFile({ filePath: epub, title: ' ' })).rejects.toMatchObject({
      data: { code: 'INVALID_INPUT', field: 'title' },
    });
    expect(existsSync(projects.covers.dir) ? readdirSync(projects.covers.dir) : []).toEqual([]);

    const { project } = await projects.importTextFile({ filePath: epub });
    expect(projects.covers.existingPath(project.metadata!.cover!)).toBeDefined();
  });
});
