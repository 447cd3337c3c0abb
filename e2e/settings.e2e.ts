import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app-process.js';
import { startApp } from './support/app-process.js';
import { launchChromium } from './support/browser.js';

describe('journey: first launch and settings', () => {
  let browser: Browser;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
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

  it('shows the navigation and an empty state on every page', async () => {
    await page.goto(app.url);
    for (const [target, emptyState] of [
      ['projects', 'projects-empty'],
      ['voices', 'voices-empty'],
      ['tasks', 'tasks-empty'],
      ['exports', 'exports-empty'],
    ] as const) {
      await page.getByTestId(`nav-${target}`).click();
      await page.getByTestId(emptyState).waitFor();
      expect(await page.getByTestId(`nav-${target}`).getAttribute('aria-current')).toBe('page');
    }
    await page.keyboard.press('Control+5');
    await page.getByTestId('services-section').waitFor();
  });

  it('keeps a changed service URL and theme after a reload and after a restart', async () => {
    await page.goto(app.url);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('no-services').waitFor();
    await page.getByTestId('add-service').click();

    await page.getByTestId('service-url-input').fill('ftp://nope');
    expect(await page.getByTestId('service-url-problem').textContent()).toBe(
      'Base URL must use http:// or https:// (got "ftp:")',
    );
    expect(await page.getByTestId('save-service').isDisabled()).toBe(true);

    await page.getByTestId('service-url-input').fill('https://voice.example.com/');
    await page.getByTestId('service-label-input').fill('Production');
    await page.getByTestId('service-plan-select').selectOption('paid');
    await page.getByTestId('save-service').click();
    await page.getByTestId('service-row').waitFor();
    await page.getByTestId('theme-select').selectOption('dark');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');

    await page.reload();
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('service-row').waitFor();
    expect(await page.getByTestId('service-url').allTextContents()).toEqual(['https://voice.example.com']);
    expect(await page.getByTestId('theme-select').inputValue()).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    await app.stop();
    app = await startApp({ dataDir: app.dataDir });
    await page.goto(app.url);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('service-row').waitFor();
    expect(await page.getByTestId('service-url').allTextContents()).toEqual(['https://voice.example.com']);
  });

  it('edits the saved URL in place', async () => {
    await page.goto(app.url);
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('add-service').click();
    await page.getByTestId('service-url-input').fill('http://127.0.0.1:8787');
    await page.getByTestId('save-service').click();
    await page.getByTestId('edit-service').click();
    await page.getByTestId('service-url-input').fill('http://127.0.0.1:9999');
    await page.getByTestId('save-service').click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="service-url"]')?.textContent === 'http://127.0.0.1:9999',
    );
    expect(await page.getByTestId('service-row').count()).toBe(1);
  });
});
