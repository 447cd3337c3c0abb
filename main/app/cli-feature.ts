import path from 'node:path';
import type { CliStatus } from '../../common/ipc/cli-methods.js';
import { IpcError } from '../../common/ipc/errors.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { Platform } from '../platform/platform.js';
import { CHECKOUT_CLI, findOnPath } from '../services/cli-install/cli-command-setup.js';
import type { CliCommandSetup } from '../services/cli-install/cli-command-setup.js';
import { CliInstallCancelled, CliInstallError } from '../services/cli-install/cli-installer.js';

type CliHandlers = Pick<MethodHandlers, 'cli.status' | 'cli.install' | 'cli.uninstall'>;

/**
 * Settings → Command line tool: the `timbre` command's version (the app's), its launcher, whether it is on the
 * PATH, and Install/Uninstall where the app does that itself (Platform.cliCommand: macOS, an AppImage).
 */
export function createCliFeature(deps: { platform: Platform; env?: NodeJS.ProcessEnv }): CliHandlers {
  const { platform } = deps;
  const env = deps.env ?? process.env;
  const setup = platform.cliCommand ?? CHECKOUT_CLI;
  const status = (): Promise<CliStatus> =>
    cliStatus(setup, platform.appVersion, terminalPath(env.PATH, setup.terminalPathFolders ?? []));
  const change = async (action: 'install' | 'uninstall'): Promise<CliStatus> => {
    const installer = setup.installer;
    if (!installer) {
      throw new IpcError({
        code: 'CONFLICT',
        message: `The app does not put timbre on the PATH here. ${setup.note}`,
      });
    }
    try {
      await installer[action]();
    } catch (error) {
      if (!(error instanceof CliInstallError)) throw error;
      throw new IpcError({
        code: error instanceof CliInstallCancelled ? 'CANCELLED' : 'CONFLICT',
        message: error.message,
      });
    }
    return status();
  };
  return {
    'cli.status': status,
    'cli.install': () => change('install'),
    'cli.uninstall': () => change('uninstall'),
  };
}

/** The PATH a new terminal gets here: the app's own, and the folders every terminal adds (macOS's /etc/paths). */
function terminalPath(pathVariable: string | undefined, extra: readonly string[]): string {
  return [pathVariable ?? '', ...extra].filter((part) => part !== '').join(path.delimiter);
}

/** The command's status in this install, from the PATH a terminal gets (the app's, plus terminalPathFolders). */
async function cliStatus(
  setup: CliCommandSetup,
  version: string,
  pathVariable: string | undefined,
): Promise<CliStatus> {
  const onPathAt = await findOnPath(pathVariable, setup.names);
  const installer = setup.installer;
  let install: CliStatus['install'] = null;
  if (installer) {
    const found = await installer.state();
    const folder = path.dirname(installer.commandPath);
    const folders = (pathVariable ?? '').split(path.delimiter).map((entry) => path.resolve(entry || '.'));
    install = {
      commandPath: installer.commandPath,
      state: found.state,
      ...(found.state === 'foreign' ? { foreign: found.what } : {}),
      folderOnPath: folders.includes(folder),
    };
  }
  const command =
    onPathAt !== null ? 'timbre' : install?.state === 'installed' ? install.commandPath : setup.direct;
  return { version, launcherPath: setup.launcherPath, onPathAt, command, note: setup.note, install };
}
