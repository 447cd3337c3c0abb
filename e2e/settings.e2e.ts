import { expect, test } from './support/fixtures.js';
import { SettingsPage } from './support/pages/settings-page.js';

test.describe('journey: first launch and settings', () => {
  test('shows the navigation and an empty state on every page', async ({ app, page }) => {
    await page.goto(app.url);
    for (const [target, emptyState] of [
      ['projects', 'projects-empty'],
      ['voices', 'voices-empty'],
      ['tasks', 'tasks-empty'],
      ['exports', 'exports-empty'],
    ] as const) {
      await page.getByTestId(`nav-${target}`).click();
      await expect(page.getByTestId(emptyState)).toBeVisible();
      await expect(page.getByTestId(`nav-${target}`)).toHaveAttribute('aria-current', 'page');
    }
    await page.keyboard.press('Control+5');
    await expect(page.getByTestId('services-section')).toBeVisible();
  });

  test('keeps a changed service URL and theme after a reload and after a restart', async ({
    app,
    launchApp,
    page,
  }) => {
    await page.goto(app.url);
    await new SettingsPage(page).show();
    await expect(page.getByTestId('no-services')).toBeVisible();
    await page.getByTestId('add-service').click();

    await page.getByTestId('service-url-input').fill('ftp://nope');
    await expect(page.getByTestId('service-url-problem')).toHaveText(
      'Base URL must use http:// or https:// (got "ftp:")',
    );
    await expect(page.getByTestId('save-service')).toBeDisabled();

    await page.getByTestId('service-url-input').fill('https://voice.example.com/');
    await page.getByTestId('service-label-input').fill('Production');
    await page.getByTestId('service-plan-select').selectOption('paid');
    await page.getByTestId('save-service').click();
    await expect(page.getByTestId('service-row')).toHaveCount(1);
    await page.getByTestId('theme-select').selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await page.reload();
    await new SettingsPage(page).show();
    await expect(page.getByTestId('service-url')).toHaveText(['https://voice.example.com']);
    await expect(page.getByTestId('theme-select')).toHaveValue('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await app.stop();
    const restarted = await launchApp({ dataDir: app.dataDir });
    await page.goto(restarted.url);
    await new SettingsPage(page).show();
    await expect(page.getByTestId('service-url')).toHaveText(['https://voice.example.com']);
  });

  test('edits the saved URL in place', async ({ app, page }) => {
    await page.goto(app.url);
    await new SettingsPage(page).show();
    await page.getByTestId('add-service').click();
    await page.getByTestId('service-url-input').fill('http://127.0.0.1:8787');
    await page.getByTestId('save-service').click();
    await page.getByTestId('edit-service').click();
    await page.getByTestId('service-url-input').fill('http://127.0.0.1:9999');
    await page.getByTestId('save-service').click();
    await expect(page.getByTestId('service-url')).toHaveText(['http://127.0.0.1:9999']);
    await expect(page.getByTestId('service-row')).toHaveCount(1);
  });
});
