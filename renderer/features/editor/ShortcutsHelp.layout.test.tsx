import { cleanup } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { styleSheetText } from '../../test-support/style-sheet.js';
import { ShortcutsHelp } from './ShortcutsHelp.js';
import { layoutChromium } from '../../test-support/chromium.js';

/**
 * F1's list laid out by Chromium with the app's style sheets in the trial's 1440×900 window: its tables ("In the
 * editor", "Everywhere") share one keys column, so every description starts at the same place, and every key
 * fits that column.
 */

// The app's style sheets, read from disk (the renderer's tests load CSS as empty modules).
const styleSheets = ['../../styles.css', '../../components/dialog.css', './shortcuts-help.css'].map(
  (relative) => decodeURIComponent(new URL(relative, import.meta.url).pathname),
);

describe('ShortcutsHelp layout', () => {
  afterEach(cleanup);

  it('starts every description at the same place in all its tables, every key inside the keys column', async () => {
    renderWithStores(<ShortcutsHelp />, storesFor(new FakeBridge({})));
    const markup = document.body.innerHTML;

    const browser = await chromium.launch(layoutChromium());
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.setContent(`<!doctype html><main>${markup}</main>`);
      for (const sheet of styleSheets) await page.addStyleTag({ content: styleSheetText(sheet) });
      const rows = await page
        .locator('[data-testid="shortcuts-help"] tr[data-shortcut]')
        .evaluateAll((found) =>
          found.map((row) => {
            const [keys, description] = [...row.querySelectorAll('td')].map((cell) =>
              cell.getBoundingClientRect(),
            );
            const widestKey = Math.max(
              ...[...row.querySelectorAll('kbd')].map((kbd) => kbd.getBoundingClientRect().right),
            );
            return {
              table: row.closest('table')?.querySelector('caption')?.textContent ?? '',
              descriptionX: description?.x ?? Number.NaN,
              keysRight: keys?.right ?? Number.NaN,
              widestKey,
            };
          }),
        );
      expect(new Set(rows.map((row) => row.table))).toEqual(new Set(['In the editor', 'Everywhere']));
      expect(new Set(rows.map((row) => row.descriptionX)).size).toBe(1);
      for (const row of rows) expect(row.widestKey).toBeLessThanOrEqual(row.keysRight);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
