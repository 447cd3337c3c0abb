import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../main/services/secrets/keytar-secret-store.js';
import type { RunningApp } from './support/app-process.js';
import { startApp } from './support/app-process.js';
import { makeSpeechWav, readingScript } from './support/audio-fixtures.js';
import { launchChromium } from './support/browser.js';
import { startSuiteStandin } from './support/standin.js';

/** Drops a file on an element the way a user dragging it from the desktop would. */
async function dropFile(page: Page, testId: string, filePath: string, mediaType: string): Promise<void> {
  const bytes = [...(await readFile(filePath))];
  const dataTransfer = await page.evaluateHandle(
    ({ data, name, type }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type }));
      return transfer;
    },
    { data: bytes, name: path.basename(filePath), type: mediaType },
  );
  await page.getByTestId(testId).dispatchEvent('dragenter', { dataTransfer });
  await page.getByTestId(testId).dispatchEvent('dragover', { dataTransfer });
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer });
}

describe('journey: clone voices and keep a library', () => {
  let browser: Browser;
  let standin: Awaited<ReturnType<typeof startSuiteStandin>>;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let speechFile: string;
  const keychain = new KeytarSecretStore();

  beforeAll(async () => {
    speechFile = await makeSpeechWav(readingScript);
    [browser, standin] = await Promise.all([
      launchChromium([
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${speechFile}`,
        '--autoplay-policy=no-user-gesture-required',
      ]),
      startSuiteStandin(),
    ]);
  });
  afterAll(async () => {
    await keychain.delete(standin.url).catch(() => false);
    await Promise.all([browser.close(), standin.dispose()]);
  });
  beforeEach(async () => {
    app = await startApp({
      env: {
        TIMBRE_STANDIN_URL: standin.url,
        TIMBRE_STANDIN_VOICES: standin.marketVoices.map((voice) => voice.id).join(','),
      },
    });
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(app.url);
    await page.getByTestId('nav-voices').click();
  });
  afterEach(async () => {
    await context.close();
    await app.dispose();
  });

  async function fillDetails(name: string): Promise<void> {
    await page.getByTestId('voice-name').fill(name);
    await page.getByTestId('voice-consent').check();
  }

  function card(name: string) {
    return page.getByTestId('voice-card').filter({ hasText: name });
  }

  it('records from the microphone, creates a quick clone and watches it become ready', async () => {
    const submittedBefore = standin.ledger({ kind: 'voice' }).length;
    await page.getByTestId('new-voice').click();
    await page.getByTestId('record-start').click();
    await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="recorder-speech-seconds"]')?.textContent ?? '';
        return Number.parseFloat(text) >= 4;
      },
      undefined,
      { timeout: 30_000 },
    );
    await page.getByTestId('level-meter').waitFor();
    await page.getByTestId('record-stop').click();
    await page.getByTestId('prompt-ready').waitFor();
    expect(await page.getByTestId('prompt-ready').textContent()).toMatch(/s of speech/);

    await fillDetails('Mic voice');
    await page.getByTestId('voice-submit').click();
    await card('Mic voice').waitFor();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="voice-card"]')].some(
          (element) =>
            element.textContent?.includes('Mic voice') && element.getAttribute('data-state') === 'ready',
        ),
      undefined,
      { timeout: 30_000 },
    );
    expect(standin.ledger({ kind: 'voice' })).toHaveLength(submittedBefore + 1);

    // The Tasks page shows the clone as a finished voice job with the service's request id.
    await page.getByTestId('nav-tasks').click();
    const job = page.getByTestId('job-row').filter({ hasText: 'Mic voice' });
    await job.waitFor();
    expect(await job.getAttribute('data-status')).toBe('succeeded');
    expect(await job.getByTestId('request-id').textContent()).toMatch(/[0-9a-f]{8}-/);
    await page.getByTestId('jobs-filter-problem').click();
    expect(await page.getByTestId('job-row').count()).toBe(0);
  });

  it('imports a dropped file and trains a professional clone to lora-success', async () => {
    await page.getByTestId('new-voice').click();
    await page.getByTestId('source-import').click();
    await dropFile(page, 'import-dropzone', speechFile, 'audio/wav');
    await page.getByTestId('import-summary').waitFor();
    expect(
      Number.parseFloat((await page.getByTestId('prompt-speech-seconds').textContent()) ?? '0'),
    ).toBeGreaterThan(5);

    await fillDetails('Studio voice');
    await page.getByTestId('voice-professional').check();
    expect(await page.getByTestId('voice-form-error-language').textContent()).toContain('concrete language');
    expect(await page.getByTestId('voice-submit').isDisabled()).toBe(true);
    await page.getByTestId('voice-language').selectOption('en');
    await page.getByTestId('voice-submit').click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="voice-card"]')].some(
          (element) =>
            element.textContent?.includes('Studio voice') && element.getAttribute('data-state') === 'ready',
        ),
      undefined,
      { timeout: 30_000 },
    );
    expect(await card('Studio voice').textContent()).toContain('Professional');
  });

  it('refuses a 2-second file before uploading it, saying why', async () => {
    const short = await makeSpeechWav('Hello there.', { padSeconds: 0.2 });
    const submittedBefore = standin.ledger({ kind: 'voice' }).length;
    await page.getByTestId('new-voice').click();
    await page.getByTestId('source-import').click();
    await page.getByTestId('import-input').setInputFiles(short);
    const error = page.getByTestId('import-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/3 s|3 seconds/);
    expect(standin.ledger({ kind: 'voice' })).toHaveLength(submittedBefore);
    expect(await page.getByTestId('voice-submit').isDisabled()).toBe(true);
  });

  it('does not let v4.0 and a professional clone be submitted together', async () => {
    await page.getByTestId('new-voice').click();
    await page.getByTestId('source-import').click();
    await page.getByTestId('import-input').setInputFiles(speechFile);
    await page.getByTestId('import-summary').waitFor();
    await fillDetails('Preview voice');
    await page.getByTestId('voice-language').selectOption('en');
    await page.getByTestId('voice-professional').check();
    await page.getByTestId('voice-model-version').selectOption('v4.0');
    expect(await page.getByTestId('professional-unavailable').textContent()).toContain('v4.0');
    expect(await page.getByTestId('voice-submit').isDisabled()).toBe(true);
    await page.getByTestId('voice-professional').uncheck();
    expect(await page.getByTestId('voice-professional').isDisabled()).toBe(true);
    expect(await page.getByTestId('voice-submit').isDisabled()).toBe(false);
  });

  it('adds a market voice by id and plays its sample', async () => {
    const extra = standin.marketVoices[0];
    if (!extra) throw new Error('the stand-in has no market voice');
    // The fresh install already holds the stand-in's market voices; remove one and add it back by id.
    await card(extra.name).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await card(extra.name).getByTestId('voice-remove').click();
    await page.waitForFunction(
      (name) =>
        ![...document.querySelectorAll('[data-testid="voice-card"]')].some((element) =>
          element.textContent?.includes(name),
        ),
      extra.name,
    );

    await page.getByTestId('add-voice-by-id').click();
    await page.getByTestId('add-voice-id').fill('00000000-0000-4000-8000-00000000dead');
    await page.getByTestId('add-voice-submit').click();
    await page.getByTestId('error-notice').waitFor();
    expect(await page.getByTestId('error-notice').textContent()).toMatch(
      /00000000-0000-4000-8000-00000000dead/,
    );

    await page.getByTestId('add-voice-id').fill(extra.id);
    await page.getByTestId('add-voice-submit').click();
    await card(extra.name).waitFor();

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
    await card(extra.name).getByTestId('play-sample').first().click();
    const response = await sample;
    expect(response.headers()['content-type']).toMatch(/^audio\//);
    // Playing, then back to "Play sample" when howler reports the end: the sample really played through.
    await page.waitForFunction(() => {
      const seen = (window as unknown as { samplePressed: string[] }).samplePressed;
      return seen.includes('true') && seen.at(-1) === 'false';
    });
    expect(await page.getByTestId('sample-error').allTextContents()).toEqual([]);
  });
});
