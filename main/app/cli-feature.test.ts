import { promises as fs } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IpcError } from '../../common/ipc/errors.js';
import type { Platform } from '../platform/platform.js';
import { cliCommandSetup } from '../services/cli-install/cli-command-setup.js';
import { CliInstaller } from '../services/cli-install/cli-installer.js';
import type { CliCommandSetup } from '../services/cli-install/cli-command-setup.js';
import { createCliFeature } from './cli-feature.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-cli-feature-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function platformWith(cliCommand: CliCommandSetup | undefined): Platform {
  return {
    shell: 'electron',
    appVersion: '3.1.4',
    dataDir: dir,
    notify: () => undefined,
    setProgress: () => undefined,
    trashItem: () => Promise.resolve(),
    chooseSavePath: () => Promise.resolve(null),
    chooseFolder: () => Promise.resolve(null),
    noteRecentDocument: () => undefined,
    isFocused: () => true,
    ...(cliCommand ? { cliCommand } : {}),
  };
}

const host = {
  packaged: true,
  resourcesPath: '/Apps/Timbre Studio.app/Contents/Resources',
  env: {},
  home: '/home/ana',
};

describe('cliCommandSetup: the timbre command per OS and install', () => {
  it('points at the launcher in resources/bin, with the installer where the app puts it on the PATH', () => {
    const mac = cliCommandSetup({ ...host, platform: 'darwin' });
    expect(mac.launcherPath).toBe('/Apps/Timbre Studio.app/Contents/Resources/bin/timbre');
    expect(mac.direct).toBe("'/Apps/Timbre Studio.app/Contents/Resources/bin/timbre'");
    expect(mac.terminalPathFolders).toEqual(['/usr/local/bin']);
    expect(mac.installer?.target).toEqual({
      kind: 'symlink',
      commandPath: '/usr/local/bin/timbre',
      launcherPath: '/Apps/Timbre Studio.app/Contents/Resources/bin/timbre',
    });
    const windows = cliCommandSetup({ ...host, platform: 'win32', resourcesPath: 'C:\\Timbre\\resources' });
    expect(windows.launcherPath).toBe('C:\\Timbre\\resources\\bin\\timbre.cmd');
    expect(windows.installer).toBeUndefined();
    expect(windows.note).toMatch(/installer offers to add its folder to your PATH/u);
    const deb = cliCommandSetup({
      ...host,
      platform: 'linux',
      resourcesPath: '/opt/Timbre Studio/resources',
    });
    expect(deb.launcherPath).toBe('/opt/Timbre Studio/resources/bin/timbre');
    expect(deb.installer).toBeUndefined();
    expect(deb.note).toMatch(/\/usr\/bin\/timbre/u);
    const image = cliCommandSetup({
      ...host,
      platform: 'linux',
      resourcesPath: '/tmp/.mount_x/resources',
      env: { APPIMAGE: '/home/ana/Apps/Timbre.AppImage' },
    });
    expect(image.direct).toBe('/home/ana/Apps/Timbre.AppImage --cli');
    expect(image.installer?.target).toEqual({
      kind: 'appimage-script',
      commandPath: '/home/ana/.local/bin/timbre',
      appImagePath: '/home/ana/Apps/Timbre.AppImage',
    });
    expect(cliCommandSetup({ ...host, platform: 'darwin', packaged: false }).direct).toBe('npx timbre');
  });
});

describe('cli feature', () => {
  it('shows npx timbre from a checkout (the browser shell), with the app’s version, and offers no install', async () => {
    const feature = createCliFeature({ platform: platformWith(undefined), env: { PATH: '' } });
    expect(await feature['cli.status'](undefined)).toEqual({
      version: '3.1.4',
      launcherPath: null,
      onPathAt: null,
      command: 'npx timbre',
      note: expect.stringMatching(/npx timbre/u) as string,
      install: null,
    });
    await expect(feature['cli.install'](undefined)).rejects.toThrow(IpcError);
  });

  it('finds timbre on the PATH, and installs an AppImage’s command, saying its folder is not on the PATH', async () => {
    const onPath = path.join(dir, 'on-path');
    await fs.mkdir(onPath);
    await fs.writeFile(path.join(onPath, 'timbre'), '#!/bin/sh\n', { mode: 0o755 });
    const home = path.join(dir, 'home');
    const setup = cliCommandSetup({
      platform: 'linux',
      packaged: true,
      resourcesPath: '/tmp/.mount_x/resources',
      env: { APPIMAGE: path.join(dir, 'Timbre.AppImage') },
      home,
    });
    const found = createCliFeature({ platform: platformWith(setup), env: { PATH: `/nowhere:${onPath}` } });
    expect(await found['cli.status'](undefined)).toMatchObject({
      onPathAt: path.join(onPath, 'timbre'),
      command: 'timbre',
      install: { state: 'absent', folderOnPath: false },
    });
    const feature = createCliFeature({ platform: platformWith(setup), env: { PATH: '/usr/bin' } });
    const commandPath = path.join(home, '.local', 'bin', 'timbre');
    expect(await feature['cli.install'](undefined)).toMatchObject({
      onPathAt: null,
      command: commandPath,
      install: { commandPath, state: 'installed', folderOnPath: false },
    });
    expect(await feature['cli.uninstall'](undefined)).toMatchObject({ install: { state: 'absent' } });
  });

  it('counts a folder every terminal has as on the PATH, though the app was started without it (macOS)', async () => {
    // macOS starts an app from the Finder with launchd's PATH, without /usr/local/bin, which terminals add.
    const launcherPath = path.join(dir, 'Timbre Studio.app', 'Contents', 'Resources', 'bin', 'timbre');
    await fs.mkdir(path.dirname(launcherPath), { recursive: true });
    await fs.writeFile(launcherPath, '#!/bin/sh\n', { mode: 0o755 });
    const localBin = path.join(dir, 'usr-local-bin');
    const commandPath = path.join(localBin, 'timbre');
    const setup: CliCommandSetup = {
      ...cliCommandSetup({ ...host, platform: 'darwin' }),
      terminalPathFolders: [localBin],
      installer: new CliInstaller({ kind: 'symlink', commandPath, launcherPath }),
    };
    const feature = createCliFeature({ platform: platformWith(setup), env: { PATH: '/usr/bin:/bin' } });
    expect(await feature['cli.install'](undefined)).toMatchObject({
      onPathAt: commandPath,
      command: 'timbre',
      install: { commandPath, state: 'installed', folderOnPath: true },
    });
  });

  it('refuses to replace a foreign command, naming it', async () => {
    const home = path.join(dir, 'home');
    const commandPath = path.join(home, '.local', 'bin', 'timbre');
    await fs.mkdir(path.dirname(commandPath), { recursive: true });
    await fs.writeFile(commandPath, 'somebody else');
    const setup = cliCommandSetup({
      platform: 'linux',
      packaged: true,
      resourcesPath: '/r',
      env: { APPIMAGE: '/a/Timbre.AppImage' },
      home,
    });
    const feature = createCliFeature({
      platform: platformWith(setup),
      env: { PATH: path.dirname(commandPath) },
    });
    expect(await feature['cli.status'](undefined)).toMatchObject({
      install: { state: 'foreign', foreign: 'a file of another program', folderOnPath: true },
    });
    await expect(feature['cli.install'](undefined)).rejects.toMatchObject({
      data: { code: 'CONFLICT', message: expect.stringContaining(`${commandPath} already exists`) as string },
    });
  });
});
