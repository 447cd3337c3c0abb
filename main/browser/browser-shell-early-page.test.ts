import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryLogger } from '../services/logging/logger.js';
import { MemorySecretStore } from '../services/secrets/memory-secret-store.js';
import type { RunningBrowserShell } from './browser-shell.js';
import { startBrowserShell } from './browser-shell.js';
import type { Connection } from './test-support/browser-shell-world.js';
import { connect } from './test-support/browser-shell-world.js';

/**
 * The shell announces its URL as soon as it listens, while main's services are still loading (issue 42: the page
 * loads meanwhile). A page that loads and connects in that window is served, and its calls answered once ready.
 */
describe('browser shell start-up', () => {
  let dataDir = '';
  let shell: RunningBrowserShell | undefined;
  afterEach(async () => {
    await shell?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('announces its URL before it is ready, serves the page then, and answers a socket opened then', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-shell-early-'));
    const rendererDir = path.join(dataDir, 'renderer');
    await mkdir(rendererDir);
    await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>Timbre Studio</title>');
    await writeFile(path.join(rendererDir, 'chooser.html'), '<!doctype html><title>Choose a place</title>');
    let resolved = false;
    let announcedBeforeReady: boolean | undefined;
    let early: Promise<[Response, Connection]> | undefined;
    const starting = startBrowserShell({
      dataDir,
      rendererDir,
      appVersion: '9.9.9',
      logger: new MemoryLogger(),
      secrets: new MemorySecretStore(),
      onListening: (url) => {
        announcedBeforeReady = !resolved;
        const { origin, hash } = new URL(url);
        const secret = hash.replace('#secret=', '');
        early = Promise.all([
          fetch(origin),
          connect(`${origin.replace('http', 'ws')}/ipc?secret=${secret}`, { Origin: origin }),
        ]);
      },
    });
    shell = await starting;
    resolved = true;
    expect(announcedBeforeReady).toBe(true);
    expect(early).toBeDefined();
    const [page, connection] = await early!;
    try {
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Timbre Studio');
      expect(await connection.call('app.info')).toMatchObject({
        ok: true,
        result: { name: 'Timbre Studio', version: '9.9.9', shell: 'browser' },
      });
    } finally {
      connection.socket.close();
    }
  });
});
