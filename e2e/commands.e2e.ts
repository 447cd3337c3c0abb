import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import type { RunningApp } from './support/app-process.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';

/** Counts every keydown the page sees from now on (the menu must not fake one). */
async function countKeydowns(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counter = window as unknown as { keydowns: number };
    counter.keydowns = 0;
    window.addEventListener('keydown', () => (counter.keydowns += 1), { capture: true });
  });
  return () => page.evaluate(() => (window as unknown as { keydowns: number }).keydowns);
}

/** Chooses a native-menu item the way the browser shell delivers it (main emits `menu.command`). */
async function chooseMenuItem(app: RunningApp, command: string): Promise<void> {
  const secret = new URL(app.url).hash.replace('#secret=', '');
  const response = await fetch(`${app.origin}/menu-command`, {
    method: 'POST',
    headers: { 'x-timbre-secret': secret },
    body: JSON.stringify({ command }),
  });
  expect(response.status).toBe(204);
}

const paletteItem = (page: Page, command: string) =>
  page.locator(`[data-testid="command-palette-item"][data-command="${command}"]`);

test.describe('journey: one command layer', () => {
  test('opens the command palette with Ctrl+Shift+P, searches it and runs a command', async ({
    app,
    page,
  }) => {
    await page.goto(app.url);
    await new ProjectsPage(page).create('Palette');
    const editor = new EditorPage(page);
    await editor.addTextBlocks(['First line.']);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+Shift+P');
    const palette = page.getByRole('dialog', { name: 'Commands' });
    await expect(palette).toBeVisible();
    await expect(page.getByTestId('command-palette-search')).toBeFocused();
    // Signed out, Generate is listed but unavailable, saying why.
    await page.getByTestId('command-palette-search').fill('generate every');
    await expect(paletteItem(page, 'generate')).toHaveAttribute('aria-disabled', 'true');
    await expect(paletteItem(page, 'generate')).toContainText('Generation needs a service');

    await page.getByTestId('command-palette-search').fill('new text block');
    await expect(paletteItem(page, 'add-text')).toContainText('Ctrl+Enter');
    await page.keyboard.press('Enter');
    await expect(palette).toHaveCount(0);
    await expect(editor.scriptBoxes).toHaveCount(2);

    // Escape closes it without running anything.
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('command-palette-search').fill('go to tasks');
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
    await expect(page.getByTestId('editor-title')).toHaveText('Palette');
  });

  test('changes a key in Settings, refusing one another command has, and keeps it after a restart', async ({
    app,
    launchApp,
    page,
  }) => {
    await page.goto(app.url);
    await page.getByTestId('nav-settings').click();
    const exportRow = page.locator('[data-testid="shortcut-row"][data-command="export"]');
    await expect(exportRow.getByTestId('shortcut-keys')).toHaveText('Ctrl+E');

    await exportRow.getByTestId('shortcut-change').click();
    await page.keyboard.press('Control+g');
    await expect(exportRow.getByTestId('shortcut-error')).toHaveText(
      'Ctrl+G is already "Generate every block without current audio".',
    );
    await expect(exportRow.getByTestId('shortcut-keys')).toHaveText('Ctrl+E');

    await exportRow.getByTestId('shortcut-change').click();
    await page.keyboard.press('Control+Shift+X');
    await expect(exportRow.getByTestId('shortcut-keys')).toHaveText('Ctrl+Shift+X');
    await expect(exportRow.getByTestId('shortcut-error')).toHaveCount(0);

    // A restart on the same data keeps the key.
    await app.stop();
    const again = await launchApp({ dataDir: app.dataDir });
    await page.goto(again.url);
    await new ProjectsPage(page).create('Keys');
    await page.keyboard.press('Control+Shift+X');
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('export-dialog')).toHaveCount(0);

    await page.keyboard.press('F1');
    await expect(page.locator('[data-shortcut="export"] kbd')).toHaveText(['Ctrl+Shift+X']);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('command-palette-search').fill('export the project');
    await expect(paletteItem(page, 'export').locator('kbd')).toHaveText(['Ctrl+Shift+X']);
    await page.keyboard.press('Escape');

    // Reset gives the default back.
    await page.getByTestId('nav-settings').click();
    const resetRow = page.locator('[data-testid="shortcut-row"][data-command="export"]');
    await resetRow.getByTestId('shortcut-reset').click();
    await expect(resetRow.getByTestId('shortcut-keys')).toHaveText('Ctrl+E');
  });

  test('runs native menu commands by id, as main sends them, without a key press', async ({ app, page }) => {
    await page.goto(app.url);
    await new ProjectsPage(page).create('Menu');
    const keydowns = await countKeydowns(page);

    await chooseMenuItem(app, 'help');
    await expect(page.getByTestId('shortcuts-help')).toBeVisible();
    await page.getByTestId('shortcuts-close').click();
    await chooseMenuItem(app, 'export');
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    expect(await keydowns()).toBe(0);
    await page.keyboard.press('Escape'); // the user closes the dialog: the one key press from here on
    await expect(page.getByTestId('export-dialog')).toHaveCount(0);
    await chooseMenuItem(app, 'close-project');
    await expect(page.getByTestId('project-row')).toHaveCount(1);
    await chooseMenuItem(app, 'go-settings');
    await expect(page.getByTestId('keyboard-shortcuts-section')).toBeVisible();
    await chooseMenuItem(app, 'new-project');
    await expect(page.getByTestId('new-project-title')).toBeVisible();
    expect(await keydowns()).toBe(1);
  });

  test('runs no editor command from the menu behind an open dialog: menu Undo and Generate change nothing', async ({
    app,
    page,
  }) => {
    await page.goto(app.url);
    const projects = new ProjectsPage(page);
    await projects.create('Behind');
    const editor = new EditorPage(page);
    await editor.addTextBlocks(['First line.', 'Second line.']);
    // With no dialog open, menu Undo undoes.
    const typed = await editor.scriptTexts();
    await chooseMenuItem(app, 'undo');
    await expect.poll(() => editor.scriptTexts()).not.toEqual(typed);
    const before = await editor.scriptTexts();
    await chooseMenuItem(app, 'export');
    await expect(page.getByTestId('export-dialog')).toBeVisible();

    await chooseMenuItem(app, 'undo');
    await chooseMenuItem(app, 'generate');
    await chooseMenuItem(app, 'help');
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    // Close the project (the app's command still runs): it saves what the document is after the items above,
    // which main delivered in order before it.
    await chooseMenuItem(app, 'close-project');
    await expect(page.getByTestId('projects-page')).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await projects.open('Behind');
    expect(await editor.scriptTexts()).toEqual(before);
  });

  test('"export" + Enter in the palette exports, and Close the project closes it from another page', async ({
    app,
    page,
  }) => {
    await page.goto(app.url);
    const projects = new ProjectsPage(page);
    await projects.create('Anywhere');
    await new EditorPage(page).addTextBlocks(['First line.']);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('command-palette-search').fill('export');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    // On the Exports page the project is still open: the palette says so, and Close the project closes it.
    await page.getByTestId('nav-exports').click();
    await page.keyboard.press('Control+Shift+P');
    await page.getByTestId('command-palette-search').fill('export the project');
    await expect(paletteItem(page, 'export')).toContainText(
      'Only in the editor: go to Projects (Ctrl+1) first.',
    );
    await page.getByTestId('command-palette-search').fill('close the project');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('projects-page')).toBeVisible();
    await expect(projects.row('Anywhere')).toBeVisible();
  });
});
