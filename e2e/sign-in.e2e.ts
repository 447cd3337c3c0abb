import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../main/services/secrets/keytar-secret-store.js';
import type { RunningApp } from './support/app-process.js';
import { startApp } from './support/app-process.js';
import { launchChromium } from './support/browser.js';
import { startSuiteStandin } from './support/standin.js';

describe('journey: sign in to a service', () => {
  let browser: Browser;
  let standin: Awaited<ReturnType<typeof startSuiteStandin>>;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  const keychain = new KeytarSecretStore();

  beforeAll(async () => {
    [browser, standin] = await Promise.all([launchChromium(), startSuiteStandin()]);
  });
  afterAll(async () => {
    await keychain.delete(standin.url).catch(() => false);
    await Promise.all([browser.close(), standin.dispose()]);
  });
  beforeEach(async () => {
    app = await startApp();
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
    await app.dispose();
  });

  it('refuses a wrong token with the request id, then signs in and shows only a masked token', async () => {
    await page.goto(app.url);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('add-service').click();
    await page.getByTestId('service-url-input').fill(standin.url);
    await page.getByTestId('service-plan-select').selectOption('paid');
    await page.getByTestId('service-token-input').fill('wrong-token');
    await page.getByTestId('save-service').click();

    const error = page.getByTestId('error-notice');
    await error.waitFor();
    expect(await error.textContent()).toContain('refused this token (401 Unauthorized)');
    expect(await error.getByTestId('request-id').textContent()).toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(await page.getByTestId('service-row').count()).toBe(0);

    await page.getByTestId('service-token-input').fill('standin-paid');
    await page.getByTestId('save-service').click();
    await page.getByTestId('service-row').waitFor();
    expect(await page.getByTestId('sign-in-state').textContent()).toBe('Signed in ••••paid');
    expect(await page.content()).not.toContain('standin-paid');
    expect(await keychain.get(standin.url)).toBe('standin-paid');

    await page.getByTestId('nav-tasks').click();
    expect(await page.getByTestId('tasks-empty').textContent()).toContain('No tasks yet');

    await page.getByTestId('nav-settings').click();
    await page.getByTestId('sign-out').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sign-in-state"]')?.textContent === 'Not signed in',
    );
    expect(await keychain.get(standin.url)).toBeUndefined();
  });
});
