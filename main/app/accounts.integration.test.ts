import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../common/ipc/contract.js';
import type { RunningStandin } from '../../standin/index.js';
import { startStandin } from '../../standin/index.js';
import { BrowserPlatform } from '../browser/browser-platform.js';
import { EventHub } from '../ipc/event-hub.js';
import { FileLogger } from '../services/logging/logger.js';
import { KeytarSecretStore } from '../services/secrets/keytar-secret-store.js';
import type { AppServices } from './app-services.js';
import { createAppServices } from './app-services.js';

/**
 * Sign-in through the real OS keychain (run under scripts/with-keyring.sh, as `npm test` does) against a real
 * stand-in over HTTP: the token is checked, kept in the keychain only, and found again after a restart.
 */
describe('sign-in round trip through the keychain', () => {
  let standin: RunningStandin;
  let dataDir: string;
  const opened: AppServices[] = [];
  const keychain = new KeytarSecretStore();

  async function openApp(devStandin?: {
    url: string;
    token: string;
    voiceIds?: string[];
  }): Promise<AppServices> {
    const events = new EventHub();
    const logger = new FileLogger(path.join(dataDir, 'logs', 'main.log'), () => undefined);
    const services = await createAppServices({
      platform: new BrowserPlatform(dataDir, '0.0.0-test', events),
      logger,
      events,
      ...(devStandin ? { devStandin } : {}),
    });
    opened.push(services);
    return services;
  }

  async function call<T>(services: AppServices, method: string, input?: unknown): Promise<T> {
    const response = await services.dispatch(method, input);
    if (!response.ok) throw Object.assign(new Error(response.error.message), { data: response.error });
    return response.result as T;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-accounts-'));
    standin = await startStandin({
      speed: 100,
      rateLimit: 0,
      dataDir: path.join(dataDir, '..', `${path.basename(dataDir)}-standin`),
    });
  });

  afterAll(async () => {
    await Promise.all(opened.map((services) => services.dispose()));
    await keychain.delete(standin.url).catch(() => false);
    await standin.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a wrong token with the service’s 401 and its request id, storing nothing', async () => {
    const app = await openApp();
    const attempt = call(app, 'account.signIn', {
      url: standin.url,
      token: 'not-a-real-token',
      plan: 'paid',
    });
    await expect(attempt).rejects.toMatchObject({
      data: {
        code: 'SERVICE_ERROR',
        field: 'token',
        httpStatus: 401,
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    });
    expect(await keychain.get(standin.url)).toBeUndefined();
    const view = await call<SettingsView>(app, 'settings.get');
    expect(view.services).toEqual([]);
  });

  it('keeps a good token in the keychain only, shows it masked, and finds it after a restart', async () => {
    const app = await openApp();
    const view = await call<SettingsView>(app, 'account.signIn', {
      url: `${standin.url}/`,
      token: 'standin-paid',
      label: 'Local',
      plan: 'paid',
    });
    expect(view.services).toEqual([
      {
        url: standin.url,
        label: 'Local',
        plan: 'paid',
        active: true,
        signedIn: true,
        maskedToken: '••••paid',
        sessionOnly: false,
      },
    ]);
    expect(await keychain.get(standin.url)).toBe('standin-paid');

    await app.dispose();
    const restarted = await openApp();
    const after = await call<SettingsView>(restarted, 'settings.get');
    expect(after.services[0]).toMatchObject({ signedIn: true, maskedToken: '••••paid' });
    // The renderer never receives the token itself, in any method's result.
    expect(JSON.stringify(after)).not.toContain('standin-paid');
  });

  it('writes the token to no file under the data folder (settings, jobs, logs)', async () => {
    const files = await readdir(dataDir, { recursive: true, withFileTypes: true });
    const texts = await Promise.all(
      files
        .filter((entry) => entry.isFile())
        .map((entry) => readFile(path.join(entry.parentPath, entry.name), 'utf8')),
    );
    expect(files.some((entry) => entry.name === 'settings.json')).toBe(true);
    expect(files.some((entry) => entry.name === 'main.log')).toBe(true);
    for (const text of texts) expect(text).not.toContain('standin-paid');
  });

  it('signs out by deleting the keychain entry', async () => {
    const app = await openApp();
    const view = await call<SettingsView>(app, 'account.signOut', { url: standin.url });
    expect(view.services[0]).toMatchObject({ signedIn: false, maskedToken: null });
    expect(await keychain.get(standin.url)).toBeUndefined();
  });

  it('signs a fresh install in to the development stand-in through the normal path', async () => {
    await rm(dataDir, { recursive: true, force: true });
    const voiceIds = standin.marketVoices.map((voice) => voice.id);
    const app = await openApp({ url: standin.url, token: 'standin-paid', voiceIds });
    const view = await call<SettingsView>(app, 'settings.get');
    expect(view.activeServiceUrl).toBe(standin.url);
    expect(view.services[0]).toMatchObject({
      label: 'Local stand-in (development)',
      plan: 'paid',
      signedIn: true,
    });
    const voices = await call<{ id: string; from?: string; styles: { sampleUrl?: string }[] }[]>(
      app,
      'voices.list',
    );
    expect(voices.map((voice) => voice.id).sort()).toEqual([...voiceIds].sort());
    expect(voices.every((voice) => voice.from === 'market')).toBe(true);
    expect(
      voices.flatMap((voice) => voice.styles).every((style) => style.sampleUrl?.startsWith('/media/')),
    ).toBe(true);
    expect(standin.ledger().length).toBe(0);
  });
});
