import type { Page } from '@playwright/test';
import { makeSpeechWav, readingScript } from './support/audio-fixtures.js';
import { dropFile } from './support/drop-file.js';
import { expect, test as journeyTest } from './support/fixtures.js';

/** Journeys with a microphone: Chromium's fake device plays real speech, made once for the suite. */
const test = journeyTest.extend<{ speechFile: string }, { micFile: string }>({
  micFile: [
    async ({}, use) => {
      await use(await makeSpeechWav(readingScript));
    },
    { scope: 'worker' },
  ],
  browser: [
    async ({ playwright, launchOptions, micFile }, use) => {
      const browser = await playwright.chromium.launch({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-audio-capture=${micFile}`,
          '--autoplay-policy=no-user-gesture-required',
        ],
      });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  speechFile: async ({ micFile }, use) => {
    await use(micFile);
  },
});

test.use({ service: 'standin' });

test.describe('journey: clone voices and keep a library', () => {
  test.beforeEach(async ({ app, page }) => {
    await page.goto(app.url);
    await page.getByTestId('nav-voices').click();
  });

  async function fillDetails(page: Page, name: string): Promise<void> {
    await page.getByTestId('voice-name').fill(name);
    await page.getByTestId('voice-consent').check();
  }

  function card(page: Page, name: string) {
    return page.getByTestId('voice-card').filter({ hasText: name });
  }

  test('records from the microphone, creates a quick clone and watches it become ready', async ({
    standin,
    page,
  }) => {
    const submittedBefore = standin.ledger({ kind: 'voice' }).length;
    await page.getByTestId('new-voice').click();
    await page.getByTestId('record-start').click();
    await expect
      .poll(
        async () =>
          Number.parseFloat((await page.getByTestId('recorder-speech-seconds').textContent()) ?? ''),
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId('level-meter')).toBeVisible();
    await page.getByTestId('record-stop').click();
    await expect(page.getByTestId('prompt-ready')).toBeVisible();
    await expect(page.getByTestId('prompt-ready')).toHaveText(/s of speech/);

    await fillDetails(page, 'Mic voice');
    await page.getByTestId('voice-submit').click();
    await expect(card(page, 'Mic voice')).toBeVisible();
    await expect(card(page, 'Mic voice')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    expect(standin.ledger({ kind: 'voice' })).toHaveLength(submittedBefore + 1);

    // The Tasks page shows the clone as a finished voice job with the service's request id.
    await page.getByTestId('nav-tasks').click();
    const job = page.getByTestId('job-row').filter({ hasText: 'Mic voice' });
    await expect(job).toBeVisible();
    await expect(job).toHaveAttribute('data-status', 'succeeded');
    await expect(job.getByTestId('request-id')).toHaveText(/[0-9a-f]{8}-/);
    await page.getByTestId('jobs-filter-problem').click();
    await expect(page.getByTestId('job-row')).toHaveCount(0);
  });

  test('imports a dropped file and trains a professional clone to lora-success', async ({
    page,
    speechFile,
  }) => {
    await page.getByTestId('new-voice').click();
    await page.getByTestId('source-import').click();
    await dropFile(page, 'import-dropzone', speechFile, 'audio/wav');
    await expect(page.getByTestId('import-summary')).toBeVisible();
    expect(
      Number.parseFloat((await page.getByTestId('prompt-speech-seconds').textContent()) ?? '0'),
    ).toBeGreaterThan(5);

    await fillDetails(page, 'Studio voice');
    await page.getByTestId('voice-professional').check();
    await expect(page.getByTestId('voice-form-error-language')).toContainText('concrete language');
    // Trying anyway sends nothing: the problem stays where it is.
    await page.getByTestId('voice-submit').click();
    await expect(page.getByTestId('voice-form-error-language')).toBeVisible();
    await expect(card(page, 'Studio voice')).toHaveCount(0);
    await page.getByTestId('voice-language').selectOption('en');
    await page.getByTestId('voice-submit').click();
    await expect(card(page, 'Studio voice')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await expect(card(page, 'Studio voice')).toContainText('Professional');
  });

  test('refuses a 2-second file before uploading it, saying why', async ({ standin, page }) => {
    const short = await makeSpeechWav('Hello there.', { padSeconds: 0.2 });
    const submittedBefore = standin.ledger({ kind: 'voice' }).length;
    await page.getByTestId('new-voice').click();
    // A fresh form is not a list of errors.
    await expect(page.locator('[data-testid^="voice-form-error-"]')).toHaveCount(0);
    await page.getByTestId('source-import').click();
    await page.getByTestId('import-input').setInputFiles(short);
    const error = page.getByTestId('import-error');
    await expect(error).toBeVisible();
    await expect(error).toHaveText(/3 s|3 seconds/);
    // Creating it anyway names what is missing, in plain words, and sends nothing.
    await page.getByTestId('voice-submit').click();
    await expect(page.getByTestId('voice-form-error-name')).toHaveText('Give the voice a name.');
    await expect(page.getByTestId('voice-form-error-consent')).toBeVisible();
    // The message describes the field; it is not part of its name.
    await expect(page.getByTestId('voice-name')).toHaveAccessibleName('Name');
    await expect(page.getByTestId('voice-name')).toHaveAccessibleDescription('Give the voice a name.');
    expect(standin.ledger({ kind: 'voice' })).toHaveLength(submittedBefore);
  });

  test('does not let v4.0 and a professional clone be submitted together', async ({ page, speechFile }) => {
    await page.getByTestId('new-voice').click();
    await page.getByTestId('source-import').click();
    await page.getByTestId('import-input').setInputFiles(speechFile);
    await expect(page.getByTestId('import-summary')).toBeVisible();
    await fillDetails(page, 'Preview voice');
    await page.getByTestId('voice-language').selectOption('en');
    await page.getByTestId('voice-professional').check();
    await page.getByTestId('voice-model-version').selectOption('v4.0');
    await expect(page.getByTestId('professional-unavailable')).toContainText('v4.0');
    await page.getByTestId('voice-submit').click();
    await expect(page.getByTestId('voice-form-error-professional')).toBeVisible();
    await page.getByTestId('voice-professional').uncheck();
    await expect(page.getByTestId('voice-professional')).toBeDisabled();
    await expect(page.getByTestId('voice-submit')).toBeEnabled();
  });

  test('adds a market voice by id and plays its sample', async ({ standin, page }) => {
    const extra = standin.marketVoices[0];
    if (!extra) throw new Error('the stand-in has no market voice');
    // The fresh install already holds the stand-in's market voices; remove one and add it back by id.
    await expect(card(page, extra.name)).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await card(page, extra.name).getByTestId('voice-remove').click();
    await expect(card(page, extra.name)).toHaveCount(0);

    await page.getByTestId('add-voice-by-id').click();
    await page.getByTestId('add-voice-id').fill('00000000-0000-4000-8000-00000000dead');
    await page.getByTestId('add-voice-submit').click();
    await expect(page.getByTestId('error-notice')).toBeVisible();
    await expect(page.getByTestId('error-notice')).toHaveText(/00000000-0000-4000-8000-00000000dead/);

    await page.getByTestId('add-voice-id').fill(extra.id);
    await page.getByTestId('add-voice-submit').click();
    await expect(card(page, extra.name)).toBeVisible();
    // The card shows both of its ids, each with a copy button.
    await expect(card(page, extra.name).getByTestId('voice-id')).toContainText(extra.id);
    await expect(card(page, extra.name).getByTestId('voice-generation-id')).toContainText(
      extra.idForGenerate,
    );

    // Removed again, it comes back by its generation id too.
    page.once('dialog', (dialog) => void dialog.accept());
    await card(page, extra.name).getByTestId('voice-remove').click();
    await expect(card(page, extra.name)).toHaveCount(0);
    await page.getByTestId('add-voice-by-id').click();
    await page.getByTestId('add-voice-id').fill(extra.idForGenerate);
    await page.getByTestId('add-voice-submit').click();
    await expect(card(page, extra.name)).toBeVisible();

    // The sample is short, so the button's pressed state is recorded as it changes rather than polled.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { samplePressed: string[] }).samplePressed = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target as Element;
          if (target.getAttribute('data-testid') === 'play-sample')
            seen.push(target.getAttribute('aria-pressed') ?? '');
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-pressed'] });
    });
    const sample = page.waitForResponse(
      (response) => response.url().includes('/media/') && response.status() < 300,
    );
    await card(page, extra.name).getByTestId('play-sample').first().click();
    const response = await sample;
    expect(response.headers()['content-type']).toMatch(/^audio\//);
    // Playing, then back to "Play sample" when howler reports the end: the sample really played through.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { samplePressed: string[] }).samplePressed))
      .toEqual(expect.arrayContaining(['true']));
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { samplePressed: string[] }).samplePressed.at(-1)),
      )
      .toBe('false');
    await expect(page.getByTestId('sample-error')).toHaveText([]);
  });
});
