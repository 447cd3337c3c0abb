import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { PendingChange } from '../features/editor/block-state/StaleConfirm.js';
import type { HeldGeneration } from '../features/generation/ChargeTwiceDialog.js';
import type { DocumentState } from './document-store.js';

/*
 * Editor state that is not part of the document and not undoable: where the text cursor was last, requests to
 * focus a block's text box, and whether the shortcuts help is open.
 */

export interface Caret {
  blockId: string;
  /** UTF-16 offset in the block's text, as a text box's selectionStart gives it. */
  offset: number;
}

export interface EditorUiState {
  /** The caret of the last focused script text box, so the Split button knows where to cut. */
  caret: Caret | null;
  /** A block whose text box should take focus once it is rendered; `seq` makes repeated requests distinct. */
  focusRequest: { blockId: string; seq: number } | null;
  helpOpen: boolean;
  /** Asks the open editor to close as its Close button does (saving first); `seq` tells requests apart. */
  closeRequest: number;
  requestClose(): void;
  /** Show only this speaker's lines in the script (null: every line). */
  speakerFilter: string | null;
  setSpeakerFilter(speakerId: string | null): void;
  setCaret(caret: Caret | null): void;
  requestFocus(blockId: string): void;
  /** The text box took focus: a later remount of its row must not steal focus again. */
  consumeFocus(seq: number): void;
  setHelpOpen(open: boolean): void;
  /**
   * An edit of the script (a paste, one change to several blocks) waiting for the user's word because it would
   * make generated audio stale; the editor shows it until Apply or Cancel.
   */
  pendingChange: PendingChange | null;
  setPendingChange(pending: PendingChange | null): void;
  /** A generation above the credits the user set to be asked about (Settings → Generation), until Generate or Cancel. */
  pendingGeneration: PendingGeneration | null;
  setPendingGeneration(pending: PendingGeneration | null): void;
  /** A generation main refused, nothing sent, because blocks may be charged twice: the question until answered. */
  pendingChargeTwice: HeldGeneration | null;
  setPendingChargeTwice(pending: HeldGeneration | null): void;
  /** Whether the fit check of timed lines (renderer/features/editor/fit) is shown. */
  fitCheckOpen: boolean;
  setFitCheckOpen(open: boolean): void;
}

export interface PendingGeneration {
  /** The project it generates, named in the question. */
  projectTitle: string;
  blocks: number;
  /** Upper bound: audio main already has for the same content is reused for nothing. */
  credits: number;
  /** The setting it is above. */
  threshold: number;
  newTake: boolean;
  /**
   * Timed lines among those sent whose estimate overruns their slot with no remedy chosen (common/timing): the
   * question is then asked whatever the credits, so the user decides before paying.
   */
  overrunLines?: number;
  /** Timed lines marked to rewrite shorter, held back (not sent, not counted in `blocks` or `credits`). */
  rewriteHeld?: number;
  send(): void;
}

export function createEditorUiStore(): StoreApi<EditorUiState> {
  let focusSeq = 0;
  return createStore<EditorUiState>()((set) => ({
    caret: null,
    focusRequest: null,
    helpOpen: false,
    closeRequest: 0,
    requestClose: () => set((state) => ({ closeRequest: state.closeRequest + 1 })),
    speakerFilter: null,
    setSpeakerFilter: (speakerFilter) => set({ speakerFilter }),
    setCaret: (caret) => set({ caret }),
    requestFocus: (blockId) => set({ focusRequest: { blockId, seq: ++focusSeq } }),
    consumeFocus: (seq) => set((state) => (state.focusRequest?.seq === seq ? { focusRequest: null } : state)),
    setHelpOpen: (helpOpen) => set({ helpOpen }),
    pendingChange: null,
    setPendingChange: (pendingChange) => set({ pendingChange }),
    pendingGeneration: null,
    setPendingGeneration: (pendingGeneration) => set({ pendingGeneration }),
    pendingChargeTwice: null,
    setPendingChargeTwice: (pendingChargeTwice) => set({ pendingChargeTwice }),
    fitCheckOpen: false,
    setFitCheckOpen: (fitCheckOpen) => set({ fitCheckOpen }),
  }));
}

/**
 * A question left open in one project is dropped when another project opens (or the editor closes): its Apply or
 * Generate would otherwise act on the project now open, which the question was never about.
 */
export function dropPendingOnProjectChange(
  document: StoreApi<DocumentState>,
  editorUi: StoreApi<EditorUiState>,
): void {
  document.subscribe((now, before) => {
    if (now.doc?.source === before.doc?.source) return;
    const { pendingChange, pendingGeneration, pendingChargeTwice } = editorUi.getState();
    if (pendingChange !== null || pendingGeneration !== null || pendingChargeTwice !== null)
      editorUi.setState({ pendingChange: null, pendingGeneration: null, pendingChargeTwice: null });
  });
}

export const selectFocusRequest = (state: EditorUiState): EditorUiState['focusRequest'] => state.focusRequest;
export const selectHelpOpen = (state: EditorUiState): boolean => state.helpOpen;
export const selectSpeakerFilter = (state: EditorUiState): string | null => state.speakerFilter;
export const selectPendingChange = (state: EditorUiState): PendingChange | null => state.pendingChange;
export const selectPendingGeneration = (state: EditorUiState): PendingGeneration | null =>
  state.pendingGeneration;
export const selectPendingChargeTwice = (state: EditorUiState): HeldGeneration | null =>
  state.pendingChargeTwice;
export const selectFitCheckOpen = (state: EditorUiState): boolean => state.fitCheckOpen;
