import { mkdir, readFile, readdir } from 'node:fs/promises';
import { sendContext } from '../common/project/send-context.js';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { layoutTimeline } from '../common/project/index.js';
import type { RunningApp } from './support/app-process.js';
import type { SuiteStandin } from './support/fixtures.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { savedProject } from './support/saved-project.js';
import { parseSrt } from './support/srt-file.js';
import { ProjectsPage } from './support/pages/projects-page.js';

/** WAV duration from its header: data bytes / (rate × channels × bytes per sample). */
function wavDurationMs(bytes: Buffer): number {
  const channels = bytes.readUInt16LE(22);
  const rate = bytes.readUInt32LE(24);
  const bits = bytes.readUInt16LE(34);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'data') return (size / (rate * channels * (bits / 8))) * 1000;
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

const speech = [
  'Welcome back to the river show. Today we follow the water from the hills.',
  'Rivers carry water, stones and stories down to the sea.',
  'Thank you for listening, and see you next week.',
];

test.use({ service: 'standin', standinOptions: { speed: 40 } });

const taskPosts = (standin: SuiteStandin) =>
  standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST');

/** The app beside the stand-in, with its default export folder in the test's output folder. */
async function appWithExportFolder(
  launchApp: (options: { env: Record<string, string> }) => Promise<RunningApp>,
): Promise<{ app: RunningApp; outDir: string }> {
  const outDir = test.info().outputPath('exports');
  await mkdir(outDir, { recursive: true });
  return { app: await launchApp({ env: { TIMBRE_EXPORT_DIR: outDir } }), outDir };
}

async function generateAll(page: Page, label: string): Promise<void> {
  await page.getByTestId('generate-project').filter({ hasText: label }).click();
  await expect(page.getByTestId('generate-project').filter({ hasText: 'All generated' })).toBeVisible({
    timeout: 60_000,
  });
}

test.describe('journey: generate a three-track project, regenerate one block, export WAV and SRT', () => {
  test('sends every block once, then only the edited one, and exports audio and subtitles that match the timeline', async ({
    launchApp,
    standin,
    page,
  }) => {
    const { app, outDir } = await appWithExportFolder(launchApp);
    await page.goto(app.url);
    await page.getByTestId('nav-projects').click();
    await new ProjectsPage(page).create('River show');
    await new EditorPage(page).addTextBlocks(speech);
    await page.getByTestId('add-sfx-block').click();
    await page.getByTestId('field-text').fill('a wooden door creaks open');
    await page.getByTestId('field-text').blur();
    await page.getByTestId('add-music-block').click();
    await page.getByTestId('field-text').fill('calm piano, slow tempo');
    await page.getByTestId('field-text').blur();

    await generateAll(page, 'Generate 5 blocks');
    expect(taskPosts(standin)).toHaveLength(1);
    expect(taskPosts(standin)[0]?.summary).toMatchObject({ blocks: 5 });

    // Edit one block: only it is sent again.
    const second = page.getByTestId('script-text').nth(1);
    await second.click();
    await second.press('End');
    await second.pressSequentially(' Even the smallest stream.');
    await generateAll(page, 'Generate 1 block');
    expect(taskPosts(standin)).toHaveLength(2);
    expect(taskPosts(standin)[1]?.summary).toMatchObject({ blocks: 1 });
    // The stand-in keeps the first 80 characters of what was sent: the edited block, with its new words.
    expect(taskPosts(standin)[1]?.summary.textPreview).toBe(
      `${speech[1]} Even the smallest stream.`.slice(0, 80),
    );

    // Export WAV + SRT and compare with the timeline the editor saved.
    await page.getByTestId('export-open').click();
    // While the user chooses, main decodes the project's five sounds ahead, for the export to find them done.
    const decodedAhead = async (): Promise<number> =>
      (await readdir(path.join(app.dataDir, 'pcm-cache')).catch(() => [] as string[])).filter((name) =>
        name.endsWith('.json'),
      ).length;
    await expect.poll(decodedAhead, { timeout: 30_000 }).toBe(5);
    const outputPath = path.join(outDir, 'River show.wav');
    await page.getByTestId('export-path').fill(outputPath);
    await page.getByTestId('export-loudness').selectOption('none');
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('export-output-path')).toHaveText(outputPath);
    await page.getByTestId('export-close').click();

    const project = await savedProject(page, app);
    const layout = layoutTimeline(project, sendContext(project, []));
    expect(layout.estimated).toBe(false);
    const durationMs = wavDurationMs(await readFile(outputPath));
    expect(Math.abs(durationMs - layout.totalMs)).toBeLessThan(30);

    const cues = parseSrt(await readFile(path.join(outDir, 'River show.srt'), 'utf8'));
    expect(cues.length).toBeGreaterThanOrEqual(speech.length);
    // A cue starts inside its block's speech; one too short to read lingers into the silence after it (never past
    // the next block's start, nor the end of the file).
    for (const cue of cues) {
      const index = layout.speech.findIndex(
        (item) => cue.startMs >= item.startMs - 1 && cue.startMs <= item.endMs + 1,
      );
      expect(index, `cue "${cue.text}" starts inside a speech block`).toBeGreaterThanOrEqual(0);
      const until = layout.speech[index + 1]?.startMs ?? layout.totalMs;
      expect(cue.endMs, `cue "${cue.text}" ends before the next block`).toBeLessThanOrEqual(until + 1);
    }
    const spoken = cues.map((cue) => cue.text).join(' ');
    expect(spoken).toContain('Even the smallest stream.');
  });
  test('exports a batch of projects, generating what one of them lacks, and lists the files it wrote', async ({
    launchApp,
    standin,
    page,
  }) => {
    const { app, outDir } = await appWithExportFolder(launchApp);
    await page.goto(app.url);
    // One project generated in full…
    await new ProjectsPage(page).create('River show');
    await new EditorPage(page).addTextBlocks([speech[0] ?? '']);
    await generateAll(page, 'Generate 1 block');
    await new EditorPage(page).close();
    // …and a second, imported from pasted text: none of its blocks has audio yet.
    await page.getByTestId('import-text').click();
    await page
      .getByTestId('import-text-input')
      .fill('The harbour wakes early.\n\nBoats leave before the sun is up.');
    await page.getByTestId('import-title').fill('Harbour notes');
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('project-editor')).toBeVisible();
    await page.getByTestId('editor-close').click();
    await expect(page.getByTestId('project-list')).toBeVisible();
    const postsBefore = taskPosts(standin).length;

    await page.getByTestId('nav-exports').click();
    await page.getByTestId('batch-add').click();
    await page.getByTestId('batch-select-all').check();
    const batchDir = path.join(outDir, 'batch');
    await page.getByTestId('batch-destination').fill(batchDir);
    await page.getByTestId('batch-name-template').fill('{index} {title}');
    await page.getByTestId('export-format').selectOption('mp3');
    await page.getByTestId('export-loudness').selectOption('none');
    await page.getByTestId('batch-generate-missing').check();
    await page.getByTestId('batch-add-submit').click();

    const items = page.getByTestId('batch-item');
    await expect(items).toHaveCount(2, { timeout: 90_000 });
    for (const item of await items.all())
      await expect(item).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
    await expect(items).toHaveCount(2);
    const written = (await readdir(batchDir)).sort();
    expect(written.filter((name) => name.endsWith('.mp3'))).toHaveLength(2);
    expect(written.filter((name) => name.endsWith('.srt'))).toHaveLength(2);
    expect(written.some((name) => name.includes('Harbour notes'))).toBe(true);
    // Only the imported project needed the service: the river show's audio was already cached.
    expect(taskPosts(standin).length).toBe(postsBefore + 1);
    expect(taskPosts(standin).at(-1)?.summary).toMatchObject({ blocks: 2 });
    await expect(page.getByTestId('batch-overall-text')).toHaveText('2 done');
  });

  test('pauses a batch: waiting projects show their titles and "paused", and resuming finishes them', async ({
    launchApp,
    page,
  }) => {
    const { app, outDir } = await appWithExportFolder(launchApp);
    await page.goto(app.url);
    const titles = ['Chapter One: The Harbour', 'Chapter Two: The Storm', 'Chapter Three: The Light'];
    for (const title of titles) {
      await page.getByTestId('import-text').click();
      await page.getByTestId('import-text-input').fill(`${title}.\n\nThe keeper climbed the stairs at dusk.`);
      await page.getByTestId('import-title').fill(title);
      await page.getByTestId('import-submit').click();
      await expect(page.getByTestId('editor-title')).toHaveText(title);
      await new EditorPage(page).close();
    }

    await page.getByTestId('nav-exports').click();
    await page.getByTestId('batch-add').click();
    await page.getByTestId('batch-select-all').check();
    await page.getByTestId('batch-destination').fill(path.join(outDir, 'paused'));
    await page.getByTestId('batch-generate-missing').check();
    await page.getByTestId('batch-add-submit').click();
    // Pause while the first project is being generated: the queue stops after it.
    await page.getByTestId('batch-pause').click();
    await expect(page.getByTestId('batch-overall')).toHaveAttribute('data-state', 'paused', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('batch-overall-text')).toContainText('(paused)');
    const waiting = page.locator('[data-testid="batch-item"][data-status="queued"]');
    expect(await waiting.count()).toBeGreaterThan(0);
    // Waiting items are named by their projects' titles, not their file names.
    for (const label of await waiting.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-label')),
    ))
      expect(titles).toContain(label);
    await expect(waiting.first().getByTestId('batch-item-status')).toHaveText('Waiting');

    await page.getByTestId('batch-resume').click();
    const items = page.getByTestId('batch-item');
    for (const item of await items.all())
      await expect(item).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
    await expect(page.getByTestId('batch-overall-text')).toHaveText('3 done');
  });
});
