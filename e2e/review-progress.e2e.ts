import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { startNewProject } from './support/pages/projects-page.js';

// A slow service, so each step of a block's way to audio lasts long enough to be seen.
test.use({ service: 'standin', standinOptions: { speed: 1 } });

test.describe('journey: live progress while generating', () => {
  test('walks a block through waiting, sent, downloading and ready, with a progress bar', async ({
    launchApp,
    standin,
    page,
  }) => {
    const app = await launchApp();
    await startNewProject(page, app.url, 'Progress');
    await new EditorPage(page).addTextBlocks(['The tide came in slowly over the flat grey sand.']);
    const row = page.getByTestId('script-row').first();
    await expect(row.getByTestId('block-play')).toBeDisabled();
    // Preview over a block without audio says so instead of playing silence unannounced.
    await row.locator('.script-row-number').click();
    await page.keyboard.press('Control+Shift+Space');
    await expect(page.getByText('1 block has no audio yet')).toBeVisible();

    // Every value the row's progress takes, in order, recorded in the page as it changes.
    await row.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      const record = (): void => {
        const value = element.getAttribute('data-progress') ?? '';
        if (seen.at(-1) !== value) seen.push(value);
      };
      record();
      new MutationObserver(record).observe(element, { attributes: true, attributeFilter: ['data-progress'] });
    });
    // Sending waits a moment (the service is slow to answer), and so does the download of the audio.
    standin.injectFault({ mode: 'hang', hangMs: 1500, method: 'POST', pathPrefix: '/api/tts/generate' });
    standin.injectFault({ mode: 'hang', hangMs: 1500, method: 'GET', pathPrefix: '/files/' });

    await page.getByTestId('generate-project').click();
    await expect(page.getByTestId('generation-progress')).toBeVisible();
    await expect(page.getByTestId('generation-progress')).toHaveAttribute('data-total', '1');
    await expect(row.getByTestId('block-progress')).toContainText('service says', { timeout: 30_000 });
    // The timeline block shows it too.
    await expect(page.locator('[data-testid="timeline-block"][data-type="text"]').first()).toHaveAttribute(
      'data-progress',
      /sent|downloading/,
    );
    await expect(row).toHaveAttribute('data-progress', 'ready', { timeout: 60_000 });
    await expect(page.getByTestId('generation-progress')).toHaveAttribute('data-done', '1');

    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen).toEqual(['idle', 'waiting', 'sent', 'downloading', 'ready']);
    // The run ends a little after it finished: the bar goes and the block reads as generated.
    await expect(page.getByTestId('generation-progress')).toBeHidden({ timeout: 15_000 });
    await expect(row).toHaveAttribute('data-progress', 'idle');
  });
});
