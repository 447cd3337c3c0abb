import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { TimbreClient } from '../../common/ipc/api.js';
import type { LexiconRule } from '../../common/pronunciation/lexicon-schema.js';

/*
 * Each service's pronunciation lexicon, as main keeps it. The editor's block states, hashes and "as sent" text
 * are computed with it (through the send context), so it is loaded before a project of that service opens.
 */

export interface LexiconState {
  byService: Readonly<Record<string, readonly LexiconRule[]>>;
  /** Fetches a service's lexicon from main (again, so another window's change is picked up). */
  load(serviceUrl: string): Promise<readonly LexiconRule[]>;
  /** Replaces a service's lexicon in main, then here. */
  save(serviceUrl: string, rules: readonly LexiconRule[]): Promise<readonly LexiconRule[]>;
}

const NO_RULES: readonly LexiconRule[] = Object.freeze([]);

/** The lexicon of a service (none until loaded, or without a service). */
export const serviceRulesOf = (state: LexiconState, serviceUrl: string | undefined): readonly LexiconRule[] =>
  (serviceUrl === undefined ? undefined : state.byService[serviceUrl]) ?? NO_RULES;

export const createLexiconStore = (client: TimbreClient): StoreApi<LexiconState> =>
  createStore<LexiconState>()((set, get) => {
    const keep = (serviceUrl: string, rules: readonly LexiconRule[]): readonly LexiconRule[] => {
      // Unchanged rules keep their identity, so no block's memoised hash is recomputed for nothing: a service
      // without rules keeps the empty list the editor used before they were loaded (rehashing an audiobook's
      // blocks as it opens costs ~400 ms).
      const current = get().byService[serviceUrl] ?? NO_RULES;
      if (JSON.stringify(current) === JSON.stringify(rules)) return current;
      const frozen = Object.freeze([...rules]);
      set({ byService: { ...get().byService, [serviceUrl]: frozen } });
      return frozen;
    };
    return {
      byService: {},
      load: async (serviceUrl) => keep(serviceUrl, await client.invoke('lexicon.get', { serviceUrl })),
      save: async (serviceUrl, rules) =>
        keep(serviceUrl, await client.invoke('lexicon.set', { serviceUrl, rules: [...rules] })),
    };
  });
