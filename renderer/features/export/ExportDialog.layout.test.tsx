import { cleanup, fireEvent, screen } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ExportDialog } from './ExportDialog.js';
import { styleSheetText } from '../../test-support/style-sheet.js';
import { layoutChromium } from '../../test-support/chromium.js';

/**
 * The export dialog after an MP3 export, laid out by Chromium at 1440×900 with the app's own style sheets (the
 * trial's window): the file name shows in "Save as" and the finished export's "Copy path" and the dialog's
 * actions are on screen without scrolling.
 */

// The app's style sheets, read by Playwright from disk (the renderer's tests load CSS as empty modules).
const styleSheets = ['../../styles.css', '../../components/dialog.css', './export.css'].map((relative) =>
  decodeURIComponent(new URL(relative, import.meta.url).pathname),
);

const FOLDER = '/tmp/tmp.OM5wDgFmd3/Timbre Studio Exports';
const OUTPUT = `${FOLDER}/Harbour Voices.mp3`;

describe('ExportDialog layout', () => {
  afterEach(cleanup);

  it('shows the file name to save as, and the finished export with its actions, in a 1440×900 window', async () => {
    const stores = storesFor(
      new FakeBridge({
        'export.defaultFolder': () => ({ ok: true, result: { folder: FOLDER } }),
        'export.start': () => ({ ok: true, result: { ok: true, exportId: 'e1', outputPath: OUTPUT } }),
        'app.info': () => ({ ok: false, error: { code: 'UNKNOWN_METHOD', message: 'not here' } }),
      }),
    );
    stores.document
      .getState()
      .open({ fileName: 'harbour.timbre', project: { ...sampleProject(), title: 'Harbour Voices' } });
    renderWithStores(<ExportDialog onClose={() => undefined} />, stores);
    fireEvent.change(screen.getByTestId('export-format'), { target: { value: 'mp3' } });
    await screen.findByDisplayValue(OUTPUT);
    fireEvent.click(screen.getByTestId('export-start'));
    await screen.findByTestId('export-progress');
    stores.exportJobs.getState().finish({
      exportId: 'e1',
      projectId: sampleProject().id,
      ok: true,
      outputPath: OUTPUT,
      subtitlePaths: [`${FOLDER}/Harbour Voices.srt`],
      durationMs: 8_000,
      bytes: 200_000,
    });
    await screen.findByTestId('export-done');
    const markup = document.body.innerHTML;

    const browser = await chromium.launch(layoutChromium());
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.setContent(`<!doctype html><main>${markup}</main>`);
      for (const sheet of styleSheets) await page.addStyleTag({ content: styleSheetText(sheet) });
      const box = async (selector: string) => {
        const found = await page.locator(selector).first().boundingBox();
        if (found === null) throw new Error(`${selector} is not laid out`);
        return found;
      };
      // What RevealOnMount does in the app (this static copy of the markup runs no effects): the finished
      // export is scrolled into view, as the Deliver to and sample fields above it make the form taller.
      await page
        .locator('[data-testid="export-done"]')
        .evaluate((done) => done.parentElement?.scrollIntoView({ block: 'start' }));
      const dialog = await box('[data-testid="export-dialog"]');
      expect(dialog.y + dialog.height).toBeLessThanOrEqual(900);
      // Reachable without scrolling: the actions inside the dialog's visible part, the finished export's own
      // buttons above them (the actions stay at the bottom while the body scrolls).
      const actions = await box('[data-testid="export-dialog"] > .form-actions');
      for (const testId of ['export-start', 'export-close']) {
        const control = await box(`[data-testid="${testId}"]`);
        expect(control.y + control.height, testId).toBeLessThanOrEqual(dialog.y + dialog.height);
      }
      const copy = await box('[data-testid="export-copy-path"]');
      expect(copy.y + copy.height).toBeLessThanOrEqual(actions.y);
      // The whole path fits the box, file name included (it was cut at ".../Timbre Studio Exports/H").
      const path = page.locator('[data-testid="export-path"]');
      const widths = await path.evaluate((input) => ({
        scroll: input.scrollWidth,
        client: input.clientWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      expect(await path.getAttribute('title')).toBe(OUTPUT);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
