import type { CommandId } from '../../common/commands/command-list.js';
import { comboLabel } from '../../common/commands/key-combo.js';
import { isMacPlatform } from './key-targets.js';
import { useCommandRegistry, useCommandsRevision } from './use-commands.js';

export { isMacPlatform, isTextField } from './key-targets.js';

/*
 * What the renderer's views need of the keys: the platform, whether keys typed at an element are its own, and a
 * command's key as a tooltip shows it (the user's key when they changed it in Settings).
 */

/** A command's id, as the views that show its key name it. */
export type ShortcutId = CommandId;

/**
 * A command's first key as a tooltip shows it, labelled for the platform ('' when it has none), from the registry
 * the view is in; the caller re-renders when the keys change (a key changed in Settings shows at once).
 */
export function useShortcutLabel(): (id: ShortcutId) => string {
  const registry = useCommandRegistry();
  useCommandsRevision(registry);
  const mac = isMacPlatform();
  return (id) => {
    const combo = registry.keysOf(id)[0];
    return combo === undefined ? '' : comboLabel(combo, mac);
  };
}
