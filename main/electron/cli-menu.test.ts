import { promises as fs } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CliInstallCancelled, CliInstaller } from '../services/cli-install/cli-installer.js';
import { cliMenuItems } from './cli-menu.js';
import { buildMenuTemplate } from './menu-template.js';

let dir: string;
let launcher: string;
let commandPath: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-cli-menu-'));
  launcher = path.join(dir, 'Timbre Studio.app', 'Contents', 'Resources', 'bin', 'timbre');
  commandPath = path.join(dir, 'bin', 'timbre');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Clicks a menu item and waits for what it tells the user. */
async function click(
  item: MenuItemConstructorOptions | undefined,
  tell: ReturnType<typeof vi.fn>,
): Promise<void> {
  const told = tell.mock.calls.length;
  (item?.click as (() => void) | undefined)?.();
  await vi.waitFor(() => expect(tell.mock.calls.length).toBeGreaterThan(told));
}

describe("macOS's Install 'timbre' command", () => {
  it('sits in the app menu after Settings, installs and uninstalls, and says so', async () => {
    const tell = vi.fn();
    const installer = new CliInstaller({ kind: 'symlink', commandPath, launcherPath: launcher });
    const items = cliMenuItems(installer, tell);
    const appMenu = buildMenuTemplate('darwin', 'Timbre Studio', undefined, {}, items)[0]?.submenu as
      MenuItemConstructorOptions[] | undefined;
    const labels = (appMenu ?? []).map((item) => item.label ?? item.role ?? item.type);
    expect(labels.slice(2, 5)).toEqual([
      'Settings…',
      "Install 'timbre' command",
      "Uninstall 'timbre' command",
    ]);
    await click(items[0], tell);
    expect(await fs.readlink(commandPath)).toBe(launcher);
    expect(tell).toHaveBeenLastCalledWith(
      'info',
      `The timbre command is installed as ${commandPath}.`,
      'New terminal windows can run timbre --help.',
    );
    await click(items[1], tell);
    expect(tell).toHaveBeenLastCalledWith('info', `The timbre command was removed from ${commandPath}.`);
    await expect(fs.lstat(commandPath)).rejects.toThrow(/ENOENT/u);
  });

  it('names a foreign command it leaves alone, and says nothing changed when the password prompt is cancelled', async () => {
    const tell = vi.fn();
    await fs.mkdir(path.dirname(commandPath), { recursive: true });
    await fs.writeFile(commandPath, 'other');
    const [install] = cliMenuItems(
      new CliInstaller({ kind: 'symlink', commandPath, launcherPath: launcher }),
      tell,
    );
    await click(install, tell);
    expect(tell).toHaveBeenLastCalledWith(
      'error',
      expect.stringContaining(`${commandPath} already exists and is not Timbre Studio's`),
    );
    await fs.rm(commandPath);
    // A folder only an administrator may write to (macOS's /usr/local/bin), and the user cancelling the prompt.
    const refused = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const cancelled = new CliInstaller(
      { kind: 'symlink', commandPath, launcherPath: launcher },
      {
        fs: { ...fs, symlink: () => Promise.reject(refused) },
        runPrivileged: () =>
          Promise.reject(
            new CliInstallCancelled('The administrator prompt was cancelled, so nothing was changed.'),
          ),
      },
    );
    await click(cliMenuItems(cancelled, tell)[0], tell);
    expect(tell).toHaveBeenLastCalledWith(
      'info',
      'Nothing was changed.',
      'The administrator prompt was cancelled, so nothing was changed.',
    );
    await expect(fs.lstat(commandPath)).rejects.toThrow(/ENOENT/u);
  });

  it('is not offered where the app does not put the command on the PATH', () => {
    expect(cliMenuItems(undefined, vi.fn())).toEqual([]);
  });
});
