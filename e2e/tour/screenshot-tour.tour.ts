import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { EditorPage } from '../support/pages/editor-page.js';
import { chooseVideo, importDubScript } from '../support/pages/dub-steps.js';
import { ProjectsPage } from '../support/pages/projects-page.js';
import { makeReferenceVideo, writeDubSrt } from '../support/timed-fixtures.js';
import { contrastProblems } from './contrast-audit.js';
import { unlabelledControls } from './label-audit.js';

/**
 * The screenshot tour (`npm run screenshots`, and part of every e2e run): a fresh data folder beside the
 * stand-in, a seeded project, then every page and dialog in the light and the dark theme at 1440×900 and
 * 1024×700. Pictures go to test-results/screenshots (never committed) for people to look at. The tour fails on
 * any error in the page, on a dialog that Escape does not close or that does not give focus back, and on text
 * whose contrast is under WCAG AA.
 */
test.use({ service: 'standin', standinOptions: { speed: 40 } });
test.setTimeout(300_000);

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;
const THEMES = ['light', 'dark'] as const;
const folder = path.resolve('test-results/screenshots');
const DUB_TITLE = 'Der Bericht (dub)';

const BOOK = [
  'The keeper climbed the stairs at dusk, counting each of the hundred and twelve steps as his father had taught him.',
  'Below, the harbour lights came on one by one, and the fishing boats turned for home against a rising wind.',
  'He trimmed the wick, polished the great lens, and wrote the time in the log in a slow and careful hand, as he had done every night for thirty years, whatever the weather and whoever was watching from the shore.',
  '“Is anyone there?” called a voice from the rocks.',
].join('\n\n');

test('screenshot tour: every page and dialog, light and dark, two window sizes', async ({
  app,
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await mkdir(folder, { recursive: true });
  await page.setViewportSize(SIZES[0]);
  await page.goto(app.url);

  // Seed: an imported chapter, generated, with one block selected.
  await page.getByTestId('import-text').click();
  await page.getByTestId('import-text-input').fill(BOOK);
  await page.getByTestId('import-title').fill('The Lighthouse Keeper');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('editor-title')).toHaveText('The Lighthouse Keeper');
  await new EditorPage(page).generateAll(4);
  // A second speaker and a pronunciation rule, so the cast and lexicon panels have rows to picture.
  await page.getByTestId('cast-new-name').fill('Stranger');
  await page.getByTestId('cast-new-name').press('Enter');
  await expect(page.getByTestId('cast-speaker')).toHaveCount(2);
  await page.getByTestId('lexicon-panel').locator('summary').press('Enter');
  await page.getByTestId('lexicon-new-term').fill('wick');
  await page.getByTestId('lexicon-new-replacement').fill('wik');
  await page.getByTestId('lexicon-new-replacement').press('Enter');
  // (Keyboard: the generation toasts sit over the bottom of the side panel.)
  await page.getByTestId('stale-confirm-apply').press('Enter');
  await expect(page.getByTestId('lexicon-rule')).toHaveCount(1);
  await new EditorPage(page).close();
  // A dub: a German SRT imported as timed lines in two lanes, beside a reference video (issue 39).
  const media = test.info().outputPath('media');
  await mkdir(media, { recursive: true });
  await importDubScript(page, await writeDubSrt(media), DUB_TITLE);
  await chooseVideo(page, context, 'video-add', makeReferenceVideo(media));
  await new EditorPage(page).close();

  const problems = new Set<string>();
  const unlabelled = new Set<string>();
  for (const theme of THEMES) {
    await setTheme(page, theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const shot = async (name: string): Promise<void> => {
        await page.waitForTimeout(150);
        await page.screenshot({
          path: path.join(folder, `${theme}-${size.width}x${size.height}-${name}.png`),
        });
        for (const problem of await contrastProblems(page)) problems.add(`${theme}: ${problem}`);
        for (const control of await unlabelledControls(page)) unlabelled.add(`${name}: ${control}`);
      };
      await tourPages(page, shot);
    }
  }
  expect(errors, 'errors in the page during the tour').toEqual([]);
  expect([...problems], 'text under WCAG AA contrast').toEqual([]);
  expect([...unlabelled], 'controls without a visible label').toEqual([]);
});

async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('theme-select').selectOption(theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

async function tourPages(page: Page, shot: (name: string) => Promise<void>): Promise<void> {
  await page.getByTestId('nav-projects').click();
  await expect(page.getByTestId('project-list')).toBeVisible();
  await shot('projects');
  await dialog(page, page.getByTestId('new-project'), 'new-project-dialog', shot);
  await dialog(page, page.getByTestId('import-text'), 'import-dialog', shot);

  await new ProjectsPage(page).open('The Lighthouse Keeper');
  await new EditorPage(page).selectOnTimeline('text', 1);
  await shot('editor');
  await page.getByTestId('cast-panel').scrollIntoViewIfNeeded();
  await shot('editor-cast');
  const lexicon = page.getByTestId('lexicon-panel');
  if ((await lexicon.getAttribute('open')) === null) await lexicon.locator('summary').press('Enter');
  await page.getByTestId('lexicon-rules').scrollIntoViewIfNeeded();
  await shot('editor-lexicon');
  await dialog(page, page.getByTestId('export-open'), 'export-dialog', shot);
  await dialog(page, page.getByTestId('shortcuts-button'), 'shortcuts-help', shot);
  // The command palette (Ctrl+Shift+P), searched.
  await page.keyboard.press('Control+Shift+P');
  await page.getByTestId('command-palette-search').fill('zoom');
  await expect(page.locator('[data-testid="command-palette-item"]')).toHaveCount(3);
  await shot('command-palette');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command-palette')).toBeHidden();
  await new EditorPage(page).close();
  await tourDub(page, shot);

  await page.getByTestId('nav-voices').click();
  await expect(page.getByTestId('page-voices')).toBeVisible();
  await shot('voices');
  await page.getByTestId('new-voice').click();
  await shot('voices-new');
  await page.getByTestId('create-voice-close').click();
  await page.getByTestId('add-voice-by-id').click();
  await shot('voices-add-by-id');

  await page.getByTestId('nav-tasks').click();
  await expect(page.getByTestId('page-tasks')).toBeVisible();
  await shot('tasks');

  await page.getByTestId('nav-exports').click();
  await page.getByTestId('batch-add').first().click();
  await expect(page.getByTestId('batch-add-panel')).toBeVisible();
  await shot('exports-add');
  await page.getByTestId('batch-add-close').click();

  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('page-settings')).toBeVisible();
  await shot('settings');
}

/** The dub: its timed timeline (lanes, thumbnails, original sound) with the video panel, and the fit check. */
async function tourDub(page: Page, shot: (name: string) => Promise<void>): Promise<void> {
  await new ProjectsPage(page).open(DUB_TITLE);
  await expect(page.getByTestId('thumbnail-strip').getByTestId('video-thumbnail').first()).toBeVisible();
  await new EditorPage(page).selectOnTimeline('text', 2);
  await shot('timed-timeline');
  await page.getByTestId('video-panel').scrollIntoViewIfNeeded();
  await shot('video-panel');
  await dialog(page, page.getByTestId('fit-check-open'), 'fit-check', shot);
  await new EditorPage(page).close();
}

/** Opens a dialog, pictures it, and checks that Escape closes it and gives focus back to what opened it. */
async function dialog(
  page: Page,
  opener: Locator,
  testId: string,
  shot: (name: string) => Promise<void>,
): Promise<void> {
  await opener.focus();
  await opener.press('Enter');
  const shown = page.getByTestId(testId);
  await expect(shown).toBeVisible();
  await expect(shown.locator(':focus')).toHaveCount(1);
  await shot(testId);
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();
  await expect(opener).toBeFocused();
}
