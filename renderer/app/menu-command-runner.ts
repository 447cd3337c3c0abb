import type { MenuCommand } from '../../common/ipc/menu-commands.js';
import type { CommandRegistry } from '../commands/command-registry.js';
import { windowCommands } from '../commands/use-commands.js';

/**
 * Runs a command chosen in the native menu (Electron shell, or the browser shell's forwarded menu event) through
 * the command registry, exactly as its key does: by id, with the focused element as its target. A command no
 * shown view offers (Generate on the project list) does nothing, as its key does there.
 */
export function runMenuCommand(command: MenuCommand, registry: CommandRegistry = windowCommands()): void {
  registry.run(command, { source: 'menu', target: document.activeElement, repeat: false });
}
