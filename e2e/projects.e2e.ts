import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { createProject, writeProjectFile } from '../common/project/index.js';
import type { ScriptSplitOptions } from '../common/text/index.js';
import { splitScript } from '../common/text/index.js';
import type { RunningApp } from './support/app-process.js';
import { startApp } from './support/app-process.js';
import { launchChromium } from './support/browser.js';

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

/** Drops a file on an element the way a user dragging it from the desktop would. */
async function dropFile(page: Page, testId: string, filePath: string, mediaType: string): Promise<void> {
  const bytes = [...(await readFile(filePath))];
  const dataTransfer = await page.evaluateHandle(
    ({ data, name, type }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type }));
      return transfer;
    },
    { data: bytes, name: path.basename(filePath), type: mediaType },
  );
  const target = page.getByTestId(testId);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}

function row(page: Page, title: string) {
  return page.locator(`[data-testid="project-row"][data-title="${title}"]`);
}

function rowByFile(page: Page, fileName: string) {
  return page.locator(`[data-testid="project-row"][data-file-name="${fileName}"]`);
}

/** Waits until the import preview shows `count` blocks (it follows the text and options as they change). */
async function waitForPreviewCount(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="import-preview-count"]')?.getAttribute('data-count') ===
      String(expected),
    count,
  );
}

async function blockCountOf(page: Page, title: string): Promise<number> {
  return Number(await row(page, title).getByTestId('project-blocks').getAttribute('data-count'));
}

/** The texts of the speech blocks in a project file, read from disk as main wrote it. */
async function speechTextsOnDisk(dataDir: string, fileName: string): Promise<string[]> {
  const project = JSON.parse(await readFile(path.join(dataDir, 'projects', fileName), 'utf8')) as {
    tracks: { speech: { blocks: { text: string }[] } };
  };
  return project.tracks.speech.blocks.map((block) => block.text);
}

async function closeEditor(page: Page): Promise<void> {
  await page.getByTestId('editor-close').click();
  await page.getByTestId('projects-page').waitFor();
}

describe('journey: projects offline, without signing in', () => {
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    // No service and no token: everything on this page must work without one.
    app = await startApp();
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
    await app.dispose();
  });

  it('imports a long text by drop, picker and paste, split as previewed', async () => {
    const text = longScript();
    const scriptDir = await mkdtemp(path.join(tmpdir(), 'timbre-e2e-script-'));
    onTestFinished(() => rm(scriptDir, { recursive: true, force: true }));
    const scriptFile = path.join(scriptDir, 'Harbour story.txt');
    await writeFile(scriptFile, text);
    const byParagraph = splitScript(text);
    const bySentence = splitScript(text, { splitSentences: true });
    expect(byParagraph.length).toBeGreaterThan(40); // some paragraphs are over 500 characters
    expect(bySentence.length).toBeGreaterThan(byParagraph.length);

    await page.goto(app.url);
    await page.getByTestId('projects-empty').waitFor();

    // Dropped on the page: the import dialog opens with the file, its preview, and sentence splitting on.
    await dropFile(page, 'projects-page', scriptFile, 'text/plain');
    await page.getByTestId('import-dialog').waitFor();
    await waitForPreviewCount(page, byParagraph.length);
    expect(await page.getByTestId('import-title').inputValue()).toBe('Harbour story');
    expect(await page.getByTestId('import-preview-block').first().textContent()).toContain(byParagraph[0]);
    await page.getByTestId('import-split-sentences').check();
    await waitForPreviewCount(page, bySentence.length);
    await page.getByTestId('import-submit').click();
    await page.getByTestId('project-editor').waitFor();
    expect(await page.getByTestId('editor-title').textContent()).toBe('Harbour story');
    expect(await page.getByTestId('stat-blocks').textContent()).toBe(`${bySentence.length} blocks`);
    await closeEditor(page);
    expect(await blockCountOf(page, 'Harbour story')).toBe(bySentence.length);
    const dropped = await row(page, 'Harbour story').getAttribute('data-file-name');
    expect(await speechTextsOnDisk(app.dataDir, dropped ?? '')).toEqual(bySentence);

    // Picked with the file picker, one block per paragraph, under another title.
    await page.getByTestId('import-text').click();
    await page.getByTestId('import-source-file').click();
    await page.getByTestId('import-file-input').setInputFiles(scriptFile);
    await waitForPreviewCount(page, byParagraph.length);
    await page.getByTestId('import-title').fill('Harbour by paragraph');
    await page.getByTestId('import-submit').click();
    await page.getByTestId('project-editor').waitFor();
    expect(await page.getByTestId('stat-blocks').textContent()).toBe(`${byParagraph.length} blocks`);
    await closeEditor(page);
    expect(await blockCountOf(page, 'Harbour by paragraph')).toBe(byParagraph.length);

    // Pasted, with a max length: an out-of-range value is refused inline with the rule, then a valid one.
    const shortBlocks: ScriptSplitOptions = { maxLength: 120 };
    const byLength = splitScript(text, shortBlocks);
    await page.getByTestId('import-text').click();
    await page.getByTestId('import-text-input').fill(text);
    await waitForPreviewCount(page, byParagraph.length);
    await page.getByTestId('import-max-length').fill('10');
    expect(await page.getByTestId('import-max-length-error').textContent()).toBe(
      'Max characters per block must be at least 20 characters.',
    );
    expect(await page.getByTestId('import-submit').isDisabled()).toBe(true);
    await page.getByTestId('import-max-length').fill('120');
    await waitForPreviewCount(page, byLength.length);
    await page.getByTestId('import-title').fill('Harbour pasted');
    await page.getByTestId('import-submit').click();
    await page.getByTestId('project-editor').waitFor();
    await closeEditor(page);
    expect(await blockCountOf(page, 'Harbour pasted')).toBe(byLength.length);
    const pasted = await row(page, 'Harbour pasted').getAttribute('data-file-name');
    expect(await speechTextsOnDisk(app.dataDir, pasted ?? '')).toEqual(byLength);
    expect(byLength.every((block) => block.length <= 120)).toBe(true);

    // Every imported project shows an estimated duration: nothing has been generated.
    expect(await row(page, 'Harbour pasted').getByTestId('project-duration').textContent()).toMatch(
      /^≈ \d+:\d\d/,
    );
  });

  it('explains damaged and newer files, never writes over them, and restores a backup', async () => {
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
    await page.getByTestId('project-editor').waitFor();
    await closeEditor(page);
    await row(page, 'Lighthouse').getByTestId('project-rename').click();
    await page.getByTestId('project-rename-input').fill('Lighthouse v2');
    await page.getByTestId('project-rename-input').press('Enter');
    await row(page, 'Lighthouse v2').waitFor();
    const lighthouse = (await row(page, 'Lighthouse v2').getAttribute('data-file-name')) ?? '';
    const lighthouseGarbage = Buffer.from('\u0000\u0001 not a project any more', 'latin1');
    await writeFile(path.join(projectsDir, lighthouse), lighthouseGarbage);

    await page.reload();
    await rowByFile(page, lighthouse).waitFor();
    expect(await rowByFile(page, 'broken.timbre').getAttribute('data-state')).toBe('not-json');
    expect(await rowByFile(page, 'future.timbre').getAttribute('data-state')).toBe('newer-version');
    expect(await rowByFile(page, 'bad-field.timbre').getAttribute('data-state')).toBe('invalid');
    expect(await rowByFile(page, lighthouse).getByTestId('project-has-backup').isVisible()).toBe(true);
    expect(await rowByFile(page, 'broken.timbre').getByTestId('project-has-backup').count()).toBe(0);

    // Each one opens to a clear message; none offers a restore it cannot do.
    await rowByFile(page, 'broken.timbre').getByTestId('project-open').click();
    expect(await page.getByTestId('open-problem-message').textContent()).toContain('not valid JSON');
    expect(await page.getByTestId('restore-backup').count()).toBe(0);
    expect(await page.getByTestId('open-problem-no-backup').textContent()).toContain('no readable backup');
    await page.getByTestId('open-problem-close').click();

    await rowByFile(page, 'future.timbre').getByTestId('project-open').click();
    expect(await page.getByRole('dialog').getByRole('heading').textContent()).toBe(
      'This project needs a newer Timbre Studio',
    );
    expect(await page.getByTestId('open-problem-message').textContent()).toContain('file format 99');
    await page.keyboard.press('Escape');
    await page.getByTestId('open-problem').waitFor({ state: 'detached' });

    // Selected with the keyboard and opened with Enter: the bad field is named.
    await rowByFile(page, 'bad-field.timbre').getByTestId('project-title').click();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('open-problem-field').textContent()).toBe(
      'First bad field: tracks.speech.blocks[0].text',
    );
    await page.getByTestId('open-problem-close').click();

    for (const [name, bytes] of Object.entries(untouchable)) {
      expect(await readFile(path.join(projectsDir, name)), name).toEqual(bytes);
    }

    // After a restart they are still listed as they are, still byte for byte what was written.
    await context.close();
    await app.stop();
    app = await startApp({ dataDir: app.dataDir });
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(app.url);
    await rowByFile(page, 'broken.timbre').waitFor();
    expect(await rowByFile(page, 'broken.timbre').getAttribute('data-state')).toBe('not-json');
    await rowByFile(page, 'future.timbre').getByTestId('project-open').click();
    await page.getByTestId('open-problem').waitFor();
    await page.getByTestId('open-problem-close').click();
    for (const [name, bytes] of Object.entries(untouchable)) {
      expect(await readFile(path.join(projectsDir, name)), name).toEqual(bytes);
    }

    // The damaged project with a backup: restoring brings back the last good version and keeps the damage aside.
    await rowByFile(page, lighthouse).getByTestId('project-open').click();
    expect(await page.getByTestId('open-problem-recovery').textContent()).toContain('Lighthouse');
    await page.getByTestId('restore-backup').click();
    await page.getByTestId('project-editor').waitFor();
    expect(await page.getByTestId('editor-title').textContent()).toBe('Lighthouse');
    await closeEditor(page);
    expect(await rowByFile(page, lighthouse).getAttribute('data-state')).toBe('ok');
    expect(await rowByFile(page, lighthouse).getAttribute('data-title')).toBe('Lighthouse');
    const kept = (await readdir(projectsDir)).filter((name) => name.startsWith(`${lighthouse}.damaged-`));
    expect(kept).toHaveLength(1);
    expect(await readFile(path.join(projectsDir, kept[0] ?? ''))).toEqual(lighthouseGarbage);
  });

  it('creates, renames, duplicates and deletes projects, by mouse and keyboard', async () => {
    await page.goto(app.url);
    await page.getByTestId('projects-empty').waitFor();

    // Ctrl+N starts a new project (Ctrl+1…4 still switch pages).
    await page.keyboard.press('Control+n');
    await page.getByTestId('new-project-title').fill('Podcast intro');
    await page.getByTestId('new-project-submit').click();
    await page.getByTestId('project-editor').waitFor();
    // The open project survives a trip to another page.
    await page.keyboard.press('Control+3');
    await page.getByTestId('page-tasks').waitFor();
    await page.keyboard.press('Control+1');
    expect(await page.getByTestId('editor-title').textContent()).toBe('Podcast intro');
    await closeEditor(page);
    expect(await page.getByTestId('recent-project').first().getAttribute('data-title')).toBe('Podcast intro');

    // F2 renames the selected row in place.
    await row(page, 'Podcast intro').getByTestId('project-title').click();
    await page.keyboard.press('F2');
    await page.getByTestId('project-rename-input').fill('Podcast intro (final)');
    await page.keyboard.press('Enter');
    await row(page, 'Podcast intro (final)').waitFor();
    const fileName = (await row(page, 'Podcast intro (final)').getAttribute('data-file-name')) ?? '';

    await row(page, 'Podcast intro (final)').getByTestId('project-duplicate').click();
    await row(page, 'Podcast intro (final) (copy)').waitFor();
    expect(await page.getByTestId('project-row').count()).toBe(2);
    const copy = (await row(page, 'Podcast intro (final) (copy)').getAttribute('data-file-name')) ?? '';
    expect(copy).not.toBe(fileName);

    // Delete asks first, says where the file goes, and moves it to the trash folder (the browser shell's trash).
    await row(page, 'Podcast intro (final) (copy)').getByTestId('project-title').click();
    await page.keyboard.press('Delete');
    const confirm = page.getByTestId('delete-project-dialog');
    expect(await confirm.textContent()).toContain('trash');
    await page.getByTestId('delete-cancel').click();
    expect(await page.getByTestId('project-row').count()).toBe(2);
    await row(page, 'Podcast intro (final) (copy)').getByTestId('project-delete').click();
    await page.getByTestId('delete-confirm').click();
    await row(page, 'Podcast intro (final) (copy)').waitFor({ state: 'detached' });
    expect(await page.getByTestId('project-row').count()).toBe(1);
    expect(await readdir(path.join(app.dataDir, 'projects'))).not.toContain(copy);
    expect((await readdir(path.join(app.dataDir, 'trash'))).some((name) => name.endsWith(copy))).toBe(true);

    // Search narrows the list; the title survives a reload because it is in the file.
    await page.getByTestId('project-search').fill('nothing like this');
    await page.getByTestId('projects-no-match').waitFor();
    await page.reload();
    await row(page, 'Podcast intro (final)').waitFor();
    expect(await row(page, 'Podcast intro (final)').getAttribute('data-file-name')).toBe(fileName);
  });
});
