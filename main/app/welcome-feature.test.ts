import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../common/ipc/contract.js';
import { BrowserPlatform } from '../browser/browser-platform.js';
import { EventHub } from '../ipc/event-hub.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { MemorySecretStore } from '../services/secrets/memory-secret-store.js';
import type { AppServices } from './app-services.js';
import { createAppServices } from './app-services.js';

/**
 * The welcome page opens at start while no service is set up, until the user chooses "Start without signing in";
 * that choice outlives a restart, and a settings file from before the choice existed still loads as it is.
 */
describe('first-run welcome', () => {
  let dataDir: string;
  const opened: AppServices[] = [];

  async function open(): Promise<AppServices> {
    const events = new EventHub();
    const services = await createAppServices({
      platform: new BrowserPlatform(dataDir, '0.0.0-test', events),
      logger: new MemoryLogger(),
      events,
      secrets: new MemorySecretStore(),
    });
    opened.push(services);
    return services;
  }
  async function call(services: AppServices, method: string): Promise<SettingsView> {
    const response = await services.dispatch(method, undefined);
    if (!response.ok) throw new Error(response.error.message);
    return response.result as SettingsView;
  }

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-welcome-'));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((services) => services.dispose()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('asks for the welcome page on a first start, and no longer once the user started without signing in', async () => {
    const first = await open();
    expect((await call(first, 'settings.get')).showWelcome).toBe(true);
    expect((await call(first, 'welcome.dismiss')).showWelcome).toBe(false);
    await first.dispose();
    opened.splice(0);
    expect((await call(await open(), 'settings.get')).showWelcome).toBe(false);
  });

  it('does not open the welcome page again when the last saved service is removed later', async () => {
    const services = await open();
    const url = 'https://voice.example.com';
    const saved = await services.dispatch('services.save', {
      url,
      label: '',
      plan: 'free',
      makeActive: true,
    });
    expect(saved.ok).toBe(true);
    const removed = await services.dispatch('services.remove', { url });
    expect(removed).toMatchObject({ ok: true, result: { services: [] } });
    expect((await call(services, 'settings.get')).showWelcome).toBe(false);
  });

  it('loads a settings file from before the choice existed (theme and services kept), set aside never', async () => {
    const service = { url: 'https://voice.example.com', label: 'Production', plan: 'paid' };
    await writeFile(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({ schemaVersion: 1, theme: 'dark', services: [service], activeServiceUrl: service.url }),
    );
    const view = await call(await open(), 'settings.get');
    expect(view.theme).toBe('dark');
    expect(view.services.map((saved) => saved.url)).toEqual([service.url]);
    // A service is set up: the user is past the first run even though they never saw the welcome page.
    expect(view.showWelcome).toBe(false);
    expect((await readdir(dataDir)).filter((name) => name.includes('damaged'))).toEqual([]);
  });

  it('reads a hand-broken choice as not made, keeping the rest of the file', async () => {
    await writeFile(
      path.join(dataDir, 'settings.json'),
      JSON.stringify({
        schemaVersion: 1,
        theme: 'light',
        services: [],
        activeServiceUrl: null,
        welcomeDismissed: 'yes',
      }),
    );
    const view = await call(await open(), 'settings.get');
    expect(view).toMatchObject({ theme: 'light', showWelcome: true });
    expect((await readdir(dataDir)).filter((name) => name.includes('damaged'))).toEqual([]);
  });
});
