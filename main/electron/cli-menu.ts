import type { MenuItemConstructorOptions } from 'electron';
import { CliInstallCancelled } from '../services/cli-install/cli-installer.js';
import type { CliInstaller } from '../services/cli-install/cli-installer.js';

/** What the app tells the user after a menu action (a message box in the Electron shell). */
export type CliMenuNotice = (kind: 'info' | 'error', message: string, detail?: string) => void;

/**
 * macOS's app menu: "Install 'timbre' command" and "Uninstall 'timbre' command", as VS Code has for `code`. Each
 * says what it did, or why it did nothing (a foreign file there, the password prompt cancelled). Nothing where
 * the app does not put the command on the PATH itself.
 */
export function cliMenuItems(
  installer: CliInstaller | undefined,
  tell: CliMenuNotice,
): MenuItemConstructorOptions[] {
  if (!installer) return [];
  const where = installer.commandPath;
  const run = async (action: 'install' | 'uninstall'): Promise<void> => {
    try {
      await installer[action]();
      if (action === 'install') {
        tell(
          'info',
          `The timbre command is installed as ${where}.`,
          'New terminal windows can run timbre --help.',
        );
      } else {
        tell('info', `The timbre command was removed from ${where}.`);
      }
    } catch (error) {
      if (error instanceof CliInstallCancelled) {
        tell('info', 'Nothing was changed.', error.message);
        return;
      }
      tell('error', error instanceof Error ? error.message : String(error));
    }
  };
  return [
    { label: "Install 'timbre' command", click: () => void run('install') },
    { label: "Uninstall 'timbre' command", click: () => void run('uninstall') },
  ];
}
