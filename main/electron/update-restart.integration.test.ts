import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invokeChannel } from '../../common/ipc/contract.js';
import { LocalFeed } from '../services/updates/test-support/local-feed.js';
import { ElectronDouble } from './test-support/electron-double.js';

// The built shell (the test setup builds dist/ first) with the `electron` double and an update feed on 127.0.0.1:
// "Restart to update" goes through the app's own quit path before electron-updater installs anything.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shellBundle = path.join(root, 'dist', 'main', 'electron-main.cjs');
const requireFromShell = createRequire(shellBundle);
const requireFromUpdater = createRequire(requireFromShell.resolve('electron-updater'));

type Answer = { ok: boolean; result?: Record<string, unknown> };

let dir: string;
let feed: LocalFeed;
let electron: ElectronDouble;
const savedEnv = { ...process.env };

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-update-restart-'));
  await mkdir(path.join(dir, 'installed'));
  process.env.APPIMAGE = path.join(dir, 'installed', 'Timbre-Studio.AppImage');
  await writeFile(process.env.APPIMAGE, '#!/bin/sh\n# the installed Timbre Studio 1.0.0\n');
  await chmod(process.env.APPIMAGE, 0o755);
  process.env.XDG_CACHE_HOME = path.join(dir, 'cache');
  process.env.TIMBRE_TEST_STARTED = path.join(dir, 'new-version-started');
  // The "new version" is a script that notes it was started, so the test sees the app come back updated.
  feed = new LocalFeed(
    Buffer.from(`#!/bin/sh\necho 1.1.0 > "$TIMBRE_TEST_STARTED"\n# ${'padding '.repeat(40)}\n`),
  );
  process.env.TIMBRE_UPDATE_FEED_URL = await feed.start();
});

afterEach(async () => {
  delete (process as { resourcesPath?: string }).resourcesPath;
  await feed.close();
  process.env = { ...savedEnv };
  await rm(dir, { recursive: true, force: true });
});

/** `installed`: a packaged copy, with the app-update.yml electron-builder writes into its resources. */
async function startShell({ installed = false } = {}): Promise<void> {
  electron = new ElectronDouble(path.join(dir, 'data'));
  electron.version = '1.0.0';
  if (installed) {
    const resources = path.join(dir, 'resources');
    await mkdir(resources);
    await writeFile(
      path.join(resources, 'app-update.yml'),
      `provider: generic\nurl: ${process.env.TIMBRE_UPDATE_FEED_URL}\nupdaterCacheDirName: timbre-studio-updater\n`,
    );
    (process as { resourcesPath?: string }).resourcesPath = resources;
    electron.packaged = true;
  }
  const module = { loaded: true, exports: electron.module() } as NodeJS.Module;
  // The shell and electron-updater each require `electron`: both get the double.
  for (const resolve of [requireFromShell.resolve, requireFromUpdater.resolve]) {
    const electronPath = resolve('electron');
    requireFromShell.cache[electronPath] = {
      ...module,
      id: electronPath,
      filename: electronPath,
    } as NodeJS.Module;
  }
  delete requireFromShell.cache[shellBundle];
  requireFromShell(shellBundle);
  electron.becomeReady();
  await vi.waitFor(() => expect(electron.windows[0]?.loadedUrl).toBeDefined(), { timeout: 20_000 });
}

function fromApp(method: string, input?: unknown): Promise<Answer> {
  const contents = electron.windows[0]!.webContents;
  const handler = electron.ipcHandlers.get(invokeChannel)!;
  return handler({ sender: contents, senderFrame: contents.mainFrame }, method, input) as Promise<Answer>;
}

describe('Restart to update in the built shell', () => {
  it('downloads from the feed, refuses while the project is unsaved, then quits through the normal path and installs', async () => {
    await startShell();
    expect(await fromApp('updates.check')).toMatchObject({ ok: true });
    await vi.waitFor(
      async () => expect((await fromApp('updates.get')).result?.update).toMatchObject({ state: 'ready' }),
      { timeout: 15_000 },
    );
    expect(await fromApp('updates.restart', { unsavedProject: true })).toMatchObject({
      ok: true,
      result: { ok: false, reason: expect.stringMatching(/unsaved changes/) },
    });
    expect(electron.quitRequests).toBe(0);
    expect(await readFile(process.env.APPIMAGE!, 'utf8')).toMatch(/installed Timbre Studio 1.0.0/);

    // A `timbre` command running in a terminal holds its lock: the installer would end it, so the restart waits.
    const command = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const lockPath = path.join(dir, 'data', 'cli', 'timbre.lock');
    try {
      await mkdir(path.dirname(lockPath), { recursive: true });
      await writeFile(lockPath, JSON.stringify({ pid: command.pid, host: hostname(), startedAt: '' }));
      expect(await fromApp('updates.restart', { unsavedProject: false })).toMatchObject({
        ok: true,
        result: {
          ok: false,
          reason: expect.stringContaining(
            `a timbre command (process ${command.pid}) is running — wait for it to finish`,
          ),
        },
      });
      expect(electron.quitRequests).toBe(0);
    } finally {
      command.kill();
    }
    // It finished (its lock is left behind, as after a kill): the restart goes ahead.
    await new Promise((resolve) => command.once('exit', resolve));

    expect(await fromApp('updates.restart', { unsavedProject: false })).toEqual({
      ok: true,
      result: { ok: true },
    });
    // The shell asked to quit; nothing is installed until the quit path has stopped the services.
    expect(electron.quitRequests).toBe(1);
    expect(await readFile(process.env.APPIMAGE!, 'utf8')).toMatch(/installed Timbre Studio 1.0.0/);
    expect(electron.emitAppEvent('before-quit')).toBe(true);
    await vi.waitFor(() => expect(electron.quitRequests).toBe(2), { timeout: 10_000 });
    // Services are gone (a further quit is not held up) and the new version replaced the installed one and started.
    expect(electron.emitAppEvent('before-quit')).toBe(false);
    expect(await readFile(process.env.APPIMAGE!, 'utf8')).toMatch(/echo 1.1.0/);
    await vi.waitFor(() => expect(existsSync(process.env.TIMBRE_TEST_STARTED!)).toBe(true), {
      timeout: 10_000,
    });
  });

  it('tells the page when an import starts and ends, so Restart to update is greyed and offered again', async () => {
    await startShell();
    await fromApp('updates.check');
    await vi.waitFor(
      async () => expect((await fromApp('updates.get')).result?.update).toMatchObject({ state: 'ready' }),
      { timeout: 15_000 },
    );
    const sent = electron.windows[0]!.webContents.sent;
    const before = sent.length;
    const blockers = (): unknown[] =>
      sent
        .slice(before)
        .filter(({ args }) => args[0] === 'updates.changed')
        .map(({ args }) => (args[1] as { restartBlockedBy: unknown }).restartBlockedBy);
    expect(
      await fromApp('projects.importText', { title: 'Imported', text: 'Alice: Hello there.' }),
    ).toMatchObject({
      ok: true,
    });
    await vi.waitFor(() => expect(blockers().at(-1)).toBeNull(), { timeout: 10_000 });
    expect(blockers()).toEqual([expect.stringMatching(/1 import still running/), null]);
  });

  it('in an installed AppImage whose installer cannot run, says the installed copy is in place and starts that file again', async () => {
    await startShell({ installed: true });
    await fromApp('updates.check');
    await vi.waitFor(
      async () => expect((await fromApp('updates.get')).result?.update).toMatchObject({ state: 'ready' }),
      { timeout: 15_000 },
    );
    // The download left its cache folder meanwhile (a cache cleaner): nothing can be installed.
    await rm(path.join(dir, 'cache'), { recursive: true, force: true });
    expect(await fromApp('updates.restart', { unsavedProject: false })).toEqual({
      ok: true,
      result: { ok: true },
    });
    expect(electron.emitAppEvent('before-quit')).toBe(true);
    await vi.waitFor(() => expect(electron.relaunchRequests).toBe(1), { timeout: 10_000 });
    expect(electron.messageBoxes.at(-1)).toMatchObject({
      message: 'The update could not be installed',
      detail: expect.stringMatching(
        /no longer in its cache folder.*installed copy \(.*Timbre-Studio\.AppImage\) is still in place: Timbre Studio starts again with the version you had/s,
      ),
    });
    // Not the binary inside the AppImage's temporary mount, which is gone once the app has quit: the file itself.
    expect(electron.relaunchOptions).toEqual([{ execPath: process.env.APPIMAGE }]);
    expect(electron.quitRequests).toBe(2);
    expect(await readFile(process.env.APPIMAGE!, 'utf8')).toMatch(/installed Timbre Studio 1.0.0/);
  });

  it('when the installed AppImage is gone after a failed install, names it, says to reinstall, and starts nothing', async () => {
    await startShell({ installed: true });
    await fromApp('updates.check');
    await vi.waitFor(
      async () => expect((await fromApp('updates.get')).result?.update).toMatchObject({ state: 'ready' }),
      { timeout: 15_000 },
    );
    // The installed file vanished meanwhile (moved by the user): electron-updater cannot replace it.
    await rm(process.env.APPIMAGE!);
    expect(await fromApp('updates.restart', { unsavedProject: false })).toEqual({
      ok: true,
      result: { ok: true },
    });
    expect(electron.emitAppEvent('before-quit')).toBe(true);
    await vi.waitFor(() => expect(electron.quitRequests).toBe(2), { timeout: 10_000 });
    const detail = String(electron.messageBoxes.at(-1)?.detail);
    expect(detail).toContain(
      `The installed copy (${process.env.APPIMAGE}) is no longer there, so Timbre Studio cannot start again by itself. Download Timbre Studio and install it again`,
    );
    // Nothing promises what is not true: the version is not "unchanged", and nothing is started.
    expect(detail).not.toMatch(/unchanged|starts again with the version you had/);
    expect(electron.relaunchRequests).toBe(0);
    expect(existsSync(process.env.TIMBRE_TEST_STARTED!)).toBe(false);
  });
});
