import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * The page's line to main. Always `connected` in Electron (the preload cannot drop). In the browser shell:
 * `connecting` before the first connection, `disconnected` while it is down (the bridge keeps trying), and
 * `relaunched` once it is back but talking to a new launch of the app (the page was opened from an earlier one).
 */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'relaunched';

export interface ConnectionStore {
  state: ConnectionState;
  /** Bumped each time the line comes back, so waiting work (an autosave that failed) can go again. */
  reconnections: number;
  set(state: ConnectionState): void;
}

export const createConnectionStore = (): StoreApi<ConnectionStore> =>
  createStore<ConnectionStore>()((set, get) => ({
    state: 'connected',
    reconnections: 0,
    set: (state) => {
      const previous = get().state;
      if (previous === state) return;
      const cameBack = previous === 'disconnected' && (state === 'connected' || state === 'relaunched');
      set({ state, reconnections: get().reconnections + (cameBack ? 1 : 0) });
    },
  }));

export const selectConnectionState = (store: ConnectionStore): ConnectionState => store.state;
