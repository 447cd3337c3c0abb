import { createContext, useContext, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { CommandId } from '../../common/commands/command-list.js';
import type { CommandHandler, CommandHandlers } from './command-registry.js';
import { CommandRegistry } from './command-registry.js';

let windowRegistry: CommandRegistry | undefined;

/** The window's command registry: one per window, as there is one keyboard and one menu. */
export function windowCommands(): CommandRegistry {
  windowRegistry ??= new CommandRegistry();
  return windowRegistry;
}

const CommandsContext = createContext<CommandRegistry | null>(null);

/** Gives a tree its own registry (tests); without it, views use the window's. */
export const CommandsProvider = CommandsContext.Provider;

export function useCommandRegistry(): CommandRegistry {
  return useContext(CommandsContext) ?? windowCommands();
}

/**
 * Offers commands while the calling view is mounted. The handlers may change on every render: the newest ones
 * run, set as the render is committed (a layout effect), so a key pressed the moment the screen changes acts on
 * what it shows. Which commands are offered is fixed at mount (the ids of the first render). A fallback's handlers
 * run only when no other view offers the command (the app's, which mounts after the pages inside it).
 */
export function useCommandHandlers(handlers: CommandHandlers, { fallback = false } = {}): void {
  const registry = useCommandRegistry();
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useLayoutEffect(() => {
    const stable: CommandHandlers = {};
    for (const id of Object.keys(latest.current) as CommandId[]) {
      const current = (): CommandHandler | undefined => latest.current[id];
      stable[id] = {
        run: (invocation) => current()?.run(invocation),
        unavailable: () => current()?.unavailable?.() ?? null,
        acceptsKey: (event) => current()?.acceptsKey?.(event) ?? true,
      };
    }
    return registry.register(stable, { fallback });
  }, [registry, fallback]);
}

/** Re-renders the caller when commands are offered or withdrawn or their keys change. */
export function useCommandsRevision(registry: CommandRegistry): number {
  return useSyncExternalStore(
    (onChange) => registry.subscribe(onChange),
    () => registry.getRevision(),
  );
}
