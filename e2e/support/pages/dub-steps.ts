import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { GERMAN_DUB } from '../timed-fixtures.js';

/*
 * The steps of a localisation editor's sitting that several journeys share: a translated SRT imported as a timed
 * project, and the reference video added through main's chooser window (the browser shell has no OS dialog).
 */

/** From the project list: imports the SRT (its preview checked on the way) and waits for the editor. */
export async function importDubScript(page: Page, srtPath: string, title: string): Promise<void> {
  await page.getByTestId('nav-projects').click();
  await page.getByTestId('import-text').click();
  await page.getByTestId('import-source-file').click();
  await page.getByTestId('import-file-input').setInputFiles(srtPath);
  await expect(page.getByTestId('import-timed-preview')).toBeVisible();
  await expect(page.getByTestId('import-timed-cue')).toHaveCount(GERMAN_DUB.length);
  await page.getByTestId('import-title').fill(title);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('editor-title')).toHaveText(title);
  await expect(page.getByTestId('script-text')).toHaveCount(GERMAN_DUB.length);
}

/**
 * Opens main's chooser window from `opener` (Add video… or Locate…), walks to the video's folder, picks it, and
 * waits for the panel to show it playable.
 */
export async function chooseVideo(
  page: Page,
  context: BrowserContext,
  opener: string,
  videoPath: string,
): Promise<void> {
  const opened = context.waitForEvent('page');
  await page.getByTestId(opener).click();
  const chooser = await opened;
  await chooser.getByTestId('file-chooser-folder').fill(path.dirname(videoPath));
  await chooser.getByTestId('file-chooser-folder').press('Enter');
  await chooser.getByTestId('file-chooser-name').fill(path.basename(videoPath));
  await chooser.getByTestId('file-chooser-choose').click();
  await expect(page.getByTestId('video-panel-name')).toHaveText(path.basename(videoPath));
  await expect(page.getByTestId('video-panel-video')).toBeVisible();
  await expect
    .poll(() => page.getByTestId('video-panel-video').evaluate((video: HTMLVideoElement) => video.readyState))
    .toBeGreaterThanOrEqual(2);
}
