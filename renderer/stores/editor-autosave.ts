import type { StoreApi } from 'zustand';
import type { Project } from '../../common/project/project-schema.js';
import { errorData } from './notice-store.js';
import type { DocumentState } from './document-store.js';

export const AUTOSAVE_DELAY_MS = 1000;
/** While typing never pauses for a second, a save still goes out this long after the first unsaved edit. */
export const AUTOSAVE_MAX_DELAY_MS = 10_000;

/** Codes after which writing over the same file cannot succeed: the user must save as a new project. */
const BLOCKING_CODES = new Set(['CONFLICT', 'NOT_FOUND']);

export interface AutosaveOptions {
  save(fileName: string, project: Project): Promise<{ savedAt: string }>;
  /**
   * While this says true, nothing is written (the edits wait in memory): the browser shell's page is talking to
   * a new launch of the app, and the user decides where its edits go.
   */
  paused?: () => boolean;
  delayMs?: number;
  maxDelayMs?: number;
}

export interface Autosave {
  /** Saves now if anything is unsaved and waits for it; resolves true when the document is saved. */
  flush(): Promise<boolean>;
  /** Stops watching (a pending save is not sent: call flush first). */
  dispose(): void;
}

type DocumentStore = StoreApi<DocumentState>;

/**
 * Saves the open document a second after the last edit (at most ten seconds after the first unsaved one), one
 * save at a time and always the newest document. A failure keeps the edit in memory, shows the reason (the save
 * status) and is retried by the next edit or flush; a file that cannot be written over stops autosave until the
 * user saves it as a new project.
 */
export function startAutosave(store: DocumentStore, options: AutosaveOptions): Autosave {
  const delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const maxDelayMs = options.maxDelayMs ?? AUTOSAVE_MAX_DELAY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstUnsavedAt: number | null = null;
  let inFlight: Promise<void> | null = null;
  let runAgain = false;

  const isDirty = (): boolean => {
    const { doc, savedProject } = store.getState();
    return doc !== null && doc.project !== savedProject;
  };
  const isBlocked = (): boolean => {
    const save = store.getState().save;
    return save.state === 'failed' && !save.retryable;
  };

  const schedule = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    const now = Date.now();
    firstUnsavedAt ??= now;
    const wait = Math.max(0, Math.min(delayMs, firstUnsavedAt + maxDelayMs - now));
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, wait);
  };

  const run = (): Promise<void> => {
    if (inFlight !== null) {
      runAgain = true;
      return inFlight;
    }
    const doc = store.getState().doc;
    if (doc === null || !isDirty() || isBlocked() || options.paused?.() === true) return Promise.resolve();
    const { fileName, project } = doc;
    firstUnsavedAt = null;
    store.getState().setSaveStatus({ state: 'saving' });
    inFlight = options
      .save(fileName, project)
      .then(
        ({ savedAt }) => {
          // The document may have moved to another file meanwhile (save as new); only its own file counts.
          if (store.getState().doc?.fileName === fileName) store.getState().markSaved(project, savedAt);
        },
        (error: unknown) => {
          const data = errorData(error);
          store.getState().setSaveStatus({
            state: 'failed',
            message: data.message,
            code: data.code,
            requestId: data.requestId,
            retryable: !BLOCKING_CODES.has(data.code),
          });
        },
      )
      .finally(() => {
        inFlight = null;
        if (runAgain) {
          runAgain = false;
          if (store.getState().save.state !== 'failed') void run();
        }
      });
    return inFlight;
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.doc?.project === previous.doc?.project) return;
    if (state.doc === null || !isDirty()) {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      firstUnsavedAt = null;
      // Undo back to the saved document: nothing is left to save.
      if (state.doc !== null && state.save.state === 'pending') {
        state.setSaveStatus({ state: 'saved', savedAt: null });
      }
      return;
    }
    if (isBlocked()) return;
    if (state.save.state !== 'saving' && state.save.state !== 'failed') {
      state.setSaveStatus({ state: 'pending' });
    }
    schedule();
  });

  return {
    async flush() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      // A save in flight may hold an older document; keep going until the newest one is written or one fails.
      for (;;) {
        if (inFlight !== null) await inFlight;
        // Typing held for its frame to paint, even typed while an earlier pass saved, is part of what is written
        // (Close, Ctrl+S, leaving the editor).
        store.getState().commitHeldEdits();
        if (!isDirty()) return true;
        if (isBlocked() || options.paused?.() === true) return false;
        const before = store.getState().doc?.project;
        await run();
        const save = store.getState().save;
        if (save.state === 'failed' && store.getState().doc?.project === before) return false;
      }
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      unsubscribe();
    },
  };
}
