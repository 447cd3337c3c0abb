import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { CliInstaller } from './cli-installer.js';
import type { PrivilegedRun } from './cli-installer.js';

/** The `timbre` command of this install, as the Platform gives it (Settings → Command line tool). */
export interface CliCommandSetup {
  /** The launcher shipped with the app (resources/bin/…); null from a source checkout. */
  readonly launcherPath: string | null;
  /** How to run the tool here while it is not on the PATH. */
  readonly direct: string;
  /** How the command gets on the PATH on this OS, in a sentence. */
  readonly note: string;
  /** The names `timbre` has on this OS's PATH. */
  readonly names: readonly string[];
  /** Where the app itself puts the command on the PATH (macOS, an AppImage); absent elsewhere. */
  readonly installer?: CliInstaller;
  /**
   * Folders a terminal's PATH has here although the app's own may not. macOS starts an app from the Finder or the
   * Dock with launchd's PATH (/usr/bin:/bin:/usr/sbin:/sbin), while its shells add /usr/local/bin from /etc/paths,
   * so without this Settings would call an installed /usr/local/bin/timbre "not on your PATH".
   */
  readonly terminalPathFolders?: readonly string[];
}

export interface CliHost {
  readonly platform: NodeJS.Platform;
  /** Whether this is an installed app (else `npm start` from a checkout). */
  readonly packaged: boolean;
  /** Electron's process.resourcesPath: the folder that holds app.asar and bin/. */
  readonly resourcesPath: string;
  readonly env: NodeJS.ProcessEnv;
  readonly home: string;
  /** Runs a command as administrator after the OS asks (macOS). */
  readonly runPrivileged?: PrivilegedRun;
}

/** From a source checkout (the browser shell, or Electron started by `npm start`). */
export const CHECKOUT_CLI: CliCommandSetup = {
  launcherPath: null,
  direct: 'npx timbre',
  note: 'From this source checkout, run npx timbre … (or npm run timbre -- …) in its folder. The installed app ships the timbre command itself.',
  names: ['timbre'],
};

/** What the `timbre` command is on this OS and install, and how it gets on the PATH. */
export function cliCommandSetup(host: CliHost): CliCommandSetup {
  if (!host.packaged) return CHECKOUT_CLI;
  const bin = path.join(host.resourcesPath, 'bin');
  switch (host.platform) {
    case 'darwin': {
      const launcherPath = path.join(bin, 'timbre');
      return {
        launcherPath,
        direct: shellWord(launcherPath),
        note: "Timbre Studio → Install 'timbre' command links /usr/local/bin/timbre to it (macOS asks for an administrator password when that folder is not yours).",
        names: ['timbre'],
        terminalPathFolders: ['/usr/local/bin'],
        installer: new CliInstaller(
          { kind: 'symlink', commandPath: '/usr/local/bin/timbre', launcherPath },
          host.runPrivileged ? { runPrivileged: host.runPrivileged } : {},
        ),
      };
    }
    case 'win32': {
      const launcherPath = path.win32.join(bin, 'timbre.cmd');
      return {
        launcherPath,
        direct: `"${launcherPath}"`,
        note: 'The installer offers to add its folder to your PATH; run the installer again to choose that. New terminal windows then know timbre.',
        names: ['timbre.cmd', 'timbre.exe', 'timbre.bat'],
      };
    }
    default: {
      const appImage = host.env.APPIMAGE;
      if (appImage) {
        // The launcher inside the image lives only while it is mounted: the image file is what lasts.
        return {
          launcherPath: path.join(bin, 'timbre'),
          direct: `${shellWord(appImage)} --cli`,
          note: 'Install puts a small timbre script in ~/.local/bin that starts this AppImage; install again after moving the AppImage.',
          names: ['timbre'],
          installer: new CliInstaller({
            kind: 'appimage-script',
            commandPath: path.join(host.home, '.local', 'bin', 'timbre'),
            appImagePath: appImage,
          }),
        };
      }
      const launcherPath = path.join(bin, 'timbre');
      return {
        launcherPath,
        direct: shellWord(launcherPath),
        note: 'The .deb package installs /usr/bin/timbre, which starts this launcher.',
        names: ['timbre'],
      };
    }
  }
}

/** The first executable named one of `names` in the PATH's folders, or null. */
export async function findOnPath(
  pathVariable: string | undefined,
  names: readonly string[],
  platform: NodeJS.Platform = process.platform,
): Promise<string | null> {
  const separator = platform === 'win32' ? ';' : ':';
  for (const folder of (pathVariable ?? '').split(separator)) {
    if (folder === '' || !path.isAbsolute(folder)) continue;
    for (const name of names) {
      const candidate = path.join(folder, name);
      try {
        const stats = await fs.stat(candidate);
        if (!stats.isFile()) continue;
        if (platform !== 'win32') await fs.access(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not here: the next folder.
      }
    }
  }
  return null;
}

/** A path as typed in a POSIX shell: quoted when it holds anything but plain characters. */
function shellWord(value: string): string {
  return /^[\w./-]+$/u.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
