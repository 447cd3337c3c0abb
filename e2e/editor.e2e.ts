import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';

/** Everything the first journey drafted, read back from the editor. */
async function expectDraftIntact(page: Page): Promise<void> {
  const editor = new EditorPage(page);
  await expect
    .poll(() => editor.scriptTexts())
    .toEqual(['Once upon a time, a lighthouse keeper kept a log.', 'Every night the sea wrote back.']);
  await expect(editor.timelineBlocks('sfx')).toHaveCount(1);
  await expect(editor.timelineBlocks('music')).toHaveCount(1);

  await editor.selectOnTimeline('text', 0);
  await expect(page.getByTestId('use-default-speechRate')).not.toBeChecked();
  await expect(page.getByTestId('field-speechRate')).toHaveValue('1.5');
  await expect(page.getByTestId('field-seed')).toHaveValue('42');
  await expect(page.getByTestId('field-emo_switch-1')).toHaveValue('8');

  await editor.selectOnTimeline('sfx');
  await expect(page.getByTestId('field-text')).toHaveValue('waves crash on rocks');
  await expect(page.getByTestId('field-sfx_length')).toHaveValue('4');
  await expect(page.getByTestId('field-startMs')).toHaveValue('1.5');

  await editor.selectOnTimeline('music');
  await expect(page.getByTestId('field-text')).toHaveValue('slow accordion waltz');
  await expect(page.getByTestId('field-fadeInMs')).toHaveValue('2500');
  await expect(page.getByTestId('stat-blocks')).toHaveText('4 blocks');
}

test.describe('journey: draft a project in the editor', () => {
  test('drafts three tracks offline, undoes and redoes, and finds everything after reopening and a restart', async ({
    app,
    launchApp,
    page,
  }) => {
    const projects = new ProjectsPage(page);
    const editor = new EditorPage(page);
    await page.goto(app.url);
    await projects.create('Lighthouse');

    // Speech: two text blocks, typed into the script.
    await page.getByTestId('add-text-block').click();
    await page.keyboard.type('Once upon a time, a lighthouse keeper kept a log.');
    await page.keyboard.press('Control+Enter');
    await page.keyboard.type('Every night the sea wrote back!');
    // Typing is one undo step: undo brings back the empty block, redo the text.
    await page.keyboard.press('Control+z');
    await expect
      .poll(() => editor.scriptTexts())
      .toEqual(['Once upon a time, a lighthouse keeper kept a log.', '']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await editor.scriptTexts())[1]).toBe('Every night the sea wrote back!');
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
    await editor.selectOnTimeline('text', 0);
    await expect(page.getByTestId('service-unavailable')).toContainText('No service is set up');
    await page.getByTestId('use-default-speechRate').uncheck();
    await page.getByTestId('field-speechRate').fill('1.5');
    await page.getByTestId('field-emo_switch-enabled').check();
    await page.getByTestId('field-emo_switch-1').fill('8');
    await page.getByTestId('field-speechRate').fill('3');
    await expect(page.getByTestId('violation-speechRate')).toBeVisible();
    await page.getByTestId('field-speechRate').fill('1.5');
    await page.getByTestId('field-seed').fill('42');

    // Undo and redo from the keyboard, outside the text boxes.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+z');
    await expect(page.getByTestId('field-seed')).toHaveValue('');
    await page.keyboard.press('Control+Shift+z');
    await expect(page.getByTestId('field-seed')).toHaveValue('42');

    await expectDraftIntact(page);
    await editor.waitSaved();

    // Close (which saves) and reopen from the list.
    await editor.close();
    await projects.open('Lighthouse');
    await expectDraftIntact(page);
    await editor.close();

    // Quit the app and start it again on the same data folder.
    await app.stop();
    const restarted = await launchApp({ dataDir: app.dataDir });
    await page.goto(restarted.url);
    await projects.open('Lighthouse');
    await expectDraftIntact(page);
  });

  test('reorders speech blocks (keyboard and drag), splits and merges them, and moves effects in time', async ({
    app,
    page,
  }) => {
    const projects = new ProjectsPage(page);
    const editor = new EditorPage(page);
    await page.goto(app.url);
    await projects.create('Edits');
    await page.getByTestId('add-text-block').click();
    await page.keyboard.type('First part. Second part.');
    // Split where the text cursor is: after "First part."
    await page.keyboard.press('Home');
    for (let step = 0; step < 'First part.'.length; step += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Control+Shift+S');
    await expect(editor.scriptBoxes).toHaveCount(2);
    await expect.poll(() => editor.scriptTexts()).toEqual(['First part.', 'Second part.']);

    // The second part is selected: move it up, then merge the first block (now "Second part.") with the next.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Alt+ArrowUp');
    await expect.poll(() => editor.scriptTexts()).toEqual(['Second part.', 'First part.']);
    await page.keyboard.press('Control+Shift+M');
    await expect.poll(() => editor.scriptTexts()).toEqual(['Second part. First part.']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => editor.scriptTexts()).toEqual(['Second part.', 'First part.']);

    // Drag the first speech block past the second on the timeline, once the timeline shows the undone order.
    await expect.poll(() => editor.timelineTexts()).toEqual(['Second part.', 'First part.']);
    const speech = editor.timelineBlocks('text');
    const first = (await speech.nth(0).boundingBox())!;
    const second = (await speech.nth(1).boundingBox())!;
    await page.mouse.move(first.x + first.width / 2, first.y + first.height / 2);
    await page.mouse.down();
    await page.mouse.move(second.x + second.width - 2, second.y + second.height / 2, { steps: 5 });
    await expect(page.getByTestId('timeline-drop-marker')).toBeVisible();
    await page.mouse.up();
    await expect.poll(() => editor.scriptTexts()).toEqual(['First part.', 'Second part.']);

    // Drag a sound effect 2 s later (the timeline starts at 40 px a second).
    await page.getByTestId('add-sfx-block').click();
    const effect = (await editor.timelineBlocks('sfx').boundingBox())!;
    await page.mouse.move(effect.x + 20, effect.y + effect.height / 2);
    await page.mouse.down();
    await page.mouse.move(effect.x + 100, effect.y + effect.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('field-startMs')).toHaveValue('2');
    await page.keyboard.press('Alt+ArrowRight');
    await expect(page.getByTestId('field-startMs')).toHaveValue('2.1');

    await page.keyboard.press('F1');
    await expect(page.getByTestId('shortcuts-help')).toContainText('Merge the text block with the next one');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcuts-help')).toHaveCount(0);
  });

  test('marks chapters on blocks, jumps between them, and keeps them after reopening', async ({
    app,
    page,
  }) => {
    const projects = new ProjectsPage(page);
    const editor = new EditorPage(page);
    await page.goto(app.url);
    await projects.create('Chapters');
    await editor.addTextBlocks([
      'The first chapter opens.',
      'It goes on a while.',
      'The second chapter opens.',
    ]);
    await expect(page.getByTestId('chapter-navigator')).toHaveCount(0);

    await editor.selectOnTimeline('text', 0);
    await page.getByTestId('field-chapterTitle').fill('Arrival');
    await editor.selectOnTimeline('text', 2);
    await page.getByTestId('field-chapterTitle').fill('The storm');
    const navigator = page.getByTestId('chapter-navigator');
    await expect(navigator.locator('option:not([disabled])')).toHaveText([
      /^1\. Arrival — 0:00$/,
      /^2\. The storm — 0:0\d$/,
    ]);
    await expect(page.getByTestId('chapter-badge')).toHaveText(['§ Arrival', '§ The storm']);

    // Jumping selects the chapter's first block.
    await navigator.selectOption({ label: (await navigator.locator('option').nth(1).textContent()) ?? '' });
    await expect(page.getByTestId('script-row').nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('field-chapterTitle')).toHaveValue('Arrival');

    // Clearing a title removes its chapter.
    await editor.selectOnTimeline('text', 2);
    await page.getByTestId('field-chapterTitle').fill('');
    await expect(navigator.locator('option:not([disabled])')).toHaveCount(1);
    await page.getByTestId('field-chapterTitle').fill('The storm');

    await editor.waitSaved();
    await editor.close();
    await projects.open('Chapters');
    await expect(page.getByTestId('chapter-badge')).toHaveText(['§ Arrival', '§ The storm']);
  });

  test('copies blocks from one project and pastes them into another', async ({ app, context, page }) => {
    const projects = new ProjectsPage(page);
    const editor = new EditorPage(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    await page.goto(app.url);
    await projects.create('Source');
    await page.getByTestId('add-text-block').click();
    await page.keyboard.type('Shared opening line.');
    await page.keyboard.press('Control+Enter');
    await page.keyboard.type('Shared closing line.');
    await page.getByTestId('add-sfx-block').click();
    await page.getByTestId('field-text').fill('door slams');
    await editor.selectOnTimeline('text', 0);
    await page.getByTestId('use-default-speechRate').uncheck();
    await page.getByTestId('field-speechRate').fill('0.8');
    await page.keyboard.press('Escape');

    // Select everything and copy it, outside the text boxes.
    await page.keyboard.press('Control+a');
    await expect(page.getByTestId('stat-selection')).toHaveText('3 selected');
    await page.keyboard.press('Control+c');
    await editor.close();

    await projects.create('Target');
    await page.getByTestId('add-text-block').click();
    await page.keyboard.type('Target line.');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+v');
    await expect(editor.scriptBoxes).toHaveCount(3);
    await expect
      .poll(() => editor.scriptTexts())
      .toEqual(['Target line.', 'Shared opening line.', 'Shared closing line.']);
    await editor.selectOnTimeline('sfx');
    await expect(page.getByTestId('field-text')).toHaveValue('door slams');
    await editor.selectOnTimeline('text', 1);
    await expect(page.getByTestId('field-speechRate')).toHaveValue('0.8');

    // The toolbar's Paste (through the async clipboard) pastes the same blocks once more, undoable in one step.
    await page.getByTestId('paste-blocks').click();
    await expect(editor.scriptBoxes).toHaveCount(5);
    await page.keyboard.press('Control+z');
    await expect(editor.scriptBoxes).toHaveCount(3);

    await editor.waitSaved();
    await editor.close();
    await projects.open('Target');
    await expect
      .poll(() => editor.scriptTexts())
      .toEqual(['Target line.', 'Shared opening line.', 'Shared closing line.']);
    // The source project is unchanged.
    await editor.close();
    await projects.open('Source');
    await expect.poll(() => editor.scriptTexts()).toEqual(['Shared opening line.', 'Shared closing line.']);
  });
});
