import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeEpub } from '../main/services/book-import/test-support/make-books.js';
import { expect, test, type SuiteStandin } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

const TITLE = 'The Ferryman';
const FIRST_EDITION = [
  { title: 'Crossing', paragraphs: ['The river was wide and brown.', 'Old Pell rowed without a word.'] },
  { title: 'The Toll', paragraphs: ['A coin was the price of a crossing.', 'Nobody ever asked for change.'] },
  { title: 'Fog', paragraphs: ['Fog came down in the evening.', 'The far bank vanished in minutes.'] },
  {
    title: 'Home',
    paragraphs: ['At last the lamps of the village showed.', 'Pell tied the boat and went in.'],
  },
];
/** The revised edition: three paragraphs reworded, two in the first chapter and one in the third. */
const REVISED = {
  0: ['The river was wide and slow and brown.', 'Old Pell rowed without a single word.'],
  2: ['Fog came down early in the evening.'],
} as const;

function revisedEdition(): typeof FIRST_EDITION {
  return FIRST_EDITION.map((chapter, index) => {
    const changed: readonly string[] = REVISED[index as keyof typeof REVISED] ?? [];
    return { ...chapter, paragraphs: chapter.paragraphs.map((text, at) => changed[at] ?? text) };
  });
}

const CHANGED_TEXTS = Object.values(REVISED).flat();
const CHAPTER_FILES = FIRST_EDITION.map(
  (chapter, index) => `${String(index + 1).padStart(2, '0')} ${chapter.title}.wav`,
);

const taskPosts = (standin: SuiteStandin) =>
  standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST');

/** Each chapter file's content hash, and its identity on disk (a file written again is a new file), by name. */
async function chapterFiles(folder: string): Promise<Map<string, { sha: string; written: string }>> {
  const files = new Map<string, { sha: string; written: string }>();
  for (const name of (await readdir(folder)).filter((file) => file.endsWith('.wav')).sort()) {
    const full = path.join(folder, name);
    const sha = createHash('sha256')
      .update(await readFile(full))
      .digest('hex');
    const { ino, mtimeMs } = await stat(full);
    files.set(name, { sha, written: `${ino}@${mtimeMs}` });
  }
  return files;
}

/**
 * Exports one WAV per chapter into the folder through the Export dialog (only changed chapters re-rendered, as the
 * dialog offers), replacing an earlier export when asked, and checks what the finished export says it wrote.
 */
async function exportChapters(page: Page, folder: string, replace: boolean, summary: string): Promise<void> {
  await page.getByTestId('export-open').click();
  await page.getByTestId('export-mode').selectOption('chapters-folder');
  await page.getByTestId('export-format').selectOption('wav16');
  await page.getByTestId('export-loudness').selectOption('none');
  await page.getByTestId('export-path').fill(folder);
  await expect(page.getByTestId('export-only-changed-chapters')).toBeChecked();
  await page.getByTestId('export-start').click();
  if (replace) await page.getByTestId('export-replace').click();
  await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('export-chapter-summary')).toHaveText(summary);
  await page.getByTestId('export-close').click();
}

test.describe('journey: a revised edition of a book', () => {
  test('re-imports a revised EPUB with three changed paragraphs, generates only those, and exports the chapters holding them again', async ({
    launchApp,
    standin,
    page,
  }) => {
    test.setTimeout(150_000);
    const outDir = test.info().outputPath('exports');
    await mkdir(outDir, { recursive: true });
    const app = await launchApp({ env: { TIMBRE_EXPORT_DIR: outDir } });
    await page.goto(app.url);
    const projects = new ProjectsPage(page);
    await projects.show();
    await projects.importEpub(
      'ferryman.epub',
      makeEpub({ title: TITLE, author: 'Ada Writer', chapters: FIRST_EDITION }),
    );
    await expect(page.getByTestId('import-preview-chapters')).toHaveAttribute('data-count', '4');
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('editor-title')).toHaveText(TITLE);
    const editor = new EditorPage(page);
    await editor.generateAll(12);
    const postsBefore = taskPosts(standin).length;

    const folder = path.join(outDir, `${TITLE} chapters`);
    await exportChapters(page, folder, false, 'Wrote all 4 chapters.');
    const firstExport = await chapterFiles(folder);
    expect([...firstExport.keys()]).toEqual(CHAPTER_FILES);

    // The revised edition: the diff names the three changed paragraphs, what generating them costs, and the chapters.
    await page.getByTestId('revision-open').click();
    await page.getByTestId('revision-file').setInputFiles({
      name: 'ferryman-revised.epub',
      mimeType: 'application/epub+zip',
      buffer: Buffer.from(makeEpub({ title: TITLE, author: 'Ada Writer', chapters: revisedEdition() })),
    });
    await expect(page.getByTestId('revision-count-changed')).toHaveText('3 changed');
    for (const kind of ['added', 'removed', 'moved', 'split', 'merged'])
      await expect(page.getByTestId(`revision-count-${kind}`)).toHaveText(new RegExp(`^0 ${kind}`, 'u'));
    await expect(page.getByTestId('revision-count-unchanged')).toHaveText(
      '9 unchanged (their audio is kept)',
    );
    await expect(page.getByTestId('revision-change').getByTestId('revision-new')).toHaveText(CHANGED_TEXTS);
    const characters = CHANGED_TEXTS.reduce((sum, text) => sum + text.length, 0);
    await expect(page.getByTestId('revision-credits')).toContainText(
      `After applying, 3 blocks need generating, ≈ ${characters} credits.`,
    );
    await expect(page.getByTestId('revision-chapters')).toHaveText(
      'Chapters whose audio changes (their chapter files need exporting again): Crossing, Fog.',
    );
    await page.getByTestId('revision-apply').click();
    await expect(page.getByTestId('revision-dialog')).toHaveCount(0);

    // Generate sends the three changed blocks alone, in one task, for the characters the diff estimated.
    await editor.generateAll(3);
    const posts = taskPosts(standin).slice(postsBefore);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.summary).toMatchObject({ blocks: 3, characters });

    // Export per chapter again into the same folder (Replace): the chapters holding the changed paragraphs are
    // written again with new audio, the other two are kept as the first export wrote them.
    await exportChapters(page, folder, true, 'Wrote 2 chapters (1, 3); kept 2 unchanged.');
    const secondExport = await chapterFiles(folder);
    expect([...secondExport.keys()]).toEqual(CHAPTER_FILES);
    const changedAudio = CHAPTER_FILES.filter(
      (name) => secondExport.get(name)?.sha !== firstExport.get(name)?.sha,
    );
    expect(changedAudio).toEqual([CHAPTER_FILES[0], CHAPTER_FILES[2]]);
    const rewritten = CHAPTER_FILES.filter(
      (name) => secondExport.get(name)?.written !== firstExport.get(name)?.written,
    );
    expect(rewritten).toEqual([CHAPTER_FILES[0], CHAPTER_FILES[2]]);
  });
});
