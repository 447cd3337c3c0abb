import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { BatchItemProgress, BatchOverall, BatchView } from '../../common/batch/batch-types.js';
import type { ExportFinishedEvent, ExportProgressEvent } from '../../common/ipc/export-methods.js';

/** An export the dialog started, as main reports it. */
export type ExportRun =
  | { state: 'running'; exportId: string; projectId: string; phase: string; fraction: number }
  | ({ state: 'finished' } & ExportFinishedEvent);

export interface ExportJobsState {
  /** The dialog's exports, running or finished, by export id (`export.progress`, `export.finished`). */
  runs: Readonly<Record<string, ExportRun>>;
  /** The export queue (batches, generate-then-export) as main last described it (`batch.changed`). */
  queue: BatchView | null;
  started(exportId: string, projectId: string): void;
  progress(event: ExportProgressEvent): void;
  finish(event: ExportFinishedEvent): void;
  forget(exportId: string): void;
  setQueue(view: BatchView): void;
  /** `batch.progress`: the queue's running item and overall progress, updated in place. */
  queueProgress(item: BatchItemProgress, overall: BatchOverall): void;
}

/**
 * Every export main runs, in one store: those the export dialog started (they run at once, beside each other)
 * and those of main's export queue. Both mirror what main reports; main counts them as one kind of job.
 */
export const createExportJobsStore = (): StoreApi<ExportJobsState> =>
  createStore<ExportJobsState>()((set) => ({
    runs: {},
    queue: null,
    started: (exportId, projectId) =>
      set((state) =>
        state.runs[exportId]
          ? state
          : {
              runs: {
                ...state.runs,
                [exportId]: { state: 'running', exportId, projectId, phase: 'decode', fraction: 0 },
              },
            },
      ),
    progress: (event) =>
      set((state) => {
        const current = state.runs[event.exportId];
        if (current?.state === 'finished') return state;
        return { runs: { ...state.runs, [event.exportId]: { state: 'running', ...event } } };
      }),
    finish: (event) =>
      set((state) => ({ runs: { ...state.runs, [event.exportId]: { state: 'finished', ...event } } })),
    forget: (exportId) =>
      set((state) => {
        const runs = { ...state.runs };
        delete runs[exportId];
        return { runs };
      }),
    setQueue: (view) => set({ queue: view }),
    queueProgress: (item, overall) =>
      set((state) => {
        if (!state.queue) return state;
        return {
          queue: {
            ...state.queue,
            overall,
            items: state.queue.items.map((entry) =>
              entry.id === item.id ? { ...entry, progress: item } : entry,
            ),
          },
        };
      }),
  }));

export const selectQueueView = (state: ExportJobsState): BatchView | null => state.queue;
