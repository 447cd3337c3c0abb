import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';

/** The speech texts of a project file as main last wrote it. */
async function savedTexts(dataDir: string, fileName: string): Promise<string[]> {
  const file = JSON.parse(await readFile(path.join(dataDir, 'projects', fileName), 'utf8')) as {
    tracks: { speech: { blocks: { text: string }[] } };
  };
  return file.tracks.speech.blocks.map((block) => block.text);
}

// Offline: moving around the app needs no service.
test.describe('journey: finding the way around', () => {
  test('"Projects" in the sidebar leaves the editor for the list, saving on the way', async ({
    app,
    page,
  }) => {
    await page.goto(app.url);
    const projects = new ProjectsPage(page);
    const editor = new EditorPage(page);
    await projects.create('Sidebar story');
    await editor.addTextBlocks(['First line.', 'Second line.']);
    // Zoom sits in the status bar; zooming in on a short project keeps its start in view.
    const zoom = page.getByTestId('stat-zoom');
    const zoomBefore = Number.parseInt((await zoom.textContent()) ?? '', 10);
    await page.getByTestId('zoom-in').click();
    await page.getByTestId('zoom-in').click();
    await expect
      .poll(async () => Number.parseInt((await zoom.textContent()) ?? '', 10))
      .toBeGreaterThan(zoomBefore);
    await expect
      .poll(() => page.locator('.timeline-scroll').evaluate((element) => element.scrollLeft))
      .toBe(0);
    await expect(editor.timelineBlocks('text').first()).toBeInViewport();

    // Typed, and straight to the sidebar: nothing typed is lost.
    await editor.scriptBoxes.nth(1).fill('Second line, changed just before leaving.');
    await page.getByTestId('nav-projects').click();
    await expect(page.getByTestId('project-editor')).toBeHidden();
    await expect(projects.row('Sidebar story')).toBeVisible();
    const fileName = await projects.row('Sidebar story').getAttribute('data-file-name');
    expect(await savedTexts(app.dataDir, fileName ?? '')).toEqual([
      'First line.',
      'Second line, changed just before leaving.',
    ]);

    // From another page, "Projects" returns to the open project rather than closing it.
    await projects.open('Sidebar story');
    await page.getByTestId('nav-voices').click();
    await expect(page.getByTestId('page-voices')).toBeVisible();
    await page.getByTestId('nav-projects').click();
    await expect(page.getByTestId('editor-title')).toHaveText('Sidebar story');

    // The sidebar stays in view while a page longer than the window scrolls (the editor is at least 480 px tall).
    await page.setViewportSize({ width: 1024, height: 360 });
    const before = await page.getByTestId('nav-settings').boundingBox();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    expect(await page.getByTestId('nav-settings').boundingBox()).toEqual(before);
  });

  test('a reload returns to the project and the block the user was on', async ({ app, page }) => {
    await page.goto(app.url);
    const projects = new ProjectsPage(page);
    const editor = new EditorPage(page);
    await projects.create('Where I was');
    await editor.addTextBlocks(['One.', 'Two.', 'Three.']);
    await editor.selectOnTimeline('text', 1);
    const chosen = await page.getByTestId('inspector-block').getAttribute('data-block-id');
    await editor.waitSaved();

    await page.reload();
    await expect(page.getByTestId('editor-title')).toHaveText('Where I was');
    await expect(page.getByTestId('inspector-block')).toHaveAttribute('data-block-id', chosen ?? '');
    expect(await editor.scriptTexts()).toEqual(['One.', 'Two.', 'Three.']);

    // Closed before the reload: the app starts on the list.
    await editor.close();
    await page.reload();
    await expect(projects.row('Where I was')).toBeVisible();
    await expect(page.getByTestId('project-editor')).toBeHidden();
  });
});
