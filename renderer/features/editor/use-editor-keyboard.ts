import { useEffect } from 'react';
import { useDocumentStore, ZOOM_LIMITS } from '../../stores/document-store.js';
import { useEditorUiStore } from '../../stores/editor-ui-store.js';
import {
  COARSE_NUDGE_MS,
  NUDGE_MS,
  addMusicBlock,
  addSfxBlock,
  addTextBlock,
  deleteSelected,
  duplicateSelected,
  mergeSelectedWithNext,
  moveSelectedSpeech,
  nudgeSelected,
  selectAll,
  selectNeighbour,
  splitAtCaret,
  splitBlockAt,
} from './editor-actions.js';
import type { ShortcutId } from './shortcuts.js';
import { findShortcut, isMacPlatform, isTextField } from './shortcuts.js';

export const ZOOM_STEP = 1.5;

/** The script text box a key event came from, if any (it carries its block's id). */
function scriptTextBox(target: EventTarget | null): HTMLTextAreaElement | null {
  return target instanceof HTMLTextAreaElement && target.dataset.blockId !== undefined ? target : null;
}

function runShortcut(id: ShortcutId, event: KeyboardEvent, onSave: () => void): void {
  const documentStore = useDocumentStore.getState();
  const ui = useEditorUiStore.getState();
  switch (id) {
    case 'add-text':
      return addTextBlock();
    case 'add-sfx':
      return addSfxBlock();
    case 'add-music':
      return addMusicBlock();
    case 'delete':
      return deleteSelected();
    case 'duplicate':
      return duplicateSelected();
    case 'split': {
      const box = scriptTextBox(event.target);
      if (box?.dataset.blockId !== undefined) return splitBlockAt(box.dataset.blockId, box.selectionStart);
      return splitAtCaret();
    }
    case 'merge':
      return mergeSelectedWithNext();
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
      return selectAll();
    case 'select-previous':
      return selectNeighbour(-1);
    case 'select-next':
      return selectNeighbour(1);
    case 'move-earlier':
      return moveSelectedSpeech(-1);
    case 'move-later':
      return moveSelectedSpeech(1);
    case 'nudge-earlier':
      return nudgeSelected(-NUDGE_MS);
    case 'nudge-later':
      return nudgeSelected(NUDGE_MS);
    case 'nudge-earlier-coarse':
      return nudgeSelected(-COARSE_NUDGE_MS);
    case 'nudge-later-coarse':
      return nudgeSelected(COARSE_NUDGE_MS);
    case 'zoom-in':
      return documentStore.setZoom(documentStore.zoom * ZOOM_STEP);
    case 'zoom-out':
      return documentStore.setZoom(documentStore.zoom / ZOOM_STEP);
    case 'zoom-reset':
      return documentStore.setZoom(ZOOM_LIMITS.initial);
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
      runShortcut(shortcut.id, event, onSave);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onSave]);
}
