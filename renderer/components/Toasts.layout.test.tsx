import { act, cleanup, screen } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithStores, storesFor } from '../test-support/app-stores-harness.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { Toasts } from './Toasts.js';
import { styleSheetText } from '../test-support/style-sheet.js';
import { layoutChromium } from '../test-support/chromium.js';

/**
 * The toast stack laid out by Chromium with the app's style sheet, over a page: its "Dismiss all" bar covered the
 * inspector's fields beside it as a bar as wide as the toasts (issue 36, c6-stale-confirm.png).
 */

// (Mapped, as a literal `new URL('…', import.meta.url)` is rewritten by Vite into a URL of the dev server.)
const [STYLES = ''] = ['../styles.css'].map((relative) =>
  decodeURIComponent(new URL(relative, import.meta.url).pathname),
);

afterEach(cleanup);

describe('Toasts layout', () => {
  it('leaves the page beside "Dismiss all" and between the toasts clickable', async () => {
    const stores = storesFor(new FakeBridge({}));
    renderWithStores(<Toasts />, stores);
    act(() => {
      stores.notices.getState().showProblem({ title: 'Generating', body: '4 blocks sent (112 characters)' });
      stores.notices.getState().showProblem({ title: 'Generation task finished', body: '112 characters' });
    });
    await screen.findByTestId('toasts-dismiss-all');
    const markup = document.body.innerHTML;

    const browser = await chromium.launch(layoutChromium());
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.setContent(`<!doctype html><main>${markup}</main>`);
      await page.addStyleTag({ content: styleSheetText(STYLES) });
      const box = async (selector: string) => {
        const found = await page.locator(selector).first().boundingBox();
        if (found === null) throw new Error(`${selector} is not laid out`);
        return found;
      };
      const controls = await box('.toasts-controls');
      const toast = await box('[data-testid="toast"]');
      expect(controls.width).toBeLessThan(toast.width / 2);
      expect(Math.abs(controls.x + controls.width - (toast.x + toast.width))).toBeLessThan(1);
      // What a click lands on: left of the bar, and in the gap between the two toasts.
      const under = await page.evaluate(
        ([x, y, gapY]) =>
          [document.elementFromPoint(x!, y!), document.elementFromPoint(x!, gapY!)].map(
            (element) => element?.closest('.toasts') === null,
          ),
        [toast.x + 10, controls.y + controls.height / 2, toast.y + toast.height + 4],
      );
      expect(under).toEqual([true, true]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
