import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { styleSheetText } from '../../../test-support/style-sheet.js';
import { layoutChromium } from '../../../test-support/chromium.js';

/**
 * The video panel beside the inspector, laid out by Chromium with the app's style sheets in the window sizes the
 * app is tried in: once the side column is scrolled to the inspector, the inspector is what shows, not the picture
 * stuck over it (at 1440 × 900 the sticky panel left ~40 px of the inspector, so Timing could not be worked).
 */

const styleSheets = ['../../../styles.css', '../script/script-and-panels.css', './video.css'].map(
  (relative) => decodeURIComponent(new URL(relative, import.meta.url).pathname),
);

// The side column as ProjectEditor renders it (the video panel, then the inspector), at the height the editor left
// it in the trial at 1440 × 900 (timeline, toolbar and review banner above it): 370 px.
const markup = `
  <aside class="editor-side" data-testid="side" style="height: 370px; width: 360px">
    <section class="video-panel">
      <header class="video-panel-header"><span class="video-panel-name">clip.mp4</span><button>Replace…</button></header>
      <video class="video-panel-frame"></video>
      <div class="video-timecode">00:00:06:24 / 00:00:20:00</div>
      <fieldset class="original-audio"><legend>Original audio</legend><label>Mute <input type="checkbox"></label></fieldset>
    </section>
    <section class="panel" data-testid="inspector" style="height: 600px">Timing: Start, Lane</section>
  </aside>`;

describe('the video panel beside the inspector', () => {
  it('never covers the inspector scrolled into view, in a 1440×900 and a 1024×700 window', async () => {
    const browser = await chromium.launch(layoutChromium());
    try {
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 1024, height: 700 },
      ]) {
        const page = await browser.newPage({ viewport });
        await page.setContent(`<!doctype html><main>${markup}</main>`);
        for (const sheet of styleSheets) await page.addStyleTag({ content: styleSheetText(sheet) });
        const visible = await page.evaluate(() => {
          const side = document.querySelector<HTMLElement>('[data-testid="side"]')!;
          const inspector = document.querySelector<HTMLElement>('[data-testid="inspector"]')!;
          side.scrollTop = inspector.offsetTop - side.offsetTop;
          const box = side.getBoundingClientRect();
          // The inspector's share of the column's height: the rows where it is what the user sees.
          let rows = 0;
          for (let y = box.top + 1; y < box.bottom; y += 1) {
            if (inspector.contains(document.elementFromPoint(box.left + 20, y))) rows += 1;
          }
          return rows / box.height;
        });
        await page.close();
        expect({ viewport, inspectorShown: visible > 0.9 }).toEqual({ viewport, inspectorShown: true });
      }
    } finally {
      await browser.close();
    }
  }, 60_000);
});
