import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appImageCommandScript } from './cli-command-files.js';
import type { CliInstallerFs } from './cli-installer.js';
import { CliInstallCancelled, CliInstallError, CliInstaller } from './cli-installer.js';
import { privilegedScript } from './macos-privileged-run.js';

const run = promisify(execFile);
let dir: string;
let launcher: string;
let binDir: string;
let commandPath: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-cli-install-'));
  launcher = path.join(dir, 'Timbre Studio.app', 'Contents', 'Resources', 'bin', 'timbre');
  await fs.mkdir(path.dirname(launcher), { recursive: true });
  await fs.writeFile(launcher, '#!/bin/sh\necho launcher "$@"\n', { mode: 0o755 });
  binDir = path.join(dir, 'usr', 'local', 'bin');
  commandPath = path.join(binDir, 'timbre');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const linkInstaller = (options: ConstructorParameters<typeof CliInstaller>[1] = {}) =>
  new CliInstaller({ kind: 'symlink', commandPath, launcherPath: launcher }, options);

/** The real fs, except that writing in `binDir` is refused as for a user in macOS's root-owned /usr/local/bin. */
function rootOwnedBin(): CliInstallerFs {
  const refuse = (target: unknown) => {
    if (String(target).startsWith(binDir)) {
      throw Object.assign(new Error(`EACCES: permission denied, '${String(target)}'`), { code: 'EACCES' });
    }
  };
  return {
    ...fs,
    symlink: async (from, to) => (refuse(to), fs.symlink(from, to)),
    unlink: async (target) => (refuse(target), fs.unlink(target)),
    mkdir: fs.mkdir,
  } as CliInstallerFs;
}

/** Runs the command the OS would run as administrator (here: as this user), recording it. */
function recordingAdmin(commands: string[]) {
  return async (command: string) => {
    commands.push(command);
    await run('/bin/sh', ['-c', command]);
  };
}

describe('CliInstaller, a symlink to the bundled launcher (macOS)', () => {
  it('links the command to the launcher, which then runs, and removes it again', async () => {
    const installer = linkInstaller();
    expect(await installer.state()).toEqual({ state: 'absent' });
    await installer.install();
    expect(await fs.readlink(commandPath)).toBe(launcher);
    expect(await installer.state()).toEqual({ state: 'installed' });
    expect((await run(commandPath, ['--version'])).stdout).toBe('launcher --version\n');
    await installer.install();
    await installer.uninstall();
    expect(await installer.state()).toEqual({ state: 'absent' });
    await installer.uninstall();
  });

  it('replaces its own link to a moved copy of the app', async () => {
    await fs.mkdir(binDir, { recursive: true });
    const moved = '/Applications/Old/Timbre Studio.app/Contents/Resources/bin/timbre';
    await fs.symlink(moved, commandPath);
    const installer = linkInstaller();
    expect(await installer.state()).toEqual({ state: 'stale', pointsTo: moved });
    await installer.install();
    expect(await fs.readlink(commandPath)).toBe(launcher);
  });

  it('names a foreign file or link and never overwrites or removes it', async () => {
    await fs.mkdir(binDir, { recursive: true });
    await fs.writeFile(commandPath, 'another timbre');
    const installer = linkInstaller();
    await expect(installer.install()).rejects.toThrow(
      `${commandPath} already exists and is not Timbre Studio's (a file of another program), so it was left as it is. Remove or rename it, then install the command again.`,
    );
    await expect(installer.uninstall()).rejects.toThrow(CliInstallError);
    expect(await fs.readFile(commandPath, 'utf8')).toBe('another timbre');
    await fs.rm(commandPath);
    await fs.symlink('/opt/other/timbre', commandPath);
    await expect(installer.install()).rejects.toThrow('(a link to /opt/other/timbre)');
    expect(await fs.readlink(commandPath)).toBe('/opt/other/timbre');
  });

  it('asks for administrator rights where the folder is not writable, with the paths quoted', async () => {
    const commands: string[] = [];
    const installer = linkInstaller({ fs: rootOwnedBin(), runPrivileged: recordingAdmin(commands) });
    await installer.install();
    expect(commands).toEqual([`mkdir -p '${binDir}' && ln -sf '${launcher}' '${commandPath}'`]);
    expect(await fs.readlink(commandPath)).toBe(launcher);
    await installer.uninstall();
    expect(commands[1]).toBe(`rm -f '${commandPath}'`);
    expect(await installer.state()).toEqual({ state: 'absent' });
  });

  it('changes nothing when the administrator prompt is cancelled, and says why it failed otherwise', async () => {
    const cancelled = linkInstaller({
      fs: rootOwnedBin(),
      runPrivileged: () => Promise.reject(new CliInstallCancelled('The administrator prompt was cancelled.')),
    });
    await expect(cancelled.install()).rejects.toThrow(CliInstallCancelled);
    expect(await cancelled.state()).toEqual({ state: 'absent' });
    const unaided = linkInstaller({ fs: rootOwnedBin() });
    await expect(unaided.install()).rejects.toThrow(
      `Could not create ${commandPath}: EACCES: permission denied, '${commandPath}'`,
    );
  });
});

describe('CliInstaller, a script starting the AppImage (Linux)', () => {
  it('writes an executable script that starts the AppImage with --cli, and rewrites it for a moved image', async () => {
    const image = path.join(dir, 'Timbre Studio.AppImage');
    await fs.writeFile(image, '#!/bin/sh\nprintf \'%s\\n\' "$@"\n', { mode: 0o755 });
    const target = { kind: 'appimage-script' as const, commandPath, appImagePath: image };
    const installer = new CliInstaller(target);
    await installer.install();
    expect(await installer.state()).toEqual({ state: 'installed' });
    expect((await fs.stat(commandPath)).mode & 0o777).toBe(0o755);
    const said = await run(commandPath, ['export', 'a b.timbre']);
    expect(said.stdout.split('\n')).toEqual([
      '--ozone-platform=headless',
      '--disable-gpu',
      '--cli',
      'export',
      'a b.timbre',
      '',
    ]);
    const moved = new CliInstaller({ ...target, appImagePath: path.join(dir, "Bob's Timbre.AppImage") });
    expect(await moved.state()).toEqual({ state: 'stale', pointsTo: 'another copy of the AppImage' });
    await moved.install();
    expect(await fs.readFile(commandPath, 'utf8')).toBe(
      appImageCommandScript(path.join(dir, "Bob's Timbre.AppImage")),
    );
    expect((await fs.readdir(binDir)).sort()).toEqual(['timbre']);
    await moved.uninstall();
    expect(await moved.state()).toEqual({ state: 'absent' });
  });
});

describe('privilegedScript', () => {
  it('escapes the command for AppleScript', () => {
    expect(privilegedScript(`ln -sf '/A "B"\\C' '/usr/local/bin/timbre'`)).toBe(
      `do shell script "ln -sf '/A \\"B\\"\\\\C' '/usr/local/bin/timbre'" with administrator privileges`,
    );
  });
});
