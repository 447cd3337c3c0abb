import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ExportFinishedEvent, ExportProgressEvent } from '../../common/ipc/export-methods.js';

export type ExportRun =
  | { state: 'running'; exportId: string; projectId: string; phase: string; fraction: number }
  | ({ state: 'finished' } & ExportFinishedEvent);

export interface ExportState {
  runs: Readonly<Record<string, ExportRun>>;
  started(exportId: string, projectId: string): void;
  progress(event: ExportProgressEvent): void;
  finish(event: ExportFinishedEvent): void;
  forget(exportId: string): void;
}

/** Exports main is running or has finished, fed by main's export events. */
export const createExportStore = (): StoreApi<ExportState> =>
  createStore<ExportState>()((set) => ({
    runs: {},
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
  }));
