import { cleanup, render } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../../../common/import/imported-script.js';
import type { TimedPreviewCue } from '../../../common/import/timed-preview.js';
import { styleSheetText } from '../../test-support/style-sheet.js';
import { SplitPreviewView } from './SplitPreviewView.js';
import { layoutChromium } from '../../test-support/chromium.js';

/**
 * A timed script's import preview laid out by Chromium in the import dialog, with the app's style sheets: its cue
 * table gets a screenful of height to scroll in, not a few rows in a small box nested in the scrolling dialog.
 */

const styleSheets = ['../../styles.css', '../../components/dialog.css', './projects.css'].map((relative) =>
  decodeURIComponent(new URL(relative, import.meta.url).pathname),
);

const cues: TimedPreviewCue[] = Array.from({ length: 60 }, (_, index) => ({
  startMs: index * 3_000,
  endMs: index * 3_000 + 2_500,
  slotMs: 2_500,
  lane: index % 2,
  speaker: index % 2 === 0 ? 'Anna' : 'Ben',
  text: `Zeile ${index + 1}: Danach wählen Sie die gewünschte Sprache aus der Liste.`,
  estimatedMs: 2_000,
  overrunMs: 0,
  rateInRange: true,
}));

const preview: ImportPreview = {
  hasCover: false,
  blockCount: cues.length,
  characters: 4_000,
  longestBlock: 70,
  estimatedCredits: 4_000,
  chapters: [{ title: 'Opening', blocks: cues.length, characters: 4_000 }],
  frontMatter: [],
  speakers: [
    { name: 'Anna', blocks: 30, characters: 2_000 },
    { name: 'Ben', blocks: 30, characters: 2_000 },
  ],
  parts: 1,
  firstBlocks: [],
  timed: { cues: cues.length, lanes: 2, overruns: 0, shown: cues },
};

describe('the import preview of a timed script', () => {
  afterEach(cleanup);

  it('gives its cues a screenful to scroll in, and no second scroll box around them', async () => {
    render(
      <div className="dialog-backdrop">
        <div className="dialog card dialog-wide" role="dialog">
          <SplitPreviewView preview={preview} hasText updating={false} />
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
        const boxes = await page.evaluate(() => {
          const box = (testId: string) => {
            const element = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!;
            return {
              height: element.clientHeight,
              scrolls: element.scrollHeight > element.clientHeight,
              sideways: element.scrollWidth > element.clientWidth,
            };
          };
          return { preview: box('import-preview'), cues: box('import-timed-scroll') };
        });
        await page.close();
        // More than half the window's height for the cues (55 % of it, at most 480 px)…
        expect({ viewport, tall: boxes.cues.height >= Math.min(viewport.height * 0.5, 450) }).toEqual({
          viewport,
          tall: true,
        });
        expect(boxes.cues.scrolls).toBe(true);
        expect(boxes.cues.sideways).toBe(false);
        // …which scroll by themselves: the preview around them does not.
        expect(boxes.preview.scrolls).toBe(false);
      }
    } finally {
      await browser.close();
    }
  }, 60_000);
});
