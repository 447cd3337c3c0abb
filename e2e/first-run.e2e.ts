import { KeytarSecretStore } from '../main/services/secrets/keytar-secret-store.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';
import { SettingsPage } from './support/pages/settings-page.js';
import { savedProject } from './support/saved-project.js';

// As an installed app starts the first time: a fresh data folder, no stand-in signed in to behind the user's back.
test.use({ service: 'none', firstRun: 'installed' });

test.describe('journey: the first run of an installed app', () => {
  test('refuses a wrong token in plain words, then signs in with the right one and opens the projects page', async ({
    app,
    standin,
    page,
  }, testInfo) => {
    await page.goto(app.url);
    const welcome = page.getByTestId('welcome-page');
    await expect(welcome).toBeVisible();
    await expect(page.getByTestId('nav-projects')).toHaveCount(0);
    await expect(page.getByTestId('welcome-token-storage')).toContainText('system keychain');
    await page.screenshot({ path: testInfo.outputPath('welcome-page.png') });

    await page.getByTestId('welcome-url-input').fill(standin.url);
    await page.getByTestId('welcome-token-input').fill('wrong-token');
    await page.getByTestId('welcome-token-input').press('Enter');
    const refusal = page.getByTestId('welcome-token-error');
    await expect(refusal).toContainText(
      'The service did not accept this token (401 Unauthorized). Check the Access token field',
    );
    await expect(refusal.getByTestId('request-id')).toHaveText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await page.screenshot({ path: testInfo.outputPath('welcome-page-refused.png') });
    // Escape leaves what was typed (and the page) as it is.
    await page.getByTestId('welcome-url-input').press('Escape');
    await expect(page.getByTestId('welcome-url-input')).toHaveValue(standin.url);

    await page.getByTestId('welcome-token-input').fill('standin-paid');
    await page.getByTestId('welcome-sign-in').click();
    await expect(page.getByTestId('projects-page')).toBeVisible();
    await expect(welcome).toHaveCount(0);
    expect(await page.content()).not.toContain('standin-paid');
    expect(await new KeytarSecretStore().get(standin.url)).toBe('standin-paid');
    await new SettingsPage(page).show();
    await new SettingsPage(page).expectSignInState('Signed in ••••paid');
  });

  test('starts without signing in, writes a block that is saved, is not asked again after a restart, and imports', async ({
    app,
    launchApp,
    page,
  }) => {
    await page.goto(app.url);
    await page.getByTestId('welcome-skip').click();
    await expect(page.getByTestId('projects-page')).toBeVisible();
    await new ProjectsPage(page).create('Before sign-in');
    await new EditorPage(page).addTextBlocks(['Written before any service was set up.']);
    await expect(page.getByTestId('generation-unavailable')).toContainText('Generation needs a service');
    const saved = await savedProject(page, app);
    expect(saved.tracks.speech.blocks.map((block) => (block.type === 'text' ? block.text : ''))).toEqual([
      'Written before any service was set up.',
    ]);

    // Generate's "Sign in…" leads to the same sign-in form.
    await page.getByTestId('generation-sign-in').click();
    await expect(page.getByTestId('welcome-page')).toBeVisible();
    await page.getByTestId('welcome-skip').click();
    await expect(page.getByTestId('editor-title')).toHaveText('Before sign-in');

    await app.stop();
    const restarted = await launchApp({ dataDir: app.dataDir });
    await page.goto(restarted.url);
    await expect(page.getByTestId('page-projects')).toBeVisible();
    await expect(page.getByTestId('welcome-page')).toHaveCount(0);

    // Importing needs no service either.
    await page.getByTestId('import-text').click();
    await page.getByTestId('import-text-input').fill('The first paragraph.\n\nThe second paragraph.');
    await page.getByTestId('import-title').fill('Imported before sign-in');
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('editor-title')).toHaveText('Imported before sign-in');
  });
});
