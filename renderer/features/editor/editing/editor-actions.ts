import type { IdFactory } from '../../../../common/project/block-factory.js';
import { contextIn } from '../../../shared/send-context.js';
import {
  createMusicBlock,
  createSfxBlock,
  createTextBlock,
  randomId,
} from '../../../../common/project/block-factory.js';
import { duplicateBlocks } from '../../../../common/project/block-copies.js';
import {
  insertBlock,
  insertBlocks,
  moveBlocks,
  removeBlocks,
  shiftBlocks,
} from '../../../../common/project/block-edits.js';
import { pastedTextBlocks } from '../../../../common/import/pasted-text.js';
import { copyBlocks, pasteBlocks, readClipboardBlocks } from '../../../../common/project/block-clipboard.js';
import { findBlock } from '../../../../common/project/block-lookup.js';
import { pasteImpact } from '../../../../common/project/stale-impact.js';
import type { Project } from '../../../../common/project/project-schema.js';
import { mergeWithNext, splitTextBlock } from '../../../../common/project/text-block-edits.js';
import { shiftTimedBlocks } from '../../../../common/project/timing-edits.js';
import type { EditOptions } from '../../../stores/document-store.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { trackOrder } from './selection-rules.js';
import { editDocument } from '../../../stores/document-actions.js';

/*
 * The editor's commands, shared by the toolbar, the keyboard shortcuts and the clipboard. Each applies one
 * undoable edit through the document store; a refused edit (a locked block, nothing to merge with) is shown
 * as a notice in the user's words, never thrown.
 */

/** Nudge steps of Alt+Left/Right (Shift makes them coarse). */
export const NUDGE_MS = 100;
export const COARSE_NUDGE_MS = 1000;

/** An id factory that remembers what it made, so the new blocks can be selected. */
function recordingIds(): { newId: IdFactory; made: string[] } {
  const made: string[] = [];
  return {
    made,
    newId: () => {
      const id = randomId();
      made.push(id);
      return id;
    },
  };
}

export type EditorActions = ReturnType<typeof createEditorActions>;

/** The commands bound to one window's stores (useEditorActions gives a component the ones of its window). */
export function createEditorActions(stores: AppStores) {
  const documents = () => stores.document.getState();

  function run(edit: (project: Project) => Project, options: EditOptions): boolean {
    return editDocument(stores, edit, options);
  }

  // An action that builds its edit from the document (split, duplicate) reads it with the typing held for its
  // frame (ScriptRow) already in it, so the edit it applies keeps that typing.
  function project(): Project | null {
    documents().commitHeldEdits();
    return documents().doc?.project ?? null;
  }

  function selectedIds(): readonly string[] {
    return documents().selection.ids;
  }

  /** The speech block new text goes after: the last selected speech block, else the end of the track. */
  function speechInsertAfter(current: Project): string | undefined {
    const selected = new Set(selectedIds());
    const blocks = current.tracks.speech.blocks;
    for (let index = blocks.length - 1; index >= 0; index -= 1) {
      if (selected.has(blocks[index]!.id)) return blocks[index]!.id;
    }
    return undefined;
  }

  function addTextBlock(text = ''): void {
    const current = project();
    if (current === null) return;
    const block = createTextBlock({ text });
    const afterId = speechInsertAfter(current);
    if (
      run((doc) => insertBlock(doc, block, afterId === undefined ? {} : { afterId }), {
        label: 'Add text block',
        select: [block.id],
      })
    ) {
      stores.editorUi.getState().requestFocus(block.id);
    }
  }

  function addSfxBlock(): void {
    const block = createSfxBlock({ startMs: Math.round(stores.timelineView.getState().playheadMs) });
    run((doc) => insertBlock(doc, block), { label: 'Add sound effect', select: [block.id] });
  }

  function addMusicBlock(): void {
    const block = createMusicBlock({ startMs: Math.round(stores.timelineView.getState().playheadMs) });
    run((doc) => insertBlock(doc, block), { label: 'Add music', select: [block.id] });
  }

  function deleteSelected(): void {
    const ids = selectedIds();
    if (ids.length === 0) return;
    run((doc) => removeBlocks(doc, ids), {
      label: ids.length === 1 ? 'Delete block' : 'Delete blocks',
      select: [],
    });
  }

  function duplicateSelected(): void {
    const ids = selectedIds();
    if (ids.length === 0) return;
    const { newId, made } = recordingIds();
    const current = project();
    if (current === null) return;
    let next: Project;
    try {
      next = duplicateBlocks(current, ids, newId);
    } catch (error) {
      stores.notices.getState().showError(error);
      return;
    }
    run(() => next, { label: 'Duplicate', select: made });
  }

  /** Splits a text block at a caret offset; the second part is selected and its text box focused. */
  function splitBlockAt(blockId: string, offset: number): void {
    const current = project();
    if (current === null) return;
    const { newId, made } = recordingIds();
    let next: Project;
    try {
      next = splitTextBlock(current, blockId, offset, newId);
    } catch (error) {
      stores.notices.getState().showError(error);
      return;
    }
    const second = made[0];
    if (run(() => next, { label: 'Split block', select: second === undefined ? [] : [second] })) {
      if (second !== undefined) stores.editorUi.getState().requestFocus(second);
    }
  }

  /** Splits the selected text block where its text cursor was last. */
  function splitAtCaret(): void {
    const caret = stores.editorUi.getState().caret;
    const anchor = documents().selection.anchorId;
    if (caret === null || (anchor !== null && caret.blockId !== anchor)) {
      stores.notices
        .getState()
        .showError(new Error('Click in a text block’s text where it should be split, then split.'));
      return;
    }
    splitBlockAt(caret.blockId, caret.offset);
  }

  function mergeSelectedWithNext(): void {
    const anchor = documents().selection.anchorId;
    if (anchor === null) return;
    run((doc) => mergeWithNext(doc, anchor), { label: 'Merge with next', select: [anchor] });
  }

  /** Alt+Up/Down: moves the selected speech blocks one place earlier or later, together. */
  function moveSelectedSpeech(direction: -1 | 1): void {
    const current = project();
    if (current === null) return;
    const selected = new Set(selectedIds());
    const blocks = current.tracks.speech.blocks;
    const moving = blocks.filter((block) => selected.has(block.id)).map((block) => block.id);
    if (moving.length === 0) return;
    const firstIndex = blocks.findIndex((block) => selected.has(block.id));
    // Position of the group in the list without it = the blocks before its first member that stay.
    const position = blocks.slice(0, firstIndex).filter((block) => !selected.has(block.id)).length;
    const target = Math.max(0, position + direction);
    if (target === position) return;
    run((doc) => moveBlocks(doc, moving, target), { label: 'Move blocks', coalesceKey: 'move-speech' });
  }

  /** Alt+Left/Right: moves the selected effects, music and timed lines in time (flowing lines follow). */
  function nudgeSelected(deltaMs: number): void {
    const current = project();
    if (current === null) return;
    const placed: string[] = [];
    const timed: string[] = [];
    for (const id of selectedIds()) {
      const block = findBlock(current, id)?.block;
      if (block?.type === 'sfx' || block?.type === 'music') placed.push(id);
      else if (block?.type === 'text' && block.timing !== undefined) timed.push(id);
    }
    if (placed.length === 0 && timed.length === 0) return;
    run(
      (doc) => {
        const shifted = placed.length === 0 ? doc : shiftBlocks(doc, placed, deltaMs);
        return timed.length === 0 ? shifted : shiftTimedBlocks(shifted, timed, deltaMs);
      },
      { label: 'Move in time', coalesceKey: 'nudge' },
    );
  }

  function selectAll(): void {
    const current = project();
    if (current === null) return;
    const ids = [
      ...current.tracks.speech.blocks,
      ...current.tracks.effects.blocks,
      ...current.tracks.music.blocks,
    ].map((block) => block.id);
    documents().select(ids, documents().selection.anchorId ?? ids[0] ?? null);
  }

  /** Up/Down outside text boxes: the previous or next block of the anchor's track. */
  function selectNeighbour(direction: -1 | 1): void {
    const current = project();
    if (current === null) return;
    const anchor = documents().selection.anchorId;
    const location = anchor === null ? undefined : findBlock(current, anchor);
    const order = trackOrder(current, location?.track ?? 'speech');
    if (order.length === 0) return;
    const index = location === undefined ? -1 : order.indexOf(location.block.id);
    const nextIndex = index === -1 ? 0 : Math.min(order.length - 1, Math.max(0, index + direction));
    const id = order[nextIndex]!;
    documents().select([id], id);
  }

  /** The selected blocks as clipboard text in the model's format, or undefined when nothing is selected. */
  function clipboardTextOfSelection(): string | undefined {
    const current = project();
    const ids = selectedIds();
    if (current === null || ids.length === 0) return undefined;
    return copyBlocks(current, ids);
  }

  /**
   * Pastes clipboard text: Timbre blocks keep their type and parameters (speech after the selection, effects and
   * music at the playhead); ordinary text becomes text blocks, one per paragraph, its Markdown headings ("# One")
   * starting chapters as on import.
   */
  function pasteText(text: string): void {
    const current = project();
    if (current === null) return;
    const afterId = speechInsertAfter(current);
    const clipboard = readClipboardBlocks(text);
    if (clipboard !== undefined) {
      const atMs = Math.round(stores.timelineView.getState().playheadMs);
      // Made against the document as it is when it is applied: a paste waiting for Apply must not undo the edits
      // made meanwhile. It still goes where it was pasted (after the same block, if that block is still there).
      const pasteInto = (doc: Project, newId: IdFactory): Project => {
        const stillThere = afterId !== undefined && findBlock(doc, afterId) !== undefined;
        return pasteBlocks(
          doc,
          contextIn(stores, doc),
          text,
          stillThere ? { afterId, atMs } : { atMs },
          newId,
        );
      };
      const paste = (): void => {
        const { newId, made } = recordingIds();
        run((doc) => pasteInto(doc, newId), { label: 'Paste blocks', select: made });
      };
      let preview: Project;
      const { newId, made } = recordingIds();
      try {
        preview = pasteInto(current, newId);
      } catch (error) {
        stores.notices.getState().showError(error);
        return;
      }
      // Blocks copied with audio that does not fit here (another voice or style) arrive needing generation.
      const pasted = made.flatMap((id) => findBlock(preview, id)?.block ?? []);
      const impact = pasteImpact(clipboard.blocks, pasted, contextIn(stores, current));
      if (impact.blocks === 0) paste();
      else
        stores.editorUi.getState().setPendingChange({
          label: 'Paste blocks (their audio does not fit this project)',
          impact,
          apply: paste,
        });
      return;
    }
    const { newId, made } = recordingIds();
    const pasted = pastedTextBlocks(text);
    if (pasted.length === 0) return;
    const blocks = pasted.map((fields) => createTextBlock(fields, newId));
    run((doc) => insertBlocks(doc, blocks, afterId === undefined ? {} : { afterId }), {
      label: 'Paste text',
      select: made,
    });
  }

  return {
    addTextBlock,
    addSfxBlock,
    addMusicBlock,
    deleteSelected,
    duplicateSelected,
    splitBlockAt,
    splitAtCaret,
    mergeSelectedWithNext,
    moveSelectedSpeech,
    nudgeSelected,
    selectAll,
    selectNeighbour,
    clipboardTextOfSelection,
    pasteText,
  };
}
