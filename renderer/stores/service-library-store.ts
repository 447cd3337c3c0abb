import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { TimbreClient } from '../../common/ipc/api.js';
import type { LexiconRule } from '../../common/pronunciation/lexicon-schema.js';
import type { VoiceView } from '../../common/voices/voice-view.js';

/*
 * What each service offers the editor, per service URL, as main keeps it: its voice library (what blocks may be
 * voiced with and the styles each voice has) and its pronunciation lexicon. Block states, hashes, "as sent" text
 * and the style checks are computed with them (through the send context), so a project's service's lexicon is
 * loaded before the project opens.
 */

export interface ServiceLibraryState {
  /** The voice library per service URL, as main last sent it. */
  voices: Readonly<Record<string, VoiceView[]>>;
  /** The pronunciation lexicon per service URL. */
  lexicons: Readonly<Record<string, readonly LexiconRule[]>>;
  setVoices(serviceUrl: string, voices: VoiceView[]): void;
  /** Fetches a service's lexicon from main (again, so another window's change is picked up). */
  loadLexicon(serviceUrl: string): Promise<readonly LexiconRule[]>;
  /** Replaces a service's lexicon in main, then here. */
  saveLexicon(serviceUrl: string, rules: readonly LexiconRule[]): Promise<readonly LexiconRule[]>;
}

const NO_RULES: readonly LexiconRule[] = Object.freeze([]);
const NO_VOICES: VoiceView[] = [];

/** The lexicon of a service (none until loaded, or without a service). */
export const serviceRulesOf = (
  state: ServiceLibraryState,
  serviceUrl: string | undefined,
): readonly LexiconRule[] => (serviceUrl === undefined ? undefined : state.lexicons[serviceUrl]) ?? NO_RULES;

/** The voice library of a service (empty until main sent it, or without a service). */
export const selectVoicesOf =
  (serviceUrl: string | undefined) =>
  (state: ServiceLibraryState): VoiceView[] =>
    (serviceUrl ? state.voices[serviceUrl] : undefined) ?? NO_VOICES;

export const createServiceLibraryStore = (client: TimbreClient): StoreApi<ServiceLibraryState> =>
  createStore<ServiceLibraryState>()((set, get) => {
    const keep = (serviceUrl: string, rules: readonly LexiconRule[]): readonly LexiconRule[] => {
      // Unchanged rules keep their identity, so no block's memoised hash is recomputed for nothing: a service
      // without rules keeps the empty list the editor used before they were loaded (rehashing an audiobook's
      // blocks as it opens costs ~400 ms).
      const current = get().lexicons[serviceUrl] ?? NO_RULES;
      if (JSON.stringify(current) === JSON.stringify(rules)) return current;
      const frozen = Object.freeze([...rules]);
      set({ lexicons: { ...get().lexicons, [serviceUrl]: frozen } });
      return frozen;
    };
    return {
      voices: {},
      lexicons: {},
      setVoices: (serviceUrl, voices) =>
        set((state) => ({ voices: { ...state.voices, [serviceUrl]: voices } })),
      loadLexicon: async (serviceUrl) => keep(serviceUrl, await client.invoke('lexicon.get', { serviceUrl })),
      saveLexicon: async (serviceUrl, rules) =>
        keep(serviceUrl, await client.invoke('lexicon.set', { serviceUrl, rules: [...rules] })),
    };
  });
