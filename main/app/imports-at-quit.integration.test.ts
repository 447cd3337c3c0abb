import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrowserPlatform } from '../browser/browser-platform.js';
import { EventHub } from '../ipc/event-hub.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { MemorySecretStore } from '../services/secrets/memory-secret-store.js';
import { createAppServices } from './app-services.js';

/** Quitting stops an import on its way: its worker ends and it creates nothing after the services have closed. */
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-import-quit-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('quitting the app', () => {
  it('stops an import that is running, which creates nothing', async () => {
    const events = new EventHub();
    const app = await createAppServices({
      platform: new BrowserPlatform(dataDir, '0.0.0-test', events),
      logger: new MemoryLogger(),
      events,
      secrets: new MemorySecretStore(),
    });
    const importing = app.dispatch('projects.importText', {
      title: 'Harbour',
      text: 'Alice: The lantern swung over the harbour.\n\nBob: Not yet.',
      importId: '3f0b2a4e-8c1d-4f5a-9b7e-2d6c8a1e4f30',
    });

    await app.dispose();

    expect(await importing).toEqual({
      ok: false,
      error: {
        code: 'CANCELLED',
        message: 'The import of the pasted text was stopped because the app is closing; nothing was created.',
      },
    });
    expect(await readdir(path.join(dataDir, 'projects')).catch(() => [])).toEqual([]);
  }, 60_000);
});
