import { mkdir, readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createProject, writeProjectFile } from '../common/project/index.js';
import type { ScriptSplitOptions } from '../common/text/index.js';
import { splitScript } from '../common/text/index.js';
import { dropFile } from './support/drop-file.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';

/**
 * A long script with varied sentences: questions, exclamations, quotes, abbreviations and numbers, short and long
 * paragraphs (some longer than the default 500-character block), so paragraph, sentence and length splitting all
 * give different counts.
 */
function longScript(paragraphCount = 40): string {
  const openings = [
    'The harbour was quiet before dawn.',
    'Dr. Ellis checked her watch: it was 4.45 a.m. exactly.',
    '“Are you coming?” asked Tom.',
    'Nobody answered!',
    'Rain had fallen for three days, and the river was rising fast.',
    'She counted 1,250 steps to the top of the lighthouse.',
    'Why would anyone leave a lamp burning in an empty house?',
    'The letter, folded twice and sealed with green wax, lay on the table.',
  ];
  const middles = [
    'The gulls circled, crying over the grey water, and the boats knocked gently against the pier.',
    'He remembered the summer they had spent mending nets, talking about cities they would never see.',
    'Somewhere below, a door slammed; then the wind took the sound away.',
    'It was not the first time the village had waited for news, and it would not be the last.',
    'Mr. Harlow kept the keys in a tin box under the counter, next to the ledger and the bell.',
  ];
  const paragraphs: string[] = [];
  for (let index = 0; index < paragraphCount; index++) {
    const sentences = [openings[index % openings.length] ?? ''];
    // Paragraph lengths vary from one sentence to a dozen, so some go past the default 500 characters.
    const extra = (index * 7) % 12;
    for (let sentence = 0; sentence < extra; sentence++) {
      sentences.push(middles[(index + sentence) % middles.length] ?? '');
    }
    sentences.push(`That was day ${index + 1}.`);
    paragraphs.push(sentences.join(' '));
  }
  return paragraphs.join('\n\n');
}

function row(page: Page, title: string) {
  return page.locator(`[data-testid="project-row"][data-title="${title}"]`);
}

function rowByFile(page: Page, fileName: string) {
  return page.locator(`[data-testid="project-row"][data-file-name="${fileName}"]`);
}

/** Waits until the import preview shows `count` blocks (it follows the text and options as they change). */
async function expectPreviewCount(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('import-preview-count')).toHaveAttribute('data-count', String(count));
}

async function expectBlockCount(page: Page, title: string, count: number): Promise<void> {
  await expect(row(page, title).getByTestId('project-blocks')).toHaveAttribute('data-count', String(count));
}

/** The texts of the speech blocks in a project file, read from disk as main wrote it. */
async function speechTextsOnDisk(dataDir: string, fileName: string): Promise<string[]> {
  const project = JSON.parse(await readFile(path.join(dataDir, 'projects', fileName), 'utf8')) as {
    tracks: { speech: { blocks: { text: string }[] } };
  };
  return project.tracks.speech.blocks.map((block) => block.text);
}

// No service and no token: everything on these pages must work without one.
test.describe('journey: projects offline, without signing in', () => {
  test('imports a long text by drop, picker and paste, split as previewed', async ({ app, page }) => {
    const text = longScript();
    // In the test's own output folder, which Playwright clears before each run.
    const scriptFile = test.info().outputPath('Harbour story.txt');
    await writeFile(scriptFile, text);
    const byParagraph = splitScript(text);
    const bySentence = splitScript(text, { splitSentences: true });
    expect(byParagraph.length).toBeGreaterThan(40); // some paragraphs are over 500 characters
    expect(bySentence.length).toBeGreaterThan(byParagraph.length);

    await page.goto(app.url);
    await expect(page.getByTestId('projects-empty')).toBeVisible();

    // Dropped on the page: the import dialog opens with the file, its preview, and sentence splitting on.
    await dropFile(page, 'projects-page', scriptFile, 'text/plain');
    await expect(page.getByTestId('import-dialog')).toBeVisible();
    await expectPreviewCount(page, byParagraph.length);
    await expect(page.getByTestId('import-title')).toHaveValue('Harbour story');
    await expect(page.getByTestId('import-preview-block').first()).toContainText(byParagraph[0] ?? '');
    await page.getByTestId('import-split-sentences').check();
    await expectPreviewCount(page, bySentence.length);
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('project-editor')).toBeVisible();
    await expect(page.getByTestId('editor-title')).toHaveText('Harbour story');
    await expect(page.getByTestId('stat-blocks')).toHaveText(`${bySentence.length} blocks`);
    await new EditorPage(page).close();
    await expectBlockCount(page, 'Harbour story', bySentence.length);
    const dropped = await row(page, 'Harbour story').getAttribute('data-file-name');
    expect(await speechTextsOnDisk(app.dataDir, dropped ?? '')).toEqual(bySentence);

    // Picked with the file picker, one block per paragraph, under another title.
    await page.getByTestId('import-text').click();
    await page.getByTestId('import-source-file').click();
    await page.getByTestId('import-file-input').setInputFiles(scriptFile);
    await expectPreviewCount(page, byParagraph.length);
    await page.getByTestId('import-title').fill('Harbour by paragraph');
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('project-editor')).toBeVisible();
    await expect(page.getByTestId('stat-blocks')).toHaveText(`${byParagraph.length} blocks`);
    await new EditorPage(page).close();
    await expectBlockCount(page, 'Harbour by paragraph', byParagraph.length);

    // Pasted, with a max length: an out-of-range value is refused inline with the rule, then a valid one.
    const shortBlocks: ScriptSplitOptions = { maxLength: 120 };
    const byLength = splitScript(text, shortBlocks);
    await page.getByTestId('import-text').click();
    await page.getByTestId('import-text-input').fill(text);
    await expectPreviewCount(page, byParagraph.length);
    await page.getByTestId('import-max-length').fill('10');
    await expect(page.getByTestId('import-max-length-error')).toHaveText(
      'Max characters per block must be at least 20 characters.',
    );
    await expect(page.getByTestId('import-submit')).toBeDisabled();
    await page.getByTestId('import-max-length').fill('120');
    await expectPreviewCount(page, byLength.length);
    await page.getByTestId('import-title').fill('Harbour pasted');
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('project-editor')).toBeVisible();
    await new EditorPage(page).close();
    await expectBlockCount(page, 'Harbour pasted', byLength.length);
    const pasted = await row(page, 'Harbour pasted').getAttribute('data-file-name');
    expect(await speechTextsOnDisk(app.dataDir, pasted ?? '')).toEqual(byLength);
    expect(byLength.every((block) => block.length <= 120)).toBe(true);

    // Every imported project shows an estimated duration: nothing has been generated.
    await expect(row(page, 'Harbour pasted').getByTestId('project-duration')).toHaveText(/^≈ \d+:\d\d/);
  });

  test('explains damaged and newer files, never writes over them, and restores a backup', async ({
    app,
    launchApp,
    context,
    page,
  }) => {
    const projectsDir = path.join(app.dataDir, 'projects');
    await mkdir(projectsDir, { recursive: true });
    const garbage = Buffer.from(
      '{"schemaVersion": 1, "title": "Half writ\u0000\u0000\u00ff garbage',
      'latin1',
    );
    const newer = Buffer.from(
      `${JSON.stringify({ schemaVersion: 99, id: 'x', title: 'From the future', hologram: true }, null, 2)}\n`,
    );
    const valid = JSON.parse(
      writeProjectFile(createProject({ title: 'Bad field', textBlocks: ['Hello.'] })),
    ) as {
      tracks: { speech: { blocks: Record<string, unknown>[] } };
    };
    const firstBlock = valid.tracks.speech.blocks[0];
    if (firstBlock) firstBlock.text = 42;
    const badField = Buffer.from(JSON.stringify(valid, null, 2));
    const untouchable = {
      'broken.timbre': garbage,
      'future.timbre': newer,
      'bad-field.timbre': badField,
    };
    for (const [name, bytes] of Object.entries(untouchable))
      await writeFile(path.join(projectsDir, name), bytes);

    // A project with a backup: created, then renamed (the save keeps the first version as the backup).
    await page.goto(app.url);
    await page.getByTestId('new-project').click();
    await page.getByTestId('new-project-title').fill('Lighthouse');
    await page.getByTestId('new-project-submit').click();
    await expect(page.getByTestId('project-editor')).toBeVisible();
    await new EditorPage(page).close();
    await row(page, 'Lighthouse').getByTestId('project-rename').click();
    await page.getByTestId('project-rename-input').fill('Lighthouse v2');
    await page.getByTestId('project-rename-input').press('Enter');
    await expect(row(page, 'Lighthouse v2')).toBeVisible();
    const lighthouse = (await row(page, 'Lighthouse v2').getAttribute('data-file-name')) ?? '';
    const lighthouseGarbage = Buffer.from('\u0000\u0001 not a project any more', 'latin1');
    await writeFile(path.join(projectsDir, lighthouse), lighthouseGarbage);

    await page.reload();
    await expect(rowByFile(page, lighthouse)).toBeVisible();
    await expect(rowByFile(page, 'broken.timbre')).toHaveAttribute('data-state', 'not-json');
    await expect(rowByFile(page, 'future.timbre')).toHaveAttribute('data-state', 'newer-version');
    await expect(rowByFile(page, 'bad-field.timbre')).toHaveAttribute('data-state', 'invalid');
    await expect(rowByFile(page, lighthouse).getByTestId('project-has-backup')).toBeVisible();
    await expect(rowByFile(page, 'broken.timbre').getByTestId('project-has-backup')).toHaveCount(0);

    // Each one opens to a clear message; none offers a restore it cannot do.
    await rowByFile(page, 'broken.timbre').getByTestId('project-open').click();
    await expect(page.getByTestId('open-problem-message')).toContainText('not valid JSON');
    await expect(page.getByTestId('restore-backup')).toHaveCount(0);
    await expect(page.getByTestId('open-problem-no-backup')).toContainText('no readable backup');
    await page.getByTestId('open-problem-close').click();

    await rowByFile(page, 'future.timbre').getByTestId('project-open').click();
    await expect(page.getByRole('dialog').getByRole('heading')).toHaveText(
      'This project needs a newer Timbre Studio',
    );
    await expect(page.getByTestId('open-problem-message')).toContainText('file format 99');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('open-problem')).toHaveCount(0);

    // Selected with the keyboard and opened with Enter: the bad field is named.
    await rowByFile(page, 'bad-field.timbre').getByTestId('project-title').click();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('open-problem-field')).toHaveText(
      'First bad field: tracks.speech.blocks[0].text',
    );
    await page.getByTestId('open-problem-close').click();

    for (const [name, bytes] of Object.entries(untouchable)) {
      expect(await readFile(path.join(projectsDir, name)), name).toEqual(bytes);
    }

    // After a restart they are still listed as they are, still byte for byte what was written.
    await app.stop();
    const restarted = await launchApp({ dataDir: app.dataDir });
    await context.clearCookies();
    await page.goto(restarted.url);
    await expect(rowByFile(page, 'broken.timbre')).toBeVisible();
    await expect(rowByFile(page, 'broken.timbre')).toHaveAttribute('data-state', 'not-json');
    await rowByFile(page, 'future.timbre').getByTestId('project-open').click();
    await expect(page.getByTestId('open-problem')).toBeVisible();
    await page.getByTestId('open-problem-close').click();
    for (const [name, bytes] of Object.entries(untouchable)) {
      expect(await readFile(path.join(projectsDir, name)), name).toEqual(bytes);
    }

    // The damaged project with a backup: restoring brings back the last good version and keeps the damage aside.
    await rowByFile(page, lighthouse).getByTestId('project-open').click();
    await expect(page.getByTestId('open-problem-recovery')).toContainText('Lighthouse');
    await page.getByTestId('restore-backup').click();
    await expect(page.getByTestId('project-editor')).toBeVisible();
    await expect(page.getByTestId('editor-title')).toHaveText('Lighthouse');
    await new EditorPage(page).close();
    await expect(rowByFile(page, lighthouse)).toHaveAttribute('data-state', 'ok');
    await expect(rowByFile(page, lighthouse)).toHaveAttribute('data-title', 'Lighthouse');
    const kept = (await readdir(projectsDir)).filter((name) => name.startsWith(`${lighthouse}.damaged-`));
    expect(kept).toHaveLength(1);
    expect(await readFile(path.join(projectsDir, kept[0] ?? ''))).toEqual(lighthouseGarbage);
  });

  test('opens a book-length project, sent compressed, and keeps an edit made in it', async ({
    app,
    page,
  }) => {
    // 2,000 blocks of varied prose: well over the 256 KB from which main compresses its answers.
    const words = longScript(12).split(/\s+/u);
    const texts = Array.from({ length: 2000 }, (_, index) =>
      Array.from({ length: 24 }, (__, word) => words[(index * 13 + word * 7) % words.length]).join(' '),
    );
    const projectsDir = path.join(app.dataDir, 'projects');
    await mkdir(projectsDir, { recursive: true });
    const book = createProject({ title: 'Long book', textBlocks: texts });
    await writeFile(path.join(projectsDir, 'long-book.timbre'), writeProjectFile(book));
    const binaryFrames: number[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string') binaryFrames.push(payload.length);
      }),
    );

    await page.goto(app.url);
    await row(page, 'Long book').getByTestId('project-open').click();
    await expect(page.getByTestId('stat-blocks')).toContainText('2,000 blocks');
    const first = page.getByTestId('script-text').first();
    await expect(first).toHaveValue(texts[0] ?? '');
    expect(binaryFrames).toHaveLength(1);
    await first.press('Control+End');
    await first.pressSequentially(' The end.');
    await new EditorPage(page).waitSaved();
    const saved = await speechTextsOnDisk(app.dataDir, 'long-book.timbre');
    expect(saved).toHaveLength(2000);
    expect(saved[0]).toBe(`${texts[0]} The end.`);
    expect(saved[1999]).toBe(texts[1999]);
  });

  test('lists a library of 150 projects in order, with a right-sized list before its rows are seen', async ({
    app,
    page,
  }) => {
    const count = 150;
    const projectsDir = path.join(app.dataDir, 'projects');
    await mkdir(projectsDir, { recursive: true });
    const now = Date.now();
    for (let index = 0; index < count; index += 1) {
      const title = `Episode ${String(index).padStart(3, '0')}`;
      const filePath = path.join(projectsDir, `episode-${index}.timbre`);
      await writeFile(
        filePath,
        writeProjectFile(createProject({ title, textBlocks: [`Text of ${title}.`] })),
      );
      // Episode 000 is the newest.
      const modified = new Date(now - index * 60_000);
      await utimes(filePath, modified, modified);
    }
    await page.goto(app.url);
    const rows = page.getByTestId('project-row');
    await expect(rows.first()).toHaveAttribute('data-title', 'Episode 000');
    // The first screenful is drawn first, the rest right after.
    await expect(rows).toHaveCount(count);
    const titles = await rows.evaluateAll((elements) => elements.map((element) => element.dataset.title));
    expect(titles).toEqual(
      Array.from({ length: count }, (_, index) => `Episode ${String(index).padStart(3, '0')}`),
    );

    // Rows off screen are not laid out until seen; the list is as tall before as after, so the scrollbar is right.
    const list = page.getByTestId('project-list');
    const heightOf = async (): Promise<number> => (await list.boundingBox())?.height ?? 0;
    const unseen = await heightOf();
    for (let index = 0; index < count; index += 10) await rows.nth(index).scrollIntoViewIfNeeded();
    await rows.last().scrollIntoViewIfNeeded();
    const seen = await heightOf();
    expect(Math.abs(seen - unseen)).toBeLessThanOrEqual(seen * 0.02);

    // End selects the last project and brings it into view; Home the first.
    await rows.first().click();
    await page.keyboard.press('End');
    await expect(rows.last()).toHaveAttribute('data-selected', 'true');
    await expect(rows.last()).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(rows.first()).toHaveAttribute('data-selected', 'true');
    await expect(rows.first()).toBeInViewport();

    // A first start lists what it has not counted yet by title, and counts it after: every row ends up counted.
    await expect(page.locator('[data-testid="project-row"][data-state="counting"]')).toHaveCount(0);
    await expect(rows.last().getByTestId('project-blocks')).toHaveAttribute('data-count', '1');
    await expect(rows.getByTestId('project-blocks')).toHaveCount(count);

    // A project opened from far down the list is where the user left it when they close the editor.
    await rows.nth(120).getByTestId('project-open').click();
    await expect(page.getByTestId('project-editor')).toBeVisible();
    await page.getByTestId('editor-close').click();
    await expect(rows.nth(120)).toHaveAttribute('data-title', 'Episode 120');
    await expect(rows.nth(120)).toBeInViewport();
  });

  test('creates, renames, duplicates and deletes projects, by mouse and keyboard', async ({ app, page }) => {
    await page.goto(app.url);
    await expect(page.getByTestId('projects-empty')).toBeVisible();

    // Ctrl+N starts a new project (Ctrl+1…4 still switch pages).
    await page.keyboard.press('Control+n');
    await page.getByTestId('new-project-title').fill('Podcast intro');
    await page.getByTestId('new-project-submit').click();
    await expect(page.getByTestId('project-editor')).toBeVisible();
    // The open project survives a trip to another page.
    await page.keyboard.press('Control+3');
    await expect(page.getByTestId('page-tasks')).toBeVisible();
    await page.keyboard.press('Control+1');
    await expect(page.getByTestId('editor-title')).toHaveText('Podcast intro');
    await new EditorPage(page).close();
    await expect(page.getByTestId('recent-project').first()).toHaveAttribute('data-title', 'Podcast intro');

    // F2 renames the selected row in place.
    await row(page, 'Podcast intro').getByTestId('project-title').click();
    await page.keyboard.press('F2');
    await page.getByTestId('project-rename-input').fill('Podcast intro (final)');
    await page.keyboard.press('Enter');
    await expect(row(page, 'Podcast intro (final)')).toBeVisible();
    const fileName = (await row(page, 'Podcast intro (final)').getAttribute('data-file-name')) ?? '';

    await row(page, 'Podcast intro (final)').getByTestId('project-duplicate').click();
    await expect(row(page, 'Podcast intro (final) (copy)')).toBeVisible();
    await expect(page.getByTestId('project-row')).toHaveCount(2);
    const copy = (await row(page, 'Podcast intro (final) (copy)').getAttribute('data-file-name')) ?? '';
    expect(copy).not.toBe(fileName);

    // Delete asks first, says where the file goes, and moves it to the trash folder (the browser shell's trash).
    await row(page, 'Podcast intro (final) (copy)').getByTestId('project-title').click();
    await page.keyboard.press('Delete');
    const confirm = page.getByTestId('delete-project-dialog');
    await expect(confirm).toContainText('trash');
    await page.getByTestId('delete-cancel').click();
    await expect(page.getByTestId('project-row')).toHaveCount(2);
    await row(page, 'Podcast intro (final) (copy)').getByTestId('project-delete').click();
    await page.getByTestId('delete-confirm').click();
    await expect(row(page, 'Podcast intro (final) (copy)')).toHaveCount(0);
    await expect(page.getByTestId('project-row')).toHaveCount(1);
    expect(await readdir(path.join(app.dataDir, 'projects'))).not.toContain(copy);
    expect((await readdir(path.join(app.dataDir, 'trash'))).some((name) => name.endsWith(copy))).toBe(true);

    // Search narrows the list; the title survives a reload because it is in the file.
    await page.getByTestId('project-search').fill('nothing like this');
    await expect(page.getByTestId('projects-no-match')).toBeVisible();
    await page.reload();
    await expect(row(page, 'Podcast intro (final)')).toBeVisible();
    await expect(row(page, 'Podcast intro (final)')).toHaveAttribute('data-file-name', fileName);
  });
});
