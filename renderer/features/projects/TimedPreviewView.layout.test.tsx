import { cleanup, render } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimedPreview } from '../../../common/import/timed-preview.js';
import { styleSheetText } from '../../test-support/style-sheet.js';
import { TimedPreviewView } from './TimedPreviewView.js';
import { layoutChromium } from '../../test-support/chromium.js';

/**
 * A timed script's preview laid out by Chromium inside the import dialog's wide card, with the app's style
 * sheets, in both window sizes: a line that overruns past the rates the app sends says so in full, and the cue
 * table fits the dialog's width (the dialog never scrolls sideways, its form and buttons with it).
 */

// The app's style sheets, read from disk (the renderer's tests load CSS as empty modules).
const styleSheets = ['../../styles.css', '../../components/dialog.css', './projects.css'].map((relative) =>
  decodeURIComponent(new URL(relative, import.meta.url).pathname),
);

const preview: TimedPreview = {
  cues: 2,
  lanes: 2,
  overruns: 1,
  shown: [
    {
      startMs: 3_723_500,
      endMs: 3_725_000,
      slotMs: 1_500,
      lane: 1,
      speaker: 'Maximiliane Oberhuber-Castellanos',
      text: 'Das ist eine viel zu lange Zeile für anderthalb Sekunden, die niemand so schnell sprechen kann.',
      estimatedMs: 6_200,
      overrunMs: 4_700,
      neededRate: 4.14,
      rateInRange: false,
    },
    {
      startMs: 3_726_000,
      endMs: 3_729_000,
      slotMs: 3_000,
      lane: 0,
      text: 'Kurz.',
      estimatedMs: 600,
      overrunMs: 0,
      rateInRange: true,
    },
  ],
};

describe('TimedPreviewView layout', () => {
  afterEach(cleanup);

  it('fits the import dialog’s width in a 1440×900 and a 1024×700 window', async () => {
    render(
      <div className="dialog-backdrop">
        <div className="dialog card dialog-wide" role="dialog">
          <TimedPreviewView timed={preview} />
        </div>
      </div>,
    );
    const markup = document.body.innerHTML;
    const browser = await chromium.launch(layoutChromium());
    try {
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 1024, height: 700 },
      ]) {
        const page = await browser.newPage({ viewport });
        await page.setContent(`<!doctype html><main>${markup}</main>`);
        for (const sheet of styleSheets) await page.addStyleTag({ content: styleSheetText(sheet) });
        const widths = await page.evaluate(() => {
          const dialog = document.querySelector('[role="dialog"]')!;
          return { scroll: dialog.scrollWidth, client: dialog.clientWidth };
        });
        const fit = await page.getByTestId('import-timed-fit').first().textContent();
        await page.close();
        expect(fit).toBe('+4.7 s · needs rate 4.14, past the 2 the app sends: shorten it');
        expect({ viewport, sideways: widths.scroll > widths.client }).toEqual({ viewport, sideways: false });
      }
    } finally {
      await browser.close();
    }
  }, 60_000);
});
