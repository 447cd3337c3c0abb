import { useEffect, useState } from 'react';
import { ListenerScope } from '../shared/listeners.js';
import { selectKeyBindings } from '../stores/settings-store.js';
import type { Page } from '../stores/navigation-store.js';
import { useAppStores, useSettingsStore } from '../stores/stores-context.js';
import type { CommandId, CommandScope } from '../../common/commands/command-list.js';
import { comboLabel } from '../../common/commands/key-combo.js';
import type { AppStores } from '../stores/app-stores.js';
import type {
  CommandHandler,
  CommandHandlers,
  CommandInvocation,
  CommandRegistry,
} from './command-registry.js';
import { useCommandHandlers, useCommandRegistry } from './use-commands.js';

/**
 * Why a command no shown view offers cannot run, saying what is true where the user is: with a project open on
 * another page, the editor's commands wait for the editor (Projects shows it), not for a project.
 */
function unshownReason(stores: AppStores, registry: CommandRegistry, scope: CommandScope): string {
  const projectOpen = stores.projects.getState().opened !== null;
  const projectsKey = registry.keysOf('go-projects')[0];
  const goToProjects = `go to Projects${projectsKey === undefined ? '' : ` (${comboLabel(projectsKey, registry.mac)})`} first.`;
  if (scope === 'editor')
    return projectOpen ? `Only in the editor: ${goToProjects}` : 'Open a project first.';
  if (scope === 'library') {
    return `Only on the project list: ${projectOpen ? 'close the project first.' : goToProjects}`;
  }
  return 'Not available here.';
}

/**
 * The commands the app answers wherever the user is: the palette, the pages, and, from any page, New project and
 * Import text (they go to the project list, whose own handlers then run them) and Close project (it goes back to
 * the editor, which saves and closes).
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
  useEffect(() => {
    registry.explainUnshown((scope) => unshownReason(stores, registry, scope));
    return () => registry.explainUnshown(null);
  }, [registry, stores]);
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

  const projectOpen = (): boolean => stores.projects.getState().opened !== null;
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
        if (!projectOpen()) return;
        // The editor saves first, then closes (as the Projects button does with a project open); from another
        // page it is shown first, and asked once it is there to listen.
        const navigation = stores.navigation.getState();
        if (navigation.page === 'projects') {
          stores.editorUi.getState().requestClose();
          return;
        }
        navigation.goTo('projects');
        frames.frame(() => {
          if (projectOpen()) stores.editorUi.getState().requestClose();
        });
      },
      unavailable: () => (projectOpen() ? null : 'No project is open.'),
    },
  };
  useCommandHandlers(handlers, { fallback: true });
}
