import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { VoiceView } from '../../common/voices/voice-view.js';

export interface VoicesState {
  /** The library per service URL, as main last sent it. */
  byService: Record<string, VoiceView[]>;
  setVoices(serviceUrl: string, voices: VoiceView[]): void;
}

export const createVoicesStore = (): StoreApi<VoicesState> =>
  createStore<VoicesState>()((set) => ({
    byService: {},
    setVoices: (serviceUrl, voices) =>
      set((state) => ({ byService: { ...state.byService, [serviceUrl]: voices } })),
  }));

const noVoices: VoiceView[] = [];

export const selectVoicesOf =
  (serviceUrl: string | undefined) =>
  (state: VoicesState): VoiceView[] =>
    (serviceUrl ? state.byService[serviceUrl] : undefined) ?? noVoices;
