import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LANTERN_KEEPER } from '../main/services/book-import/test-support/producer-books.js';
import { calibreEpub } from '../main/services/book-import/test-support/word-calibre-libreoffice-books.js';
import { ffmpeg, probeFile } from '../main/services/export/test-support/media-tools.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';
import { savedProject } from './support/saved-project.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

test.describe('journey: a calibre book with front matter, footnotes and a cover', () => {
  test('previews its part, front matter and notes, reads only what is chosen, and tags the MP3 with the book’s author, language and cover', async ({
    launchApp,
    page,
  }) => {
    const outDir = test.info().outputPath('exports');
    await mkdir(outDir, { recursive: true });
    const coverPath = path.join(outDir, 'cover.jpg');
    await ffmpeg([
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'color=c=navy:s=64x64:d=1',
      '-frames:v',
      '1',
      coverPath,
    ]);
    const book = calibreEpub(LANTERN_KEEPER, new Uint8Array(await readFile(coverPath)));
    const app = await launchApp({ env: { TIMBRE_EXPORT_DIR: outDir } });
    await page.goto(app.url);
    const projects = new ProjectsPage(page);
    await projects.show();

    await projects.importEpub('lantern.epub', book);
    await expect(page.getByTestId('import-preview-chapters')).toHaveText(
      '6 chapters: The Lantern Keeper (front matter) · Copyright (front matter) · Part One: Greywater › The Sea Wall · The Board · The Storm · Notes (footnotes)',
    );
    await expect(page.getByTestId('import-title')).toHaveValue('The Lantern Keeper');
    await expect(page.getByTestId('import-metadata')).toContainText(
      'author (Ada Writer), language (en) and cover',
    );
    // The title page is read, the copyright page and the footnotes are not.
    await page.getByTestId('import-front-matter').nth(1).uncheck();
    await page.getByTestId('import-footnotes').uncheck();
    await expect(page.getByTestId('import-preview-count')).toHaveAttribute('data-count', '16');
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('editor-title')).toHaveText('The Lantern Keeper');

    const project = await savedProject(page, app);
    expect(project.metadata).toMatchObject({ author: 'Ada Writer', language: 'en' });
    expect(project.defaults.language).toBe('en');
    const texts = project.tracks.speech.blocks.map((block) => ('text' in block ? block.text : ''));
    expect(texts.slice(0, 4)).toEqual([
      'The Lantern Keeper',
      'Ada Writer',
      '© 2026 Ada Writer. All rights reserved.',
      'Part One: Greywater',
    ]);
    expect(texts).toContain('“Is it late?”');
    expect(texts.filter((text) => /↩|Harbour Board|Greywater Press/u.test(text))).toEqual([]);
    expect(project.cast.map((speaker) => speaker.name)).toEqual(['Narrator', 'Thomas', 'Martha']);

    await new EditorPage(page).generateAll(16);
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-format').selectOption('mp3');
    await page.getByTestId('export-loudness').selectOption('none');
    await expect(page.getByTestId('export-tag-author')).toHaveAttribute('placeholder', 'Ada Writer');
    await expect(page.getByTestId('export-project-cover')).toBeVisible();
    const mp3Path = path.join(outDir, 'The Lantern Keeper.mp3');
    await page.getByTestId('export-path').fill(mp3Path);
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });

    const probed = await probeFile(mp3Path);
    expect(probed.format.tags).toMatchObject({
      title: 'The Lantern Keeper',
      artist: 'Ada Writer',
      language: 'eng',
    });
    expect(probed.chapters.map((chapter) => chapter.tags.title)).toEqual([
      'The Lantern Keeper',
      'The Sea Wall',
      'The Board',
      'The Storm',
    ]);
    expect(probed.streams.some((stream) => stream.disposition?.attached_pic === 1)).toBe(true);
  });
});
