import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { styleSheetText } from '../../test-support/style-sheet.js';
import { KeyboardShortcutsSection } from './KeyboardShortcutsSection.js';
import { layoutChromium } from '../../test-support/chromium.js';

/**
 * Settings → Keyboard shortcuts laid out by Chromium with the app's style sheets, in the settings card's width
 * (the trial's 1440×900 window): a refused key's sentence is a line of its own under its row, spanning it, and
 * neither a refusal nor Reset after a change moves the keys' or the buttons' column.
 */

// The app's style sheets, read from disk (the renderer's tests load CSS as empty modules); the keys' look is
// shortcuts-help.css's, which the bundle always holds.
const styleSheets = ['../../styles.css', '../editor/shortcuts-help.css', './keyboard-shortcuts.css'].map(
  (relative) => decodeURIComponent(new URL(relative, import.meta.url).pathname),
);

/**
 * The section's markup with these keys changed, and (when given) a refused key press on one row, or a row
 * listening for its new keys.
 */
function sectionMarkup(
  keyBindings: Record<string, string[]>,
  { refused, recording }: { refused?: { row: string; key: string }; recording?: string } = {},
): string {
  const stores = storesFor(new FakeBridge({}));
  stores.settings.getState().setView({
    theme: 'system',
    checks: DEFAULT_CHECK_THRESHOLDS,
    services: [],
    activeServiceUrl: null,
    keyBindings,
  });
  renderWithStores(<KeyboardShortcutsSection />, stores);
  if (refused !== undefined) {
    const row = screen.getAllByTestId('shortcut-row').find((found) => found.dataset.command === refused.row);
    const change = within(row!).getByTestId('shortcut-change');
    fireEvent.click(change);
    fireEvent.keyDown(change, { key: refused.key, ctrlKey: true });
    within(row!).getByRole('alert');
  }
  if (recording !== undefined) {
    const row = screen.getAllByTestId('shortcut-row').find((found) => found.dataset.command === recording);
    fireEvent.click(within(row!).getByTestId('shortcut-change'));
  }
  const markup = document.body.innerHTML;
  cleanup();
  return markup;
}

type Box = { x: number; y: number; width: number; height: number };

async function laidOut(page: Page, markup: string): Promise<void> {
  await page.setContent(`<!doctype html><main class="page">${markup}</main>`);
  for (const sheet of styleSheets) await page.addStyleTag({ content: styleSheetText(sheet) });
}

/** Every box the selector finds, by its row's command. */
async function boxesByCommand(page: Page, selector: string): Promise<Map<string, Box>> {
  const found = await page.locator('[data-testid="shortcut-row"]').evaluateAll(
    (rows, inner) =>
      rows.flatMap((row) => {
        const element = row.querySelector(inner);
        if (element === null) return [];
        const { x, y, width, height } = element.getBoundingClientRect();
        return [[(row as HTMLElement).dataset.command ?? '', { x, y, width, height }] as const];
      }),
    selector,
  );
  return new Map(found);
}

describe('KeyboardShortcutsSection layout', () => {
  afterEach(cleanup);

  it('puts a refusal under its row, across it, and keeps the columns still after a change', async () => {
    const plain = sectionMarkup({});
    // Export has a key of the user's (so Reset shows); Undo was refused Ctrl+G.
    const changed = sectionMarkup({ export: ['Mod+Shift+X'] }, { refused: { row: 'undo', key: 'g' } });
    const listening = sectionMarkup({ export: ['Mod+Shift+X'] }, { recording: 'export' });

    const browser = await chromium.launch(layoutChromium());
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await laidOut(page, plain);
      const plainKeys = await boxesByCommand(page, '[data-testid="shortcut-keys"]');
      const plainChange = await boxesByCommand(page, '[data-testid="shortcut-change"]');

      await laidOut(page, changed);
      const keys = await boxesByCommand(page, '[data-testid="shortcut-keys"]');
      const change = await boxesByCommand(page, '[data-testid="shortcut-change"]');
      const titles = await boxesByCommand(page, 'th[scope="row"]');
      // The columns start where they did before any change, on every row.
      for (const [command, box] of plainKeys) expect(keys.get(command)?.x, command).toBe(box.x);
      for (const [command, box] of plainChange) expect(change.get(command)?.x, command).toBe(box.x);

      // Reset sits beside Change, on its line, inside its column.
      const reset = (await boxesByCommand(page, '[data-testid="shortcut-reset"]')).get('export')!;
      const exportChange = change.get('export')!;
      expect(reset.y).toBe(exportChange.y);
      expect(reset.x).toBeGreaterThan(exportChange.x + exportChange.width);
      const actions = (await boxesByCommand(page, '.shortcut-actions')).get('export')!;
      expect(reset.x + reset.width).toBeLessThanOrEqual(actions.x + actions.width);

      // The refusal is under Undo's title, keys and button, as wide as the row; the title stays one line high.
      const refusal = (await boxesByCommand(page, '[data-testid="shortcut-error"]')).get('undo')!;
      const undoTitle = titles.get('undo')!;
      const undoChange = change.get('undo')!;
      expect(refusal.y).toBeGreaterThanOrEqual(undoTitle.y + undoTitle.height);
      expect(refusal.y).toBeGreaterThanOrEqual(undoChange.y + undoChange.height);
      expect(refusal.x).toBeLessThanOrEqual(undoTitle.x + 8);
      expect(refusal.x + refusal.width).toBeGreaterThan(undoChange.x);
      expect(undoTitle.height).toBe(titles.get('go-tasks')!.height);

      // Listening ("Press keys…"), the buttons still share one line in their column.
      await laidOut(page, listening);
      const pressKeys = (await boxesByCommand(page, '[data-testid="shortcut-change"]')).get('export')!;
      const resetBeside = (await boxesByCommand(page, '[data-testid="shortcut-reset"]')).get('export')!;
      const listeningCell = (await boxesByCommand(page, '.shortcut-actions')).get('export')!;
      expect(pressKeys.x).toBe(exportChange.x);
      expect(resetBeside.y).toBe(pressKeys.y);
      expect(resetBeside.x + resetBeside.width).toBeLessThanOrEqual(listeningCell.x + listeningCell.width);

      // Every key fits its column.
      const kbdOverflow = await page
        .locator('[data-testid="shortcut-keys"]')
        .evaluateAll((cells) =>
          cells.filter((cell) =>
            [...cell.querySelectorAll('kbd')].some(
              (kbd) => kbd.getBoundingClientRect().right > cell.getBoundingClientRect().right,
            ),
          ),
        );
      expect(kbdOverflow).toHaveLength(0);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
