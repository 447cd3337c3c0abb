import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chapterMarks } from '../common/project/chapters.js';
import { layoutTimeline } from '../common/project/index.js';
import { sendContext } from '../common/project/send-context.js';
import { makeEpub } from '../main/services/book-import/test-support/make-books.js';
import { probeFile } from '../main/services/export/test-support/media-tools.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';
import { savedProject } from './support/saved-project.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

const CHAPTERS = ['Spring Tide', 'The Long Night', 'Harvest'];

const book = makeEpub({
  title: 'The Salt Road',
  author: 'Ada Writer',
  chapters: [
    {
      title: CHAPTERS[0]!,
      paragraphs: ['The salt pans filled with the spring tide.', 'Carts came down the road.'],
    },
    {
      title: CHAPTERS[1]!,
      paragraphs: ['Nobody slept that night.', 'The wind tore at the shutters until dawn.'],
    },
    { title: CHAPTERS[2]!, paragraphs: ['In autumn the salt was raked into white hills.'] },
  ],
});

test.describe('journey: a book to one M4B audiobook', () => {
  test('imports a book, generates it and exports one M4B whose brand, chapters, tags and length are the book’s', async ({
    launchApp,
    page,
  }) => {
    const outDir = test.info().outputPath('exports');
    await mkdir(outDir, { recursive: true });
    const app = await launchApp({ env: { TIMBRE_EXPORT_DIR: outDir } });
    await page.goto(app.url);
    const projects = new ProjectsPage(page);
    await projects.show();
    await projects.importEpub('salt-road.epub', book);
    await expect(page.getByTestId('import-preview-chapters')).toHaveAttribute('data-count', '3');
    await expect(page.getByTestId('import-preview-count')).toHaveAttribute('data-count', '8');
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('editor-title')).toHaveText('The Salt Road');
    const editor = new EditorPage(page);
    await editor.generateAll(8);
    await editor.waitSaved();

    // Where the chapters start and how long the book is, as the editor laid out the saved project.
    const project = await savedProject(page, app);
    const layout = layoutTimeline(project, sendContext(project, []));
    const marks = chapterMarks(project, layout);
    expect(marks.map((mark) => mark.title)).toEqual(CHAPTERS);

    await page.getByTestId('export-open').click();
    await page.getByTestId('export-format').selectOption('m4b');
    await expect(page.getByTestId('export-tag-author')).toHaveAttribute('placeholder', 'Ada Writer');
    await page.getByTestId('export-tag-narrator').fill('Timbre Narrator');
    const bookPath = path.join(outDir, 'The Salt Road.m4b');
    await page.getByTestId('export-path').fill(bookPath);
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('export-output-path')).toHaveText(bookPath);

    const probed = await probeFile(bookPath);
    expect(probed.format.tags).toMatchObject({
      major_brand: 'M4B ',
      title: 'The Salt Road',
      artist: 'Ada Writer',
      composer: 'Timbre Narrator',
    });
    expect(probed.streams.filter((stream) => stream.codec_type === 'audio').map((s) => s.codec_name)).toEqual(
      ['aac'],
    );
    expect(probed.chapters.map((chapter) => chapter.tags.title)).toEqual(CHAPTERS);
    probed.chapters.forEach((chapter, index) => {
      expect(Number(chapter.start_time), chapter.tags.title).toBeCloseTo(marks[index]!.startMs / 1000, 2);
    });
    // The book lasts as long as the timeline (the edit list trims the encoder's priming and padding).
    expect(Number(probed.format.duration)).toBeCloseTo(layout.totalMs / 1000, 1);
  });
});
