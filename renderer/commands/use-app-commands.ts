import { useEffect, useState } from 'react';
import { ListenerScope } from '../shared/listeners.js';
import { selectKeyBindings } from '../stores/settings-store.js';
import type { Page } from '../stores/navigation-store.js';
import { useAppStores, useSettingsStore } from '../stores/stores-context.js';
import type { CommandId } from '../../common/commands/command-list.js';
import type { CommandHandler, CommandHandlers, CommandInvocation } from './command-registry.js';
import { useCommandHandlers, useCommandRegistry } from './use-commands.js';

/**
 * The commands the app answers wherever the user is: the palette, the pages, and, from any page, New project and
 * Import text (they go to the project list, whose own handlers then run them) and Close project.
 */
export function useAppCommands(togglePalette: () => void): void {
  const stores = useAppStores();
  const registry = useCommandRegistry();
  // The commands being handed on to the project list right now (a set that lives as long as the app).
  const [handingOn] = useState(() => new Set<CommandId>());
  // The frames that hand a command on: cancelled if the app goes first, so nothing runs for a closed window.
  const [frames] = useState(() => new ListenerScope());
  useEffect(() => () => frames.dispose(), [frames]);
  // The keys the user gave commands in Settings, from main: the dispatcher, palette and F1 follow them.
  const keyBindings = useSettingsStore(selectKeyBindings);
  useEffect(() => registry.setKeyBindings(keyBindings), [registry, keyBindings]);
  const goTo = (page: Page): CommandHandler => ({ run: () => stores.navigation.getState().goTo(page) });

  /** Goes to the project list, then hands the command to the list's own handler once it is shown. */
  const onProjectList = (id: CommandId): CommandHandler => ({
    run: (invocation: CommandInvocation) => {
      // Reached again while handing on: the list is not shown (a project is open), so there is no one to run it.
      if (handingOn.has(id)) return;
      stores.navigation.getState().goTo('projects');
      frames.frame(() => {
        handingOn.add(id);
        try {
          registry.run(id, invocation);
        } finally {
          handingOn.delete(id);
        }
      });
    },
  });

  const projectShown = (): boolean =>
    stores.navigation.getState().page === 'projects' && stores.projects.getState().opened !== null;
  const handlers: CommandHandlers = {
    'command-palette': { run: togglePalette },
    'go-projects': goTo('projects'),
    'go-voices': goTo('voices'),
    'go-tasks': goTo('tasks'),
    'go-exports': goTo('exports'),
    'go-settings': goTo('settings'),
    'new-project': onProjectList('new-project'),
    'import-text': onProjectList('import-text'),
    'close-project': {
      run: () => {
        // The editor saves first, then closes (as the Projects button does with a project open).
        if (projectShown()) stores.editorUi.getState().requestClose();
      },
      unavailable: () => (projectShown() ? null : 'No project is open.'),
    },
  };
  useCommandHandlers(handlers, { fallback: true });
}
