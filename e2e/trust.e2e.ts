import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { SuiteStandin } from './support/fixtures.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';

/**
 * Trust journeys: exports that survive a closed dialog and a restart, a first export on a fresh machine, files
 * that already exist, and a tab that outlives the app. Each test has its own data and home folders.
 */
test.use({ service: 'standin', standinOptions: { speed: 40 } });

const taskPosts = (standin: SuiteStandin): number =>
  standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST').length;

async function newProject(page: Page, title: string, texts: readonly string[]): Promise<void> {
  await new ProjectsPage(page).show();
  await new ProjectsPage(page).create(title);
  const editor = new EditorPage(page);
  await editor.addTextBlocks(texts);
  await editor.waitSaved();
}

/** Export → the dialog lists the blocks without audio → "Generate N blocks, then export" is handed to main. */
async function generateThenExport(page: Page): Promise<void> {
  await page.getByTestId('export-open').click();
  await page.getByTestId('export-start').click();
  await page.getByTestId('export-generate-missing').click();
  await expect(page.getByTestId('export-queued')).toBeVisible();
}

test.describe('journeys: nothing lost — credits, work or an export', () => {
  test('exports first time on a fresh machine, then an MP3 beside the WAV+SRT with the clash explained', async ({
    app,
    home,
    page,
    context,
  }) => {
    await page.goto(app.url);
    const exportsDir = path.join(home, 'Timbre Studio Exports');
    expect(existsSync(exportsDir)).toBe(false);

    await newProject(page, 'Harbour', ['The harbour wakes early.', 'Boats leave before the sun.']);
    await new EditorPage(page).generateAll(2);

    await page.getByTestId('export-open').click();
    await expect(page.getByTestId('export-path')).toHaveValue(path.join(exportsDir, 'Harbour.wav'));

    // Choose… before the default folder exists: the chooser says so, lists the home folder it would go in (Up and
    // Home work), and the user's pick creates it.
    const opened = context.waitForEvent('page');
    await page.getByTestId('export-choose').click();
    const chooser = await opened;
    await expect(chooser.getByTestId('file-chooser-missing')).toContainText(
      `${exportsDir} does not exist yet`,
    );
    await expect(chooser.getByRole('button', { name: 'Up' })).toBeEnabled();
    await expect(chooser.getByTestId('file-chooser-choose')).toHaveText('Create it and save here');
    await chooser.getByTestId('file-chooser-choose').click();
    await expect.poll(() => existsSync(exportsDir)).toBe(true);
    await expect(page.getByTestId('export-path')).toHaveValue(path.join(exportsDir, 'Harbour.wav'));
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });
    expect((await readdir(exportsDir)).sort()).toEqual(['Harbour.srt', 'Harbour.wav']);

    // The same name as MP3: only the subtitles are in the way, and the dialog says so.
    await page.getByTestId('export-format').selectOption('mp3');
    await page.getByTestId('export-start').click();
    const conflict = page.getByTestId('export-conflict');
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('Harbour.srt already exists');
    await expect(conflict).not.toContainText('Harbour.wav');
    await page.getByTestId('export-keep-both').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });
    expect((await readdir(exportsDir)).sort()).toEqual([
      'Harbour (2).mp3',
      'Harbour (2).srt',
      'Harbour.srt',
      'Harbour.wav',
    ]);
  });

  test('exports where the user picked in main’s chooser window, confirming a typed path there first', async ({
    app,
    home,
    page,
    context,
  }) => {
    await page.goto(app.url);
    const elsewhere = path.join(home, 'Elsewhere');
    await mkdir(elsewhere);
    await newProject(page, 'Ferry', ['The ferry crosses at dawn.', 'Gulls follow it home.']);
    await new EditorPage(page).generateAll(2);

    // A path typed in the page is not a choice: Export opens main's chooser window at it for the user to confirm,
    // and nothing is written there before that pick.
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-path').fill(path.join(elsewhere, 'Ferry.wav'));
    await expect(page.getByTestId('export-path-confirm')).toContainText('Enter or Export opens it');
    const opened = context.waitForEvent('page');
    await page.getByTestId('export-start').click();
    const chooser = await opened;
    expect(new URL(chooser.url()).origin).not.toBe(new URL(app.url).origin);
    await expect(chooser.getByTestId('file-chooser-target')).toContainText(path.join(elsewhere, 'Ferry.wav'));
    expect(await readdir(elsewhere)).toEqual([]);

    // The pick there (renamed) is what lets main write, and the export goes on to it.
    await chooser.getByTestId('file-chooser-name').fill('Ferry at dawn.wav');
    await chooser.getByTestId('file-chooser-choose').click();
    await expect(page.getByTestId('export-path')).toHaveValue(path.join(elsewhere, 'Ferry at dawn.wav'));
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });
    expect((await readdir(elsewhere)).sort()).toEqual(['Ferry at dawn.srt', 'Ferry at dawn.wav']);
  });

  test('finishes "generate, then export" after the dialog is closed, and says so', async ({
    app,
    home,
    standin,
    page,
  }) => {
    await page.goto(app.url);
    const posts = taskPosts(standin);

    await newProject(page, 'Lighthouse', ['The lamp turns all night.', 'Ships see it from far away.']);
    await generateThenExport(page);
    await page.getByTestId('export-close').click();

    await expect(page.getByTestId('toast').filter({ hasText: /^Export finished/ })).toBeVisible({
      timeout: 60_000,
    });
    const output = path.join(home, 'Timbre Studio Exports', 'Lighthouse.wav');
    expect(existsSync(output)).toBe(true);
    expect(taskPosts(standin)).toBe(posts + 1);
    // It is listed with the other exports.
    await page.getByTestId('nav-exports').click();
    await expect(
      page.getByTestId('batch-item').filter({ hasText: 'Lighthouse' }).getByTestId('batch-item-status'),
    ).toHaveText(/done|exported/i);
  });

  test('finishes "generate, then export" across a restart of the app, sending the task once', async ({
    app,
    launchApp,
    home,
    standin,
    page,
  }) => {
    await page.goto(app.url);
    const posts = taskPosts(standin);

    await newProject(page, 'Ferry', ['The ferry crosses twice an hour.']);
    standin.setQueuePaused(true);
    await generateThenExport(page);
    await expect.poll(() => taskPosts(standin), { timeout: 20_000 }).toBe(posts + 1);
    await page.close();
    await app.stop();

    standin.setQueuePaused(false);
    await launchApp({ dataDir: app.dataDir });
    const output = path.join(home, 'Timbre Studio Exports', 'Ferry.wav');
    await expect.poll(() => existsSync(output), { timeout: 60_000, intervals: [250] }).toBe(true);
    expect(taskPosts(standin)).toBe(posts + 1);
  });

  test('keeps edits made while the app is down: banner, then saved as a copy after the restart', async ({
    launchApp,
    page,
  }) => {
    const app = await launchApp({ rememberAddress: true });
    await page.goto(app.url);
    await newProject(page, 'Notes', ['First thought.']);

    await app.stop();
    await expect(page.getByTestId('connection-banner')).toBeVisible({ timeout: 20_000 });
    const box = page.getByTestId('script-text').nth(0);
    await box.click();
    await box.press('End');
    await box.pressSequentially(' Written while the app was down.');

    const again = await launchApp({ dataDir: app.dataDir, rememberAddress: true });
    expect(again.origin).toBe(app.origin);
    await expect(page.getByTestId('relaunch-banner')).toBeVisible({ timeout: 20_000 });
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
