import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../common/ipc/contract.js';
import type { IpcResponse } from '../../../common/ipc/errors.js';
import { App } from '../../app/App.js';
import type { AppStores } from '../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { settingsView, signedInSettings } from '../../test-support/settings-view.js';

const firstRun = settingsView({ showWelcome: true });
const refused: IpcResponse<unknown> = {
  ok: false,
  error: {
    code: 'SERVICE_ERROR',
    field: 'token',
    httpStatus: 401,
    requestId: 'req-401',
    message: 'The service did not accept this token (401 Unauthorized). Check the Access token field.',
  },
};

const appInfo = {
  name: 'Timbre Studio',
  version: '1.0.0',
  shell: 'electron',
  platform: 'linux',
  dataDir: '/tmp/timbre',
  canReveal: true,
};

function start(responders: ConstructorParameters<typeof FakeBridge>[0], view: SettingsView = firstRun) {
  const bridge = new FakeBridge({
    'app.info': () => ({ ok: true, result: appInfo }),
    'settings.get': () => ({ ok: true, result: view }),
    'projects.list': () => ({ ok: true, result: [] }),
    'projects.recent': () => ({ ok: true, result: [] }),
    'account.keychain': () => ({ ok: true, result: { name: 'Secret Service', secure: true } }),
    ...responders,
  });
  const stores: AppStores = storesFor(bridge);
  renderWithStores(<App />, stores);
  return { bridge, stores };
}

const type = (testId: string, value: string): void => {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
};

describe('WelcomePage', () => {
  afterEach(cleanup);

  it('opens on a first run, with a password field for the token and no URL of its own invention', async () => {
    start({});
    const page = await screen.findByTestId('welcome-page');
    expect(screen.queryByTestId('nav-projects')).toBeNull();
    expect(screen.getByTestId('welcome-token-input').getAttribute('type')).toBe('password');
    expect(page.querySelectorAll('a[href]')).toHaveLength(0);
    expect(screen.getByTestId('welcome-token-where').textContent).toContain('from your voice service');
    const storage = await screen.findByTestId('welcome-token-storage');
    await waitFor(() => expect(storage.textContent).toContain('system keychain (Secret Service)'));
    expect((screen.getByTestId('welcome-sign-in') as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens Report a Problem from its own button (the browser shell has no Help menu)', async () => {
    start({ 'support.suggestedPath': () => ({ ok: true, result: { path: '/home/ana/report.zip' } }) });
    fireEvent.click(await screen.findByTestId('welcome-report-problem'));
    expect(await screen.findByTestId('report-problem-dialog')).toBeDefined();
    expect(screen.getByTestId('welcome-page')).toBeDefined();
  });

  it('says what happens when the system keychain is unavailable: signed in until the app quits', async () => {
    start({
      'account.keychain': () => ({
        ok: true,
        result: { name: 'memory', secure: false, detail: 'No D-Bus session: start one to keep tokens.' },
      }),
    });
    const storage = await screen.findByTestId('welcome-token-storage');
    await waitFor(() =>
      expect(storage.textContent).toBe(
        'Your system keychain is not available, so tokens are kept in memory only until you quit: you will sign in again after each start. No D-Bus session: start one to keep tokens.',
      ),
    );
  });

  it('says where tokens go in words a user knows while main has not said which keychain it has', async () => {
    start({ 'account.keychain': () => new Promise<never>(() => undefined) });
    expect((await screen.findByTestId('welcome-token-storage')).textContent).toBe(
      'Tokens never go into a file or this window: the app keeps them in the system keychain when there is one.',
    );
  });

  it('shows the refusal under the token field, keeps the address, then signs in and opens the projects page', async () => {
    let answer: IpcResponse<unknown> = refused;
    const { bridge, stores } = start({ 'account.signIn': () => answer });
    await screen.findByTestId('welcome-page');
    type('welcome-url-input', 'https://voice.example.com');
    type('welcome-token-input', 'wrong');
    fireEvent.submit(screen.getByTestId('welcome-sign-in').closest('form') as HTMLFormElement);

    const error = await screen.findByTestId('welcome-token-error');
    expect(error.textContent).toContain('did not accept this token (401 Unauthorized)');
    expect(error.textContent).toContain('req-401');
    expect((screen.getByTestId('welcome-url-input') as HTMLInputElement).value).toBe(
      'https://voice.example.com',
    );

    answer = { ok: true, result: signedInSettings('https://voice.example.com') };
    type('welcome-token-input', 'right-token');
    fireEvent.submit(screen.getByTestId('welcome-sign-in').closest('form') as HTMLFormElement);
    await screen.findByTestId('page-projects');
    expect(screen.queryByTestId('welcome-page')).toBeNull();
    expect(stores.navigation.getState().page).toBe('projects');
    expect(bridge.calls.filter((call) => call.method === 'account.signIn').map((call) => call.input)).toEqual(
      [
        { url: 'https://voice.example.com', token: 'wrong', label: '', plan: 'free' },
        { url: 'https://voice.example.com', token: 'right-token', label: '', plan: 'free' },
      ],
    );
  });

  it('puts an address failure under the address field', async () => {
    start({
      'account.signIn': () => ({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          field: 'url',
          message: 'https://example.com is not a Timbre voice service: it answered 404 Not Found.',
        },
      }),
    });
    await screen.findByTestId('welcome-page');
    type('welcome-url-input', 'https://example.com');
    type('welcome-token-input', 'token');
    fireEvent.submit(screen.getByTestId('welcome-sign-in').closest('form') as HTMLFormElement);
    expect((await screen.findByTestId('welcome-url-error')).textContent).toContain(
      'is not a Timbre voice service',
    );
    expect(screen.getByTestId('welcome-url-input').getAttribute('aria-invalid')).toBe('true');
    // A screen reader reads the message with the field: the field names the element that holds it.
    const describedBy = screen.getByTestId('welcome-url-input').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('is not a Timbre voice service');
    expect(screen.queryByTestId('welcome-token-error')).toBeNull();
  });

  it('names the address rule as the user types, before anything is sent', async () => {
    const { bridge } = start({});
    await screen.findByTestId('welcome-page');
    type('welcome-url-input', 'ftp://voice.example.com');
    type('welcome-token-input', 'token');
    expect(screen.getByTestId('welcome-url-problem').textContent).toBe(
      'Service address must use http:// or https:// (got "ftp:")',
    );
    fireEvent.submit(screen.getByTestId('welcome-sign-in').closest('form') as HTMLFormElement);
    expect(bridge.calls.some((call) => call.method === 'account.signIn')).toBe(false);
  });

  it('leaves everything as it is on Escape', async () => {
    const { bridge } = start({});
    await screen.findByTestId('welcome-page');
    type('welcome-url-input', 'https://voice.example.com');
    type('welcome-token-input', 'secret');
    fireEvent.keyDown(screen.getByTestId('welcome-token-input'), { key: 'Escape' });
    expect(screen.getByTestId('welcome-page')).toBeTruthy();
    expect((screen.getByTestId('welcome-token-input') as HTMLInputElement).value).toBe('secret');
    expect(bridge.calls.some((call) => call.method === 'welcome.dismiss')).toBe(false);
  });

  it('starts without signing in: keeps the choice in main and opens the projects page', async () => {
    const { bridge } = start({
      'welcome.dismiss': () => ({ ok: true, result: settingsView({ showWelcome: false }) }),
    });
    fireEvent.click(await screen.findByTestId('welcome-skip'));
    await screen.findByTestId('page-projects');
    expect(bridge.calls.filter((call) => call.method === 'welcome.dismiss')).toHaveLength(1);
  });

  it('comes back from Settings → Service ("Add a service…") and goes back there', async () => {
    const { stores } = start({}, settingsView());
    act(() => stores.navigation.getState().goTo('settings'));
    fireEvent.click(await screen.findByTestId('open-welcome'));
    expect(screen.getByTestId('welcome-skip').textContent).toBe('Back');
    fireEvent.click(screen.getByTestId('welcome-skip'));
    await waitFor(() => expect(screen.getByTestId('page-settings')).toBeTruthy());
  });
});
