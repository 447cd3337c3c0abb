import type { CommandHandler } from '../../commands/command-registry.js';
import { isTextField } from '../../commands/shortcuts.js';
import { useCommandHandlers } from '../../commands/use-commands.js';

export interface LibraryKeyActions {
  /** Moves the selection by `step` rows, or to the first/last row. */
  move(to: 'first' | 'last' | number): void;
  openSelected(): void;
  renameSelected(): void;
  deleteSelected(): void;
  newProject(): void;
  importText(): void;
}

/**
 * The project list's commands (common/commands/command-list.ts): ↑/↓/Home/End select, Enter opens, F2 renames,
 * Delete (Cmd+Backspace on a Mac) moves to the trash, Ctrl/Cmd+N starts a new project; Import text from the menu
 * or the palette. Keys typed into a field (the search box, a title being renamed) or a dialog are theirs, and
 * Enter on a button presses that button. While `enabled` is false (a dialog or a rename is open) the list takes
 * no keys. The registry's one listener is on the window, so the keys work whether the focus is on a row or
 * nowhere in particular; the newest actions run (use-commands.ts).
 */
export function useLibraryKeys(actions: LibraryKeyActions, enabled: boolean): void {
  const busy = (): string | null => (enabled ? null : 'Close the open dialog or rename first.');
  const listKey = (run: () => void, acceptsKey = (event: KeyboardEvent) => !typesText(event.target)) => ({
    run: () => {
      if (enabled) run();
    },
    unavailable: busy,
    acceptsKey: (event: KeyboardEvent) => enabled && acceptsKey(event),
  });
  const newProject: CommandHandler = {
    run: () => {
      if (enabled) actions.newProject();
    },
    unavailable: busy,
    // Ctrl+N acts from the search box too.
    acceptsKey: () => enabled,
  };
  useCommandHandlers({
    'new-project': newProject,
    'import-text': { ...newProject, run: () => (enabled ? actions.importText() : undefined) },
    'library-next': listKey(() => actions.move(1)),
    'library-previous': listKey(() => actions.move(-1)),
    'library-first': listKey(() => actions.move('first')),
    'library-last': listKey(() => actions.move('last')),
    'library-open': listKey(
      () => actions.openSelected(),
      (event) => !typesText(event.target) && !isButtonLike(event.target),
    ),
    'library-rename': listKey(() => actions.renameSelected()),
    'library-delete': listKey(() => actions.deleteSelected()),
  });
}

/** Keys typed into any form control, or anywhere in a dialog open over the list, are theirs. */
const typesText = (target: EventTarget | null): boolean =>
  isTextField(target, { anyInput: true, insideDialog: true });

function isButtonLike(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], summary') !== null;
}
