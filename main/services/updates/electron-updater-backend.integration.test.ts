import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateActivity } from '../../../common/updates/update-state.js';
import { ElectronDouble } from '../../electron/test-support/electron-double.js';
import { MemoryLogger } from '../logging/logger.js';
import { ElectronUpdaterBackend } from './electron-updater-backend.js';
import { LocalFeed } from './test-support/local-feed.js';
import { ManualTimers } from './test-support/manual-timers.js';
import { FIRST_CHECK_DELAY_MS, CHECK_INTERVAL_MS, UpdateService } from './update-service.js';

// The real electron-updater, with the `electron` it requires replaced by the test double (as the shell's test
// does for the built bundle), against a feed this test serves on 127.0.0.1.
const requireHere = createRequire(import.meta.url);
const requireFromUpdater = createRequire(requireHere.resolve('electron-updater'));
const electronPath = requireFromUpdater.resolve('electron');

const ARTIFACT = Buffer.from('Timbre Studio 9.9.9 AppImage '.repeat(4000));
let dir: string;
let installedApp: string;
let electron: ElectronDouble;
let feed: LocalFeed;
let feedUrl: string;
const savedEnv = { ...process.env };

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-updates-'));
  // The installed copy: what a failed download must leave exactly as it was.
  installedApp = path.join(dir, 'installed', 'Timbre-Studio.AppImage');
  await mkdir(path.dirname(installedApp), { recursive: true });
  await writeFile(installedApp, 'the installed Timbre Studio 1.0.0');
  process.env.APPIMAGE = installedApp;
  process.env.XDG_CACHE_HOME = path.join(dir, 'cache');
  electron = new ElectronDouble(path.join(dir, 'data'));
  electron.version = '1.0.0';
  electron.becomeReady();
  requireFromUpdater.cache[electronPath] = {
    id: electronPath,
    filename: electronPath,
    loaded: true,
    exports: electron.module(),
  } as NodeJS.Module;
  feed = new LocalFeed(ARTIFACT);
  feedUrl = await feed.start();
});

afterEach(async () => {
  await feed.close();
  delete requireFromUpdater.cache[electronPath];
  process.env = { ...savedEnv };
  await rm(dir, { recursive: true, force: true });
});

function startService(
  options: { automatic?: boolean; activity?: Partial<UpdateActivity>; installed?: boolean } = {},
) {
  const activity = {
    runningJobs: 0,
    queuedOfflineJobs: 0,
    runningExports: 0,
    runningImports: 0,
    batchInFlight: false,
    runningCliCommand: null,
  };
  Object.assign(activity, options.activity);
  const timers = new ManualTimers();
  let restarts = 0;
  const installFailures: string[] = [];
  const logger = new MemoryLogger();
  const service = new UpdateService({
    backend: new ElectronUpdaterBackend({
      feedUrl,
      forceDevUpdateConfig: options.installed !== true,
      dataDir: path.join(dir, 'data'),
      logger,
    }),
    currentVersion: '1.0.0',
    automaticChecks: () => options.automatic ?? true,
    activity: () => ({ ...activity }),
    restartToInstall: () => (restarts += 1),
    installFailed: (reason) => installFailures.push(reason),
    onChange: () => undefined,
    clock: timers.clock,
    random: () => 0.5,
    logger,
  });
  return { service, timers, activity, installFailures, restarts: () => restarts };
}

async function settled(service: UpdateService): Promise<string> {
  await vi.waitFor(() => expect(['ready', 'failed', 'up-to-date']).toContain(service.view().update.state), {
    timeout: 15_000,
  });
  return service.view().update.state;
}

async function installedUnchanged(): Promise<void> {
  expect(await readFile(installedApp, 'utf8')).toBe('the installed Timbre Studio 1.0.0');
  expect(electron.quitRequests).toBe(0);
  expect(electron.relaunchRequests).toBe(0);
}

describe('updates through the real electron-updater against a local feed', () => {
  it('finds a higher version, downloads and verifies it, and shows its notes as text', async () => {
    const { service, restarts } = startService();
    await service.checkNow();
    expect(await settled(service)).toBe('ready');
    const update = service.view().update;
    expect(update).toMatchObject({ state: 'ready', version: '1.1.0' });
    const notes = (update as { notes: string }).notes;
    expect(notes).toBe("What's new\n\n• Faster exports");
    expect(notes).not.toMatch(/<|alert/);
    expect(feed.requests).toContain('/Timbre-Studio-1.1.0.AppImage');
    // Ready, not installed: the user decides when.
    expect(restarts()).toBe(0);
    await installedUnchanged();
    service.dispose();
  });

  it.each(['1.0.0', '0.9.0'])(
    'says up to date when the feed offers %s and downloads nothing',
    async (version) => {
      feed.version = version;
      const { service } = startService();
      await service.checkNow();
      expect(await settled(service)).toBe('up-to-date');
      expect(feed.requests).toEqual(['/latest-linux.yml']);
      await installedUnchanged();
      service.dispose();
    },
  );

  it.each([
    ['corrupted', /did not match its published checksum \(sha512\)/],
    ['dropped', /connection to the update server was lost/],
  ] as const)(
    'fails a %s download with a plain reason and leaves the installed app as it was',
    async (artifact, reason) => {
      feed.delivery = artifact;
      const { service, restarts } = startService();
      await service.checkNow();
      expect(await settled(service)).toBe('failed');
      expect(service.view().update).toEqual({ state: 'failed', reason: expect.stringMatching(reason) });
      expect((service.view().update as { reason: string }).reason).toMatch(/installed version is unchanged/);
      expect(service.requestRestart(false)).toMatchObject({ ok: false });
      expect(restarts()).toBe(0);
      await installedUnchanged();
      service.dispose();
    },
  );

  it('offers no restart while an export runs, refuses one asked then, and offers it once the export ends', async () => {
    const { service, activity, restarts } = startService({ activity: { runningExports: 1 } });
    await service.checkNow();
    expect(await settled(service)).toBe('ready');
    expect(service.view().restartBlockedBy).toMatch(/1 export still running/);
    expect(service.requestRestart(false)).toEqual({
      ok: false,
      reason: expect.stringMatching(/waits until nothing is running.*1 export still running/),
    });
    expect(restarts()).toBe(0);
    await installedUnchanged();
    activity.runningExports = 0;
    expect(service.view().restartBlockedBy).toBeNull();
    expect(service.requestRestart(false)).toEqual({ ok: true });
    expect(restarts()).toBe(1);
    service.dispose();
  });

  it("in an installed copy, takes the organisation's feed and keeps the app's own update config (Windows' publisher name, the cache folder)", async () => {
    // What electron-builder writes into an installed app: the publisher a Windows installer must be signed by.
    const resources = path.join(dir, 'resources');
    await mkdir(resources, { recursive: true });
    await writeFile(
      path.join(resources, 'app-update.yml'),
      'provider: github\nowner: timbre-studio\nrepo: timbre-studio\nupdaterCacheDirName: timbre-installed-updater\npublisherName:\n  - Timbre Studio Ltd\n',
    );
    const processWithResources = process as { resourcesPath?: string };
    processWithResources.resourcesPath = resources;
    (requireFromUpdater.cache[electronPath]!.exports as { app: { isPackaged: boolean } }).app.isPackaged =
      true;
    try {
      const { service } = startService({ installed: true });
      await service.checkNow();
      expect(await settled(service)).toBe('ready');
      expect(feed.requests).toContain('/Timbre-Studio-1.1.0.AppImage');
      // electron-updater read the installed app-update.yml (the file whose publisherName NsisUpdater checks).
      const cached = await readdir(path.join(dir, 'cache'));
      expect(cached).toEqual(['timbre-installed-updater']);
      service.dispose();
    } finally {
      delete processWithResources.resourcesPath;
    }
  });

  it('installs nothing, and keeps the installed app, when the download left its cache folder before the restart', async () => {
    const { service, installFailures } = startService();
    await service.checkNow();
    expect(await settled(service)).toBe('ready');
    const cache = path.join(dir, 'cache');
    const downloads = (await readdir(cache, { recursive: true })).filter((name) =>
      name.endsWith('.AppImage'),
    );
    expect(downloads).toHaveLength(1);
    await rm(path.join(cache, downloads[0]!));
    // The shell's quit path: services stopped, then the install.
    service.dispose();
    service.install();
    expect(installFailures).toEqual([
      // What became of the installed copy is for the shell to say (installFailureNotice checks the file).
      'The update could not be installed: the downloaded update is no longer in its cache folder (' +
        path.join(cache, downloads[0]!) +
        '); it is downloaded again at the next check.',
    ]);
    expect(await readFile(installedApp, 'utf8')).toBe('the installed Timbre Studio 1.0.0');
  });

  it('sends no request to the feed when automatic checks are off in Settings', async () => {
    const { service, timers } = startService({ automatic: false });
    service.start();
    await timers.advance(FIRST_CHECK_DELAY_MS + 3 * CHECK_INTERVAL_MS);
    expect(feed.requests).toEqual([]);
    expect(service.view().update.state).toBe('idle');
    service.dispose();
  });
});
