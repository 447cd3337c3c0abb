import { cleanup, fireEvent, screen } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { AddToBatchPanel } from './AddToBatchPanel.js';

/**
 * The panel with the browser shell's folder chooser open, laid out by Chromium with the app's own style sheets:
 * the chooser takes a row of its own, and the fields keep their height (they stretched to the chooser's, ~100 px
 * and more, when it sat in their grid row).
 */

// The app's style sheets, read by Playwright from disk (the renderer's tests load CSS as empty modules).
const styleSheets = ['../../styles.css', './batch.css'].map((relative) =>
  decodeURIComponent(new URL(relative, import.meta.url).pathname),
);
// Debian's Chromium, as the journeys use it (e2e/support/browser.ts), which the renderer's tests cannot import.
const CHROMIUM = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] };

function bridge(): FakeBridge {
  return new FakeBridge({
    'projects.list': () => ({ ok: true, result: [] }),
    'export.defaultFolder': () => ({ ok: true, result: { folder: '/home/reader/Timbre Studio Exports' } }),
    // The browser shell has no system dialog: the page's own chooser opens.
    'files.chooseFolder': () => ({ ok: true, result: { path: null } }),
    'files.browse': () => ({
      ok: true,
      result: {
        folder: '/home/reader/Timbre Studio Exports',
        parent: '/home/reader',
        home: '/home/reader',
        entries: ['Audiobooks', 'Podcasts', 'Localisation', 'Drafts', 'Old'].map((name) => ({
          name,
          kind: 'folder' as const,
        })),
      },
    }),
  });
}

describe('AddToBatchPanel', () => {
  afterEach(cleanup);

  it('keeps its fields one line tall, with the folder chooser open or closed', async () => {
    const stores = storesFor(bridge());
    renderWithStores(<AddToBatchPanel onDone={() => undefined} />, stores);
    await screen.findByDisplayValue('/home/reader/Timbre Studio Exports');
    const closed = screen.getByTestId('batch-add-panel').outerHTML;
    fireEvent.click(screen.getByTestId('batch-choose-destination'));
    await screen.findByText('📁 Audiobooks');
    const open = screen.getByTestId('batch-add-panel').outerHTML;

    const browser = await chromium.launch(CHROMIUM);
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      const box = async (selector: string) => {
        const found = await page.locator(selector).first().boundingBox();
        if (found === null) throw new Error(`${selector} is not laid out`);
        return found;
      };
      for (const markup of [closed, open]) {
        await page.setContent(`<!doctype html><main>${markup}</main>`);
        for (const sheet of styleSheets) await page.addStyleTag({ path: sheet });
        // Beside the format fields (four selects), the file names field kept growing too.
        expect((await box('[data-testid="batch-destination"]')).height).toBeLessThan(40);
        expect((await box('[data-testid="batch-name-template"]')).height).toBeLessThan(40);
      }
      const destination = await box('[data-testid="batch-destination"]');
      const template = await box('[data-testid="batch-name-template"]');
      const chooser = await box('[data-testid="file-chooser"]');
      expect(chooser.height).toBeGreaterThan(100);
      // The chooser sits below the destination field, across the panel, beside no field.
      expect(chooser.y).toBeGreaterThanOrEqual(destination.y + destination.height);
      expect(template.y).toBeGreaterThanOrEqual(chooser.y + chooser.height);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
