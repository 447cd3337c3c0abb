import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../main/services/secrets/keytar-secret-store.js';
import type { RunningApp } from './support/app-process.js';
import { startApp } from './support/app-process.js';
import { launchChromium } from './support/browser.js';
import { startSuiteStandin } from './support/standin.js';

/**
 * Trust journeys: exports that survive a closed dialog and a restart, a first export on a fresh machine, files
 * that already exist, and a tab that outlives the app. Each test has its own data and home folders.
 */
describe('journeys: nothing lost — credits, work or an export', () => {
  let browser: Browser;
  let standin: Awaited<ReturnType<typeof startSuiteStandin>>;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    [browser, standin] = await Promise.all([launchChromium(), startSuiteStandin({ speed: 40 })]);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    standin.setQueuePaused(false);
  });
  afterAll(async () => {
    await new KeytarSecretStore().delete(standin.url).catch(() => false);
    await Promise.all([browser.close(), standin.dispose()]);
  });

  const taskPosts = (): number =>
    standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST').length;

  /** A fresh home folder (so the default export folder does not exist yet) and a fresh data folder. */
  async function freshApp(
    options: { dataDir?: string; home?: string; rememberAddress?: boolean } = {},
  ): Promise<{ app: RunningApp; home: string }> {
    const home = options.home ?? (await mkdtemp(path.join(tmpdir(), 'timbre-e2e-home-')));
    const app = await startApp({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.rememberAddress ? { rememberAddress: true } : {}),
      env: {
        HOME: home,
        TIMBRE_STANDIN_URL: standin.url,
        TIMBRE_STANDIN_VOICES: standin.marketVoices.map((voice) => voice.id).join(','),
      },
    });
    return { app, home };
  }

  async function openPage(app: RunningApp): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(app.url);
    return { context, page };
  }

  async function newProject(page: Page, title: string, texts: readonly string[]): Promise<void> {
    await page.getByTestId('nav-projects').click();
    await page.getByTestId('new-project').click();
    await page.getByTestId('new-project-title').fill(title);
    await page.getByTestId('new-project-submit').click();
    await page.getByTestId('project-editor').waitFor();
    for (const [index, text] of texts.entries()) {
      await page.getByTestId('add-text-block').click();
      const box = page.getByTestId('script-text').nth(index);
      await box.click();
      await box.fill(text);
    }
    await page.getByTestId('save-status').filter({ hasText: /saved/i }).waitFor();
  }

  /** Export → the dialog lists the blocks without audio → "Generate N blocks, then export" is handed to main. */
  async function generateThenExport(page: Page): Promise<void> {
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-start').click();
    await page.getByTestId('export-generate-missing').click();
    await page.getByTestId('export-queued').waitFor();
  }

  it('exports first time on a fresh machine, then an MP3 beside the WAV+SRT with the clash explained', async () => {
    const { app, home } = await freshApp();
    cleanups.push(
      () => app.dispose(),
      () => rm(home, { recursive: true, force: true }),
    );
    const { context, page } = await openPage(app);
    cleanups.push(() => context.close());
    const exportsDir = path.join(home, 'Timbre Studio Exports');
    expect(existsSync(exportsDir)).toBe(false);

    await newProject(page, 'Harbour', ['The harbour wakes early.', 'Boats leave before the sun.']);
    await page.getByTestId('generate-project').filter({ hasText: 'Generate 2 blocks' }).click();
    await page
      .getByTestId('generate-project')
      .filter({ hasText: 'All generated' })
      .waitFor({ timeout: 60_000 });

    await page.getByTestId('export-open').click();
    await expect
      .poll(() => page.getByTestId('export-path').inputValue())
      .toBe(path.join(exportsDir, 'Harbour.wav'));
    await page.getByTestId('export-start').click();
    await page.getByTestId('export-done').waitFor({ timeout: 60_000 });
    expect((await readdir(exportsDir)).sort()).toEqual(['Harbour.srt', 'Harbour.wav']);

    // The same name as MP3: only the subtitles are in the way, and the dialog says so.
    await page.getByTestId('export-format').selectOption('mp3');
    await page.getByTestId('export-start').click();
    const conflict = page.getByTestId('export-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('Harbour.srt already exists');
    expect(await conflict.textContent()).not.toContain('Harbour.wav');
    await page.getByTestId('export-keep-both').click();
    await page.getByTestId('export-done').waitFor({ timeout: 60_000 });
    expect((await readdir(exportsDir)).sort()).toEqual([
      'Harbour (2).mp3',
      'Harbour (2).srt',
      'Harbour.srt',
      'Harbour.wav',
    ]);
  });

  it('finishes "generate, then export" after the dialog is closed, and says so', async () => {
    const { app, home } = await freshApp();
    cleanups.push(
      () => app.dispose(),
      () => rm(home, { recursive: true, force: true }),
    );
    const { context, page } = await openPage(app);
    cleanups.push(() => context.close());
    const posts = taskPosts();

    await newProject(page, 'Lighthouse', ['The lamp turns all night.', 'Ships see it from far away.']);
    await generateThenExport(page);
    await page.getByTestId('export-close').click();

    await page
      .getByTestId('toast')
      .filter({ hasText: /^Export finished/ })
      .waitFor({ timeout: 60_000 });
    const output = path.join(home, 'Timbre Studio Exports', 'Lighthouse.wav');
    expect(existsSync(output)).toBe(true);
    expect(taskPosts()).toBe(posts + 1);
    // It is listed with the other exports.
    await page.getByTestId('nav-exports').click();
    await page
      .getByTestId('batch-item')
      .filter({ hasText: 'Lighthouse' })
      .getByTestId('batch-item-status')
      .filter({ hasText: /done|exported/i })
      .waitFor();
  });

  it('finishes "generate, then export" across a restart of the app, sending the task once', async () => {
    const { app, home } = await freshApp();
    cleanups.push(
      () => rm(home, { recursive: true, force: true }),
      () => rm(app.dataDir, { recursive: true, force: true }),
    );
    const first = await openPage(app);
    const posts = taskPosts();

    await newProject(first.page, 'Ferry', ['The ferry crosses twice an hour.']);
    standin.setQueuePaused(true);
    await generateThenExport(first.page);
    await expect.poll(taskPosts, { timeout: 20_000 }).toBe(posts + 1);
    await first.context.close();
    await app.stop();

    standin.setQueuePaused(false);
    const { app: again } = await freshApp({ dataDir: app.dataDir, home });
    cleanups.push(() => again.stop());
    const output = path.join(home, 'Timbre Studio Exports', 'Ferry.wav');
    await expect.poll(() => existsSync(output), { timeout: 60_000, interval: 250 }).toBe(true);
    expect(taskPosts()).toBe(posts + 1);
  });

  it('keeps edits made while the app is down: banner, then saved as a copy after the restart', async () => {
    const { app, home } = await freshApp({ rememberAddress: true });
    cleanups.push(
      () => rm(home, { recursive: true, force: true }),
      () => rm(app.dataDir, { recursive: true, force: true }),
    );
    const { context, page } = await openPage(app);
    cleanups.push(() => context.close());
    await newProject(page, 'Notes', ['First thought.']);

    await app.stop();
    await page.getByTestId('connection-banner').waitFor({ timeout: 20_000 });
    const box = page.getByTestId('script-text').nth(0);
    await box.click();
    await box.press('End');
    await box.pressSequentially(' Written while the app was down.');

    const { app: again } = await freshApp({ dataDir: app.dataDir, home, rememberAddress: true });
    cleanups.push(() => again.stop());
    expect(again.origin).toBe(app.origin);
    await page.getByTestId('relaunch-banner').waitFor({ timeout: 20_000 });
    await page.getByTestId('relaunch-save-copy').click();
    await expect
      .poll(
        async () => {
          const folder = path.join(app.dataDir, 'projects');
          const texts = await Promise.all(
            (await readdir(folder))
              .filter((name) => name.endsWith('.timbre'))
              .map((name) => readFile(path.join(folder, name), 'utf8')),
          );
          return texts.filter((text) => text.includes('Written while the app was down.')).length;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
  });
});
