import { useEffect } from 'react';
import type { AppStores } from '../../../stores/app-stores.js';
import { ZOOM_LIMITS } from '../../../stores/timeline-view-store.js';
import type { EditorActions } from './editor-actions.js';
import { COARSE_NUDGE_MS, NUDGE_MS } from './editor-actions.js';
import { useEditorActions } from './use-editor-actions.js';
import type { ShortcutId } from '../../../commands/shortcuts.js';
import { findShortcut, isMacPlatform, isTextField } from '../../../commands/shortcuts.js';
import { useAppStores } from '../../../stores/stores-context.js';

export const ZOOM_STEP = 1.5;

/** The script text box a key event came from, if any (it carries its block's id). */
function scriptTextBox(target: EventTarget | null): HTMLTextAreaElement | null {
  return target instanceof HTMLTextAreaElement && target.dataset.blockId !== undefined ? target : null;
}

function runShortcut(
  stores: AppStores,
  actions: EditorActions,
  id: ShortcutId,
  event: KeyboardEvent,
  onSave: () => void,
): void {
  const documentStore = stores.document.getState();
  const view = stores.timelineView.getState();
  const ui = stores.editorUi.getState();
  switch (id) {
    case 'add-text':
      return actions.addTextBlock();
    case 'add-sfx':
      return actions.addSfxBlock();
    case 'add-music':
      return actions.addMusicBlock();
    case 'delete':
      return actions.deleteSelected();
    case 'duplicate':
      return actions.duplicateSelected();
    case 'split': {
      const box = scriptTextBox(event.target);
      if (box?.dataset.blockId !== undefined)
        return actions.splitBlockAt(box.dataset.blockId, box.selectionStart);
      return actions.splitAtCaret();
    }
    case 'merge':
      return actions.mergeSelectedWithNext();
    case 'undo':
      return documentStore.undo();
    case 'redo':
      return documentStore.redo();
    case 'copy':
    case 'cut':
    case 'paste':
      // Handled by the clipboard events (use-block-clipboard.ts).
      return;
    case 'select-all':
      return actions.selectAll();
    case 'select-previous':
      return actions.selectNeighbour(-1);
    case 'select-next':
      return actions.selectNeighbour(1);
    case 'move-earlier':
      return actions.moveSelectedSpeech(-1);
    case 'move-later':
      return actions.moveSelectedSpeech(1);
    case 'nudge-earlier':
      return actions.nudgeSelected(-NUDGE_MS);
    case 'nudge-later':
      return actions.nudgeSelected(NUDGE_MS);
    case 'nudge-earlier-coarse':
      return actions.nudgeSelected(-COARSE_NUDGE_MS);
    case 'nudge-later-coarse':
      return actions.nudgeSelected(COARSE_NUDGE_MS);
    case 'zoom-in':
      return view.setZoom(view.zoom * ZOOM_STEP);
    case 'zoom-out':
      return view.setZoom(view.zoom / ZOOM_STEP);
    case 'zoom-reset':
      return view.setZoom(ZOOM_LIMITS.initial);
    case 'save':
      return onSave();
    case 'escape':
      if (ui.helpOpen) return ui.setHelpOpen(false);
      if (isTextField(event.target) && event.target instanceof HTMLElement) return event.target.blur();
      return documentStore.select([], null);
    case 'help':
      return ui.setHelpOpen(!ui.helpOpen);
    default: {
      const exhaustive: never = id;
      throw new Error(`Unhandled shortcut ${String(exhaustive)}`);
    }
  }
}

/** The editor's keyboard shortcuts (see shortcuts.ts), active while the editor is mounted. */
export function useEditorKeyboard(onSave: () => void): void {
  const stores = useAppStores();
  const actions = useEditorActions();
  useEffect(() => {
    const mac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing) return;
      const shortcut = findShortcut(event, mac);
      if (shortcut === undefined || shortcut.viaClipboardEvent === true) return;
      const inText = isTextField(event.target);
      if (inText && !shortcut.inTextFields) return;
      // A bare "+", "-" or "?" typed in a text box is a character, not a command.
      const bareCharacter = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (inText && bareCharacter) return;
      event.preventDefault();
      runShortcut(stores, actions, shortcut.id, event, onSave);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [stores, actions, onSave]);
}
