import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app-process.js';
import { startApp } from './support/app-process.js';
import { launchChromium } from './support/browser.js';

/** No service at all: the editor must work fully offline and signed out. */
const OFFLINE_ENV = { TIMBRE_STANDIN_URL: '' };

async function createProject(page: Page, title: string): Promise<void> {
  await page.getByTestId('new-project').click();
  await page.getByTestId('new-project-title').fill(title);
  await page.getByTestId('new-project-submit').click();
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="editor-title"]')?.textContent === expected,
    title,
  );
}

async function openProject(page: Page, title: string): Promise<void> {
  await page
    .locator(`[data-testid="project-row"][data-title="${title}"]`)
    .getByTestId('project-open')
    .click();
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="editor-title"]')?.textContent === expected,
    title,
  );
}

/** Closes the editor (which saves first) and waits for the project list. */
async function closeEditor(page: Page): Promise<void> {
  await page.getByTestId('editor-close').click();
  await page.getByTestId('projects-page').waitFor();
}

async function waitSaved(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('[data-testid="save-status"]')?.getAttribute('data-state') === 'saved',
  );
}

/** The speech blocks' texts as the timeline draws them, left to right (it follows edits a moment later). */
function timelineTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="timeline-block"][data-type="text"]')]
      .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left)
      .map((element) => element.textContent?.trim() ?? ''),
  );
}

function scriptTexts(page: Page): Promise<string[]> {
  return page
    .getByTestId('script-text')
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value));
}

/** Selects a block by clicking it on the timeline (focus leaves any text box). */
async function selectOnTimeline(page: Page, type: string, index = 0): Promise<void> {
  await page.locator(`[data-testid="timeline-block"][data-type="${type}"]`).nth(index).click();
  await page.waitForFunction(
    (wanted) =>
      document.querySelector('[data-testid="inspector-block"]')?.getAttribute('data-type') === wanted,
    type,
  );
}

async function inputValue(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).inputValue();
}

/** Everything the first journey drafted, read back from the editor. */
async function expectDraftIntact(page: Page): Promise<void> {
  await expect
    .poll(() => scriptTexts(page))
    .toEqual(['Once upon a time, a lighthouse keeper kept a log.', 'Every night the sea wrote back.']);
  expect(await page.locator('[data-testid="timeline-block"][data-type="sfx"]').count()).toBe(1);
  expect(await page.locator('[data-testid="timeline-block"][data-type="music"]').count()).toBe(1);

  await selectOnTimeline(page, 'text', 0);
  expect(await page.getByTestId('use-default-speechRate').isChecked()).toBe(false);
  expect(await inputValue(page, 'field-speechRate')).toBe('1.5');
  expect(await inputValue(page, 'field-seed')).toBe('42');
  expect(await inputValue(page, 'field-emo_switch-1')).toBe('8');

  await selectOnTimeline(page, 'sfx');
  expect(await inputValue(page, 'field-text')).toBe('waves crash on rocks');
  expect(await inputValue(page, 'field-sfx_length')).toBe('4');
  expect(await inputValue(page, 'field-startMs')).toBe('1.5');

  await selectOnTimeline(page, 'music');
  expect(await inputValue(page, 'field-text')).toBe('slow accordion waltz');
  expect(await inputValue(page, 'field-fadeInMs')).toBe('2500');
  expect(await page.getByTestId('stat-blocks').textContent()).toBe('4 blocks');
}

describe('journey: draft a project in the editor', () => {
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
    app = await startApp({ env: OFFLINE_ENV });
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
    await app.dispose();
  });

  it('drafts three tracks offline, undoes and redoes, and finds everything after reopening and a restart', async () => {
    await page.goto(app.url);
    await createProject(page, 'Lighthouse');

    // Speech: two text blocks, typed into the script.
    await page.getByTestId('add-text-block').click();
    await page.keyboard.type('Once upon a time, a lighthouse keeper kept a log.');
    await page.keyboard.press('Control+Enter');
    await page.keyboard.type('Every night the sea wrote back!');
    // Typing is one undo step: undo brings back the empty block, redo the text.
    await page.keyboard.press('Control+z');
    await expect
      .poll(() => scriptTexts(page))
      .toEqual(['Once upon a time, a lighthouse keeper kept a log.', '']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await scriptTexts(page))[1]).toBe('Every night the sea wrote back!');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('.');

    // Effects and music, placed and described in the inspector.
    await page.getByTestId('add-sfx-block').click();
    await page.getByTestId('field-text').fill('waves crash on rocks');
    await page.getByTestId('field-sfx_length').fill('4');
    await page.getByTestId('field-startMs').fill('1.5');
    await page.getByTestId('add-music-block').click();
    await page.getByTestId('field-text').fill('slow accordion waltz');
    await page.getByTestId('field-fadeInMs').fill('2500');

    // A text block's own parameters, overriding the project defaults.
    await selectOnTimeline(page, 'text', 0);
    expect(await page.getByTestId('service-unavailable').textContent()).toContain('No service is set up');
    await page.getByTestId('use-default-speechRate').uncheck();
    await page.getByTestId('field-speechRate').fill('1.5');
    await page.getByTestId('field-emo_switch-enabled').check();
    await page.getByTestId('field-emo_switch-1').fill('8');
    await page.getByTestId('field-speechRate').fill('3');
    await page.getByTestId('violation-speechRate').waitFor();
    await page.getByTestId('field-speechRate').fill('1.5');
    await page.getByTestId('field-seed').fill('42');

    // Undo and redo from the keyboard, outside the text boxes.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+z');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="field-seed"]') as HTMLInputElement | null)?.value === '',
    );
    await page.keyboard.press('Control+Shift+z');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="field-seed"]') as HTMLInputElement | null)?.value === '42',
    );

    await expectDraftIntact(page);
    await waitSaved(page);

    // Close (which saves) and reopen from the list.
    await closeEditor(page);
    await openProject(page, 'Lighthouse');
    await expectDraftIntact(page);
    await closeEditor(page);

    // Quit the app and start it again on the same data folder.
    await app.stop();
    app = await startApp({ dataDir: app.dataDir, env: OFFLINE_ENV });
    await page.goto(app.url);
    await openProject(page, 'Lighthouse');
    await expectDraftIntact(page);
  });

  it('reorders speech blocks (keyboard and drag), splits and merges them, and moves effects in time', async () => {
    await page.goto(app.url);
    await createProject(page, 'Edits');
    await page.getByTestId('add-text-block').click();
    await page.keyboard.type('First part. Second part.');
    // Split where the text cursor is: after "First part."
    await page.keyboard.press('Home');
    for (let step = 0; step < 'First part.'.length; step += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Control+Shift+S');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="script-text"]').length === 2);
    await expect.poll(() => scriptTexts(page)).toEqual(['First part.', 'Second part.']);

    // The second part is selected: move it up, then merge the first block (now "Second part.") with the next.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => scriptTexts(page)).toEqual(['Second part.', 'First part.']);
    await page.keyboard.press('Control+Shift+M');
    await expect.poll(() => scriptTexts(page)).toEqual(['Second part. First part.']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => scriptTexts(page)).toEqual(['Second part.', 'First part.']);

    // Drag the first speech block past the second on the timeline, once the timeline shows the undone order.
    await expect.poll(() => timelineTexts(page)).toEqual(['Second part.', 'First part.']);
    const speech = page.locator('[data-testid="timeline-block"][data-type="text"]');
    const first = (await speech.nth(0).boundingBox())!;
    const second = (await speech.nth(1).boundingBox())!;
    await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
    await page.mouse.down();
    await page.mouse.move(second.x + second.width - 2, second.y + second.height / 2, { steps: 5 });
    await page.getByTestId('timeline-drop-marker').waitFor();
    await page.mouse.up();
    await expect.poll(() => scriptTexts(page)).toEqual(['First part.', 'Second part.']);

    // Drag a sound effect 2 s later (the timeline starts at 40 px a second).
    await page.getByTestId('add-sfx-block').click();
    const effect = (await page.locator('[data-testid="timeline-block"][data-type="sfx"]').boundingBox())!;
    await page.mouse.move(effect.x + 20, effect.y + effect.height / 2);
    await page.mouse.down();
    await page.mouse.move(effect.x + 100, effect.y + effect.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => inputValue(page, 'field-startMs')).toBe('2');
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => inputValue(page, 'field-startMs')).toBe('2.1');

    await page.keyboard.press('F1');
    expect(await page.getByTestId('shortcuts-help').textContent()).toContain(
      'Merge the text block with the next one',
    );
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('shortcuts-help').count()).toBe(0);
  });

  it('copies blocks from one project and pastes them into another', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    await page.goto(app.url);
    await createProject(page, 'Source');
    await page.getByTestId('add-text-block').click();
    await page.keyboard.type('Shared opening line.');
    await page.keyboard.press('Control+Enter');
    await page.keyboard.type('Shared closing line.');
    await page.getByTestId('add-sfx-block').click();
    await page.getByTestId('field-text').fill('door slams');
    await selectOnTimeline(page, 'text', 0);
    await page.getByTestId('use-default-speechRate').uncheck();
    await page.getByTestId('field-speechRate').fill('0.8');
    await page.keyboard.press('Escape');

    // Select everything and copy it, outside the text boxes.
    await page.keyboard.press('Control+a');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-selection"]')?.textContent === '3 selected',
    );
    await page.keyboard.press('Control+c');
    await closeEditor(page);

    await createProject(page, 'Target');
    await page.getByTestId('add-text-block').click();
    await page.keyboard.type('Target line.');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+v');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="script-text"]').length === 3);
    await expect
      .poll(() => scriptTexts(page))
      .toEqual(['Target line.', 'Shared opening line.', 'Shared closing line.']);
    await selectOnTimeline(page, 'sfx');
    expect(await inputValue(page, 'field-text')).toBe('door slams');
    await selectOnTimeline(page, 'text', 1);
    expect(await inputValue(page, 'field-speechRate')).toBe('0.8');

    // The toolbar's Paste (through the async clipboard) pastes the same blocks once more, undoable in one step.
    await page.getByTestId('paste-blocks').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="script-text"]').length === 5);
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="script-text"]').length === 3);

    await waitSaved(page);
    await closeEditor(page);
    await openProject(page, 'Target');
    await expect
      .poll(() => scriptTexts(page))
      .toEqual(['Target line.', 'Shared opening line.', 'Shared closing line.']);
    // The source project is unchanged.
    await closeEditor(page);
    await openProject(page, 'Source');
    await expect.poll(() => scriptTexts(page)).toEqual(['Shared opening line.', 'Shared closing line.']);
  });
});
