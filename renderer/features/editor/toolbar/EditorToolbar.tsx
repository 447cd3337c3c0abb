import { findBlock } from '../../../../common/project/block-lookup.js';
import { ChapterNavigator } from '../script/ChapterNavigator.js';
import type { DocumentState } from '../../../stores/document-store.js';
import {
  selectCanRedo,
  selectCanUndo,
  selectRedoLabel,
  selectSelectedIds,
  selectUndoLabel,
} from '../../../stores/document-store.js';
import { readClipboard, writeClipboard } from '../editing/clipboard-bridge.js';
import { useEditorActions } from '../editing/use-editor-actions.js';
import type { ShortcutId } from '../../../commands/shortcuts.js';
import { useShortcutLabel } from '../../../commands/shortcuts.js';
import { useAppStores, useDocumentStore } from '../../../stores/stores-context.js';
import { AddVideoButton } from '../video/AddVideoButton.js';
import { FitCheckButton } from '../fit/FitCheckButton.js';
import { ReimportRevisionButton } from '../revision/ReimportRevisionButton.js';
import { AddCreditsButton } from '../credits/AddCreditsButton.js';

/** The type of the block the inspector shows (a string, so typing in it does not re-render the toolbar). */
function selectAnchorType(state: DocumentState): string | undefined {
  const { doc, selection } = state;
  if (doc === null || selection.anchorId === null) return undefined;
  return findBlock(doc.project, selection.anchorId)?.block.type;
}

/** The editor's commands as buttons; each tooltip names its shortcut. */
export function EditorToolbar() {
  const anchorType = useDocumentStore(selectAnchorType);
  const selectedCount = useDocumentStore(selectSelectedIds).length;
  const canUndo = useDocumentStore(selectCanUndo);
  const canRedo = useDocumentStore(selectCanRedo);
  const undoLabel = useDocumentStore(selectUndoLabel);
  const redoLabel = useDocumentStore(selectRedoLabel);
  const stores = useAppStores();
  const {
    addMusicBlock,
    addSfxBlock,
    addTextBlock,
    clipboardTextOfSelection,
    deleteSelected,
    duplicateSelected,
    mergeSelectedWithNext,
    pasteText,
    splitAtCaret,
  } = useEditorActions();
  const shortcutLabel = useShortcutLabel();
  const tip = (text: string, id: ShortcutId): string => `${text} (${shortcutLabel(id)})`;

  const copy = (): void => {
    const text = clipboardTextOfSelection();
    if (text !== undefined) void writeClipboard(text);
  };
  const paste = (): void => {
    void readClipboard().then((text) => {
      if (text !== null && text !== '') pasteText(text);
    });
  };

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Editor">
      <div className="toolbar-group">
        <button
          type="button"
          data-testid="add-text-block"
          title={tip('Add a text block', 'add-text')}
          onClick={() => addTextBlock()}
        >
          + Text
        </button>
        <button
          type="button"
          data-testid="add-sfx-block"
          title={tip('Add a sound effect at the playhead', 'add-sfx')}
          onClick={addSfxBlock}
        >
          + Effect
        </button>
        <button
          type="button"
          data-testid="add-music-block"
          title={tip('Add music at the playhead', 'add-music')}
          onClick={addMusicBlock}
        >
          + Music
        </button>
      </div>
      <div className="toolbar-group">
        <button
          type="button"
          data-testid="split-block"
          title={tip('Split at the text cursor', 'split')}
          disabled={anchorType !== 'text'}
          onClick={splitAtCaret}
        >
          Split
        </button>
        <button
          type="button"
          data-testid="merge-block"
          title={tip('Merge with the next block', 'merge')}
          disabled={anchorType !== 'text'}
          onClick={mergeSelectedWithNext}
        >
          Merge
        </button>
        <button
          type="button"
          data-testid="duplicate-blocks"
          title={tip('Duplicate', 'duplicate')}
          disabled={selectedCount === 0}
          onClick={duplicateSelected}
        >
          Duplicate
        </button>
        <button
          type="button"
          data-testid="delete-blocks"
          title={tip('Delete', 'delete')}
          disabled={selectedCount === 0}
          onClick={deleteSelected}
        >
          Delete
        </button>
        <button
          type="button"
          data-testid="copy-blocks"
          title={tip('Copy blocks', 'copy')}
          disabled={selectedCount === 0}
          onClick={copy}
        >
          Copy
        </button>
        <button type="button" data-testid="paste-blocks" title={tip('Paste blocks', 'paste')} onClick={paste}>
          Paste
        </button>
      </div>
      <div className="toolbar-group">
        <button
          type="button"
          data-testid="undo"
          title={tip(undoLabel === null ? 'Undo' : `Undo ${undoLabel}`, 'undo')}
          disabled={!canUndo}
          onClick={() => stores.document.getState().undo()}
        >
          Undo
        </button>
        <button
          type="button"
          data-testid="redo"
          title={tip(redoLabel === null ? 'Redo' : `Redo ${redoLabel}`, 'redo')}
          disabled={!canRedo}
          onClick={() => stores.document.getState().redo()}
        >
          Redo
        </button>
      </div>
      <div className="toolbar-group">
        <button
          type="button"
          data-testid="shortcuts-button"
          title={tip('Keyboard shortcuts', 'help')}
          onClick={() => stores.editorUi.getState().setHelpOpen(true)}
        >
          Shortcuts
        </button>
      </div>
      <AddVideoButton />
      <FitCheckButton />
      <ReimportRevisionButton />
      <AddCreditsButton />
      <ChapterNavigator />
    </div>
  );
}
