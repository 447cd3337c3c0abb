import type { AppStores } from '../../../stores/app-stores.js';
import { ZOOM_LIMITS } from '../../../stores/timeline-view-store.js';
import type { EditorActions } from './editor-actions.js';
import { COARSE_NUDGE_MS, NUDGE_MS } from './editor-actions.js';
import { useEditorActions } from './use-editor-actions.js';
import type { CommandHandlers } from '../../../commands/command-registry.js';
import { isTextField } from '../../../commands/shortcuts.js';
import { useCommandHandlers } from '../../../commands/use-commands.js';
import { useAppStores } from '../../../stores/stores-context.js';

export const ZOOM_STEP = 1.5;

/** The script text box a key event came from, if any (it carries its block's id). */
function scriptTextBox(target: EventTarget | null): HTMLTextAreaElement | null {
  return target instanceof HTMLTextAreaElement && target.dataset.blockId !== undefined ? target : null;
}

/** The editor's commands (common/commands/command-list.ts), bound to its stores and actions. */
function editorCommands(stores: AppStores, actions: EditorActions, onSave: () => void): CommandHandlers {
  const documentStore = () => stores.document.getState();
  const zoom = (next: (zoom: number) => number) => () => {
    const view = stores.timelineView.getState();
    view.setZoom(next(view.zoom));
  };
  return {
    'add-text': { run: () => actions.addTextBlock() },
    'add-sfx': { run: () => actions.addSfxBlock() },
    'add-music': { run: () => actions.addMusicBlock() },
    delete: { run: () => actions.deleteSelected() },
    duplicate: { run: () => actions.duplicateSelected() },
    split: {
      run: ({ target }) => {
        const box = scriptTextBox(target);
        if (box?.dataset.blockId !== undefined) actions.splitBlockAt(box.dataset.blockId, box.selectionStart);
        else actions.splitAtCaret();
      },
    },
    merge: { run: () => actions.mergeSelectedWithNext() },
    undo: { run: () => documentStore().undo() },
    redo: { run: () => documentStore().redo() },
    'select-all': { run: () => actions.selectAll() },
    'select-previous': { run: () => actions.selectNeighbour(-1) },
    'select-next': { run: () => actions.selectNeighbour(1) },
    'move-earlier': { run: () => actions.moveSelectedSpeech(-1) },
    'move-later': { run: () => actions.moveSelectedSpeech(1) },
    'nudge-earlier': { run: () => actions.nudgeSelected(-NUDGE_MS) },
    'nudge-later': { run: () => actions.nudgeSelected(NUDGE_MS) },
    'nudge-earlier-coarse': { run: () => actions.nudgeSelected(-COARSE_NUDGE_MS) },
    'nudge-later-coarse': { run: () => actions.nudgeSelected(COARSE_NUDGE_MS) },
    'zoom-in': { run: zoom((current) => current * ZOOM_STEP) },
    'zoom-out': { run: zoom((current) => current / ZOOM_STEP) },
    'zoom-reset': { run: () => stores.timelineView.getState().setZoom(ZOOM_LIMITS.initial) },
    save: { run: onSave },
    escape: {
      run: ({ target }) => {
        const ui = stores.editorUi.getState();
        if (ui.helpOpen) ui.setHelpOpen(false);
        else if (isTextField(target) && target instanceof HTMLElement) target.blur();
        else documentStore().select([], null);
      },
    },
    help: {
      run: () => {
        const ui = stores.editorUi.getState();
        ui.setHelpOpen(!ui.helpOpen);
      },
    },
  };
}

/** The editor's commands (keys, menu and palette), offered while the editor is mounted. */
export function useEditorKeyboard(onSave: () => void): void {
  const stores = useAppStores();
  const actions = useEditorActions();
  useCommandHandlers(editorCommands(stores, actions, onSave));
}
