import { useEffect, useLayoutEffect, useRef } from 'react';

export interface LibraryKeyActions {
  /** Moves the selection by `step` rows, or to the first/last row. */
  move(to: 'first' | 'last' | number): void;
  openSelected(): void;
  renameSelected(): void;
  deleteSelected(): void;
  newProject(): void;
}

/**
 * The project list's shortcuts: ↑/↓/Home/End select, Enter opens, F2 renames, Delete (Cmd+Backspace on a Mac)
 * moves to the trash,
 * Ctrl/Cmd+N starts a new project. Keys typed into a field (the search box, a title being renamed) are the
 * field's own, and Enter on a button presses that button. Ctrl+N does not clash with the app's Ctrl+1…4 pages.
 * Listening on the window lets the shortcuts work whether the focus is on a row or nowhere in particular.
 */
export function useLibraryKeys(actions: LibraryKeyActions, enabled: boolean): void {
  // The latest actions and whether the keys are live, read when a key arrives. They are set as the render is
  // committed (a layout effect), not afterwards: a key pressed the moment a rename closes or the list reloads
  // must reach the row on screen, not be dropped or act on the previous selection while passive effects wait.
  const latest = useRef(actions);
  const live = useRef(enabled);
  useLayoutEffect(() => {
    latest.current = actions;
    live.current = enabled;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || !live.current) return;
      const act = latest.current;
      const command = event.ctrlKey || event.metaKey;
      if (command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'n') {
        event.preventDefault();
        act.newProject();
        return;
      }
      if (typesText(event.target)) return;
      // Cmd+Backspace is how a Mac keyboard (which has no Delete key) moves things to the trash.
      if (event.metaKey && !event.ctrlKey && !event.altKey && event.key === 'Backspace') {
        event.preventDefault();
        act.deleteSelected();
        return;
      }
      if (command || event.altKey) return;
      const action = plainKeyAction(event, act);
      if (action) {
        event.preventDefault();
        action();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function plainKeyAction(event: KeyboardEvent, act: LibraryKeyActions): (() => void) | undefined {
  switch (event.key) {
    case 'ArrowDown':
      return () => act.move(1);
    case 'ArrowUp':
      return () => act.move(-1);
    case 'Home':
      return () => act.move('first');
    case 'End':
      return () => act.move('last');
    case 'Enter':
      return isButtonLike(event.target) ? undefined : act.openSelected;
    case 'F2':
      return act.renameSelected;
    case 'Delete':
      return act.deleteSelected;
    default:
      return undefined;
  }
}

function typesText(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select, [role="dialog"]') !== null)
  );
}

function isButtonLike(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], summary') !== null;
}
