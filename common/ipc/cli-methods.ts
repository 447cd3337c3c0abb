import { z } from 'zod';
import { method } from './define.js';

/** Where the `timbre` command installer puts it on this OS (macOS, a Linux AppImage), and what is there now. */
export interface CliInstallView {
  /** /usr/local/bin/timbre (macOS) or ~/.local/bin/timbre (AppImage). */
  readonly commandPath: string;
  /** Nothing there; ours; ours for another copy of the app (installing replaces it); another program's file. */
  readonly state: 'absent' | 'installed' | 'stale' | 'foreign';
  /** Says what is there when it is not ours (`a link to …`), which installing leaves alone. */
  readonly foreign?: string;
  /** Whether the command's folder is on the PATH the app was started with. */
  readonly folderOnPath: boolean;
}

/** Settings → Command line tool: the `timbre` command of this install. */
export interface CliStatus {
  /** The tool's version: the app's. */
  readonly version: string;
  /** The launcher this install ships (resources/bin/timbre or timbre.cmd); null from a source checkout. */
  readonly launcherPath: string | null;
  /** The first `timbre` on the PATH the app was started with; null when there is none. */
  readonly onPathAt: string | null;
  /** What to type in a terminal here: `timbre` once it is on the PATH, else the launcher's path, or `npx timbre`. */
  readonly command: string;
  /** How the command gets on the PATH on this OS, in a sentence. */
  readonly note: string;
  /** The install action (macOS, AppImage); null where the installer or the package puts it on the PATH. */
  readonly install: CliInstallView | null;
}

/** The `timbre` command of the installed app (main/app/cli-feature.ts). */
export const cliMethods = {
  'cli.status': method<CliStatus>()(z.undefined()),
  /** Puts `timbre` on the PATH where the app does it (macOS may ask for an administrator password). */
  'cli.install': method<CliStatus>()(z.undefined()),
  /** Takes the app's `timbre` off the PATH again; another program's file there is never touched. */
  'cli.uninstall': method<CliStatus>()(z.undefined()),
};
