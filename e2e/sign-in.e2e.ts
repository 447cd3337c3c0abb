import { KeytarSecretStore } from '../main/services/secrets/keytar-secret-store.js';
import { expect, test } from './support/fixtures.js';
import { SettingsPage } from './support/pages/settings-page.js';

test.describe('journey: sign in to a service', () => {
  test('refuses a wrong token with the request id, then signs in and shows only a masked token', async ({
    app,
    standin,
    page,
  }) => {
    const keychain = new KeytarSecretStore();
    const settings = new SettingsPage(page);
    await page.goto(app.url);
    await settings.show();
    await settings.addService(standin.url, 'wrong-token');

    const error = page.getByTestId('error-notice');
    await expect(error).toContainText('did not accept this token (401 Unauthorized)');
    await expect(error.getByTestId('request-id')).toHaveText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await expect(page.getByTestId('service-row')).toHaveCount(0);

    await page.getByTestId('service-token-input').fill('standin-paid');
    await page.getByTestId('save-service').click();
    await expect(page.getByTestId('service-row')).toHaveCount(1);
    await settings.expectSignInState('Signed in ••••paid');
    expect(await page.content()).not.toContain('standin-paid');
    expect(await keychain.get(standin.url)).toBe('standin-paid');

    await page.getByTestId('nav-tasks').click();
    await expect(page.getByTestId('tasks-empty')).toContainText('No tasks yet');

    await settings.show();
    await page.getByTestId('sign-out').click();
    await settings.expectSignInState('Not signed in');
    expect(await keychain.get(standin.url)).toBeUndefined();
  });
});
