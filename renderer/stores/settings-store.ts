import type { StoreApi } from 'zustand';
import type { CheckThresholds } from '../../common/audio/take-checks.js';
import { DEFAULT_CHECK_THRESHOLDS } from '../../common/audio/take-checks.js';
import { createStore } from 'zustand/vanilla';
import type { KeyBindings } from '../../common/commands/key-bindings.js';
import type { SettingsView } from '../../common/ipc/contract.js';
import type { GenerationSettings } from '../../common/settings/settings-schema.js';
import { DEFAULT_GENERATION_SETTINGS } from '../../common/settings/settings-schema.js';
import { DEFAULT_EXPLICIT_WORDS } from '../../common/export/explicit-words.js';

export interface SettingsState {
  view: SettingsView | null;
  setView(view: SettingsView): void;
}

/** Mirrors main's settings; main is the owner, this store only reflects what it sends. */
export const createSettingsStore = (): StoreApi<SettingsState> =>
  createStore<SettingsState>()((set) => ({
    view: null,
    setView: (view) => set({ view }),
  }));

export const selectSettingsView = (state: SettingsState): SettingsView | null => state.view;
export const selectCheckThresholds = (state: SettingsState): CheckThresholds =>
  state.view?.checks ?? DEFAULT_CHECK_THRESHOLDS;
export const selectTheme = (state: SettingsState): SettingsView['theme'] => state.view?.theme ?? 'system';
export const selectActiveService = (state: SettingsState) =>
  state.view?.services.find((service) => service.active) ?? null;
export const selectGenerationSettings = (state: SettingsState): GenerationSettings =>
  state.view?.generation ?? DEFAULT_GENERATION_SETTINGS;
// One empty object, so a window whose settings have not arrived answers the same value on every call.
const noKeyBindings: KeyBindings = {};
/** The keys the user gave commands in Settings (the defaults' changes only). */
export const selectKeyBindings = (state: SettingsState): KeyBindings =>
  state.view?.keyBindings ?? noKeyBindings;

/** The words a retail sample is checked for (the defaults until main's settings arrive). */
export const selectExplicitWords = (state: SettingsState): readonly string[] =>
  state.view?.explicitWords ?? DEFAULT_EXPLICIT_WORDS;
