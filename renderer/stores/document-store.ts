import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { OpenedProject } from '../../common/project/library-views.js';
import { ProjectEditError } from '../../common/project/edit-error.js';
import type { Project } from '../../common/project/project-schema.js';

/*
 * The open project in the editor: the document, its undo/redo history, the selection (undo restores it) and
 * how far the document is saved. Edits go through apply() with a pure edit function from common/project, so
 * every document change is undoable and the autosaver (editor-autosave.ts) sees every one of them. Where the
 * user looks (playhead, zoom) lives in the timeline view store, so playback never wakes this store's subscribers.
 */

/** Typing in the same field within this gap is one undo step. */
export const COALESCE_GAP_MS = 1000;
/** Oldest steps are dropped beyond this; each step is a snapshot sharing unchanged blocks, so it is cheap. */
export const HISTORY_LIMIT = 200;

export interface Selection {
  /** Selected block ids, in the order they were added. */
  ids: readonly string[];
  /** The block the inspector shows and shift-click ranges start from (the last one clicked). */
  anchorId: string | null;
}

export type SaveStatus =
  | { state: 'saved'; savedAt: string | null }
  | { state: 'pending' }
  | { state: 'saving' }
  | {
      state: 'failed';
      message: string;
      code: string;
      requestId?: string | undefined;
      /** False when saving over the file cannot work again (damaged or changed elsewhere): offer a new project. */
      retryable: boolean;
    };

export interface OpenDocument {
  fileName: string;
  project: Project;
  /** What the editor was opened with: a remount with the same value keeps the edited document. */
  source: OpenedProject;
}

interface HistoryEntry {
  project: Project;
  selection: Selection;
  label: string;
}

export interface EditOptions {
  /** For people: "Typing", "Delete blocks", shown as "Undo Typing". */
  label: string;
  /** Edits with the same key within COALESCE_GAP_MS of each other are one undo step (typing). */
  coalesceKey?: string;
  /** The selection after the edit (for example the new block); unchanged by default. */
  select?: readonly string[];
}

export type EditResult = { ok: true } | { ok: false; error: ProjectEditError };

export interface DocumentState {
  doc: OpenDocument | null;
  /** The document as last written to (or read from) its file; the document is saved when it is this object. */
  savedProject: Project | null;
  past: readonly HistoryEntry[];
  future: readonly HistoryEntry[];
  lastEdit: { key: string; at: number } | null;
  selection: Selection;
  save: SaveStatus;

  open(opened: OpenedProject): void;
  close(): void;
  /**
   * Applies a pure edit. A refused edit (ProjectEditError) changes nothing and is returned for the caller to show
   * next to the control; other errors are bugs and are thrown.
   */
  apply(edit: (project: Project) => Project, options: EditOptions): EditResult;
  undo(): void;
  redo(): void;
  /**
   * Holds an edit typed into a text box until the frame showing it has painted (a script row's text), under a key
   * that a newer hold replaces: so a keystroke paints before every view of the document re-renders. A held edit is
   * committed before any other edit, undo, redo or save (`commitHeldEdits`); open and close drop it.
   */
  holdEdit(key: string, commit: () => void): void;
  /** Commits every held edit now, in the order they were first held. */
  commitHeldEdits(): void;
  select(ids: readonly string[], anchorId?: string | null): void;
  setSaveStatus(status: SaveStatus): void;
  /** Records a finished save of `project` (which may be older than the current document). */
  markSaved(project: Project, savedAt: string): void;
  /**
   * The document now lives in another file (after "Save as new project" of `sent`); edits made while that was
   * under way are kept, and history follows the new identity.
   */
  moveToFile(created: OpenedProject, sent: Project): void;
}

const emptySelection: Selection = { ids: [], anchorId: null };

const initialState = {
  doc: null,
  savedProject: null,
  past: [],
  future: [],
  lastEdit: null,
  selection: emptySelection,
  save: { state: 'saved', savedAt: null },
} satisfies Partial<DocumentState>;

export const createDocumentStore = (): StoreApi<DocumentState> => {
  // Not state: nothing renders from it, and a held edit's own commit must not wake subscribers.
  const held = new Map<string, () => void>();
  const commitHeld = (): void => {
    if (held.size === 0) return;
    // Out first: each commit applies an edit, and apply commits what is still held.
    const commits = [...held.values()];
    held.clear();
    for (const commit of commits) commit();
  };
  return createStore<DocumentState>()((set, get) => ({
    ...initialState,

    open: (opened) => {
      held.clear();
      set({
        ...initialState,
        doc: { fileName: opened.fileName, project: opened.project, source: opened },
        savedProject: opened.project,
      });
    },

    close: () => {
      held.clear();
      set(initialState);
    },

    apply: (edit, options) => {
      commitHeld();
      const state = get();
      const doc = state.doc;
      if (doc === null) return { ok: true };
      let next: Project;
      try {
        next = edit(doc.project);
      } catch (error) {
        if (error instanceof ProjectEditError) return { ok: false, error };
        throw error;
      }
      const selection =
        options.select === undefined
          ? state.selection
          : { ids: options.select, anchorId: options.select.at(-1) ?? null };
      if (next === doc.project) {
        if (options.select !== undefined) set({ selection });
        return { ok: true };
      }
      const now = Date.now();
      const coalesce =
        options.coalesceKey !== undefined &&
        state.lastEdit !== null &&
        state.lastEdit.key === options.coalesceKey &&
        now - state.lastEdit.at <= COALESCE_GAP_MS &&
        state.past.length > 0;
      const past = coalesce
        ? state.past
        : [...state.past, { project: doc.project, selection: state.selection, label: options.label }].slice(
            -HISTORY_LIMIT,
          );
      set({
        doc: { ...doc, project: next },
        past,
        future: [],
        lastEdit: options.coalesceKey === undefined ? null : { key: options.coalesceKey, at: now },
        selection,
      });
      return { ok: true };
    },

    undo: () => {
      commitHeld();
      const { doc, past, future, selection } = get();
      const entry = past.at(-1);
      if (doc === null || entry === undefined) return;
      set({
        doc: { ...doc, project: entry.project },
        past: past.slice(0, -1),
        future: [...future, { project: doc.project, selection, label: entry.label }],
        selection: entry.selection,
        lastEdit: null,
      });
    },

    redo: () => {
      commitHeld();
      const { doc, past, future, selection } = get();
      const entry = future.at(-1);
      if (doc === null || entry === undefined) return;
      set({
        doc: { ...doc, project: entry.project },
        past: [...past, { project: doc.project, selection, label: entry.label }],
        future: future.slice(0, -1),
        selection: entry.selection,
        lastEdit: null,
      });
    },

    holdEdit: (key, commit) => {
      held.set(key, commit);
    },

    commitHeldEdits: commitHeld,

    select: (ids, anchorId) =>
      set({ selection: { ids, anchorId: anchorId === undefined ? (ids.at(-1) ?? null) : anchorId } }),

    setSaveStatus: (status) => set({ save: status }),

    markSaved: (project, savedAt) => {
      const current = get().doc?.project;
      set({
        savedProject: project,
        save: current === project ? { state: 'saved', savedAt } : { state: 'pending' },
      });
    },

    moveToFile: (created, sent) => {
      const { doc, past, future } = get();
      if (doc === null) return;
      const { id, title } = created.project;
      const retitle = (project: Project): Project => ({ ...project, id, title });
      const retitleEntry = (entry: HistoryEntry): HistoryEntry => ({
        ...entry,
        project: retitle(entry.project),
      });
      const unchanged = doc.project === sent;
      set({
        doc: {
          fileName: created.fileName,
          project: unchanged ? created.project : retitle(doc.project),
          source: doc.source,
        },
        savedProject: created.project,
        past: past.map(retitleEntry),
        future: future.map(retitleEntry),
        save: unchanged ? { state: 'saved', savedAt: new Date().toISOString() } : { state: 'pending' },
      });
    },
  }));
};

// Selectors live outside components so their identity is stable.
export const selectProject = (state: DocumentState): Project | null => state.doc?.project ?? null;
export const selectProjectFileName = (state: DocumentState): string | null => state.doc?.fileName ?? null;
export const selectSelectedIds = (state: DocumentState): readonly string[] => state.selection.ids;
export const selectAnchorId = (state: DocumentState): string | null => state.selection.anchorId;
export const selectSaveStatus = (state: DocumentState): SaveStatus => state.save;
export const selectCanUndo = (state: DocumentState): boolean => state.past.length > 0;
export const selectCanRedo = (state: DocumentState): boolean => state.future.length > 0;
export const selectUndoLabel = (state: DocumentState): string | null => state.past.at(-1)?.label ?? null;
export const selectRedoLabel = (state: DocumentState): string | null => state.future.at(-1)?.label ?? null;
export const selectIsDirty = (state: DocumentState): boolean =>
  state.doc !== null && state.doc.project !== state.savedProject;
