import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { BatchItemProgress, BatchOverall, BatchView } from '../../common/batch/batch-types.js';

export interface BatchState {
  view: BatchView | null;
  setView(view: BatchView): void;
  progress(item: BatchItemProgress, overall: BatchOverall): void;
}

/** The batch export queue as main last described it; progress events update the running item in place. */
export const createBatchStore = (): StoreApi<BatchState> =>
  createStore<BatchState>()((set) => ({
    view: null,
    setView: (view) => set({ view }),
    progress: (item, overall) =>
      set((state) => {
        if (!state.view) return state;
        return {
          view: {
            ...state.view,
            overall,
            items: state.view.items.map((entry) =>
              entry.id === item.id ? { ...entry, progress: item } : entry,
            ),
          },
        };
      }),
  }));

export const selectBatchView = (state: BatchState): BatchView | null => state.view;
