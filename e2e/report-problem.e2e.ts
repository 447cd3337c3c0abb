import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { expect, test } from './support/fixtures.js';

test.describe('journey: report a problem', () => {
  test('Help → Report a Problem says what goes in, saves the zip where the user picks, and it lists its entries', async ({
    app,
    home,
    page,
    context,
  }) => {
    await page.goto(app.url);
    await expect(page.getByTestId('page-projects')).toBeVisible();

    // From the command palette, as the Help menu and Settings → Help run the same command.
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('command-palette-search').fill('report a problem');
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('report-problem-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('report-problem-contents')).toContainText('The app’s logs');
    await expect(page.getByTestId('report-problem-contents')).toContainText('request id');
    await expect(dialog).toContainText('No token, no audio, no project file and no script text');

    // The browser shell asks in main's chooser window; the pick there is where the zip goes.
    const opened = context.waitForEvent('page');
    await page.getByTestId('report-problem-save').click();
    const chooser = await opened;
    await chooser.getByTestId('file-chooser-name').fill('support.zip');
    await chooser.getByTestId('file-chooser-choose').click();
    await expect(page.getByTestId('report-problem-saved')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('report-problem-path')).toContainText(path.join(home, 'support.zip'));

    expect(await readdir(home)).toContain('support.zip');
    const entries = Object.keys(unzipSync(new Uint8Array(await readFile(path.join(home, 'support.zip')))));
    for (const name of [
      'README.txt',
      'environment.json',
      'settings.json',
      'recent-requests.json',
      'jobs.json',
    ])
      expect(entries).toContain(name);
    // Logs are there once the app has written any (a fresh data folder may have none yet).
    expect(entries.filter((name) => !name.startsWith('logs/')).sort()).toEqual(
      ['README.txt', 'environment.json', 'jobs.json', 'recent-requests.json', 'settings.json'].sort(),
    );
  });
});
