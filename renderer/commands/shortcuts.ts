import type { CommandId } from '../../common/commands/command-list.js';
import { comboLabel } from '../../common/commands/key-combo.js';
import { windowCommands } from './use-commands.js';

export { isMacPlatform, isTextField } from './key-targets.js';

/*
 * What the renderer's views need of the keys: the platform, whether keys typed at an element are its own, and a
 * command's key as a tooltip shows it (the user's key when they changed it in Settings).
 */

/** A command's id, as the views that show its key name it. */
export type ShortcutId = CommandId;

/** The first key of a command, labelled for the platform (for tooltips); '' when it has none. */
export function shortcutLabel(id: ShortcutId, mac: boolean): string {
  const combo = windowCommands().keysOf(id)[0];
  return combo === undefined ? '' : comboLabel(combo, mac);
}
