import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import type { StoreApi } from 'zustand';
import { useStore } from 'zustand';
import type { ConnectionStore } from '../bridge/connection-store.js';
import type { AppStores } from './app-stores.js';
import type { DocumentState } from './document-store.js';
import type { EditorUiState } from './editor-ui-store.js';
import type { WaveformState } from './waveform-store.js';
import type { ExportJobsState } from './export-jobs-store.js';
import type { GenerationState } from './generation-store.js';
import type { NavigationState } from './navigation-store.js';
import type { NoticeState } from './notice-store.js';
import type { ProjectsState } from './projects-store.js';
import type { SettingsState } from './settings-store.js';
import type { TimelineViewState } from './timeline-view-store.js';
import type { ServiceLibraryState } from './service-library-store.js';
import type { VideoSourceState } from './video-source-store.js';

/*
 * How components reach the window's stores: StoresProvider puts one AppStores in context, and each hook below
 * subscribes to one store with a selector (selectors live next to their store, outside components, so their
 * identity is stable). Code outside render (handlers, effects) reads the stores from useAppStores().
 */

const StoresContext = createContext<AppStores | null>(null);

export function StoresProvider({ stores, children }: { stores: AppStores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

export function useAppStores(): AppStores {
  const stores = useContext(StoresContext);
  if (stores === null)
    throw new Error('A component that needs the app’s stores is rendered outside StoresProvider.');
  return stores;
}

function useSlice<State, Slice>(
  pick: (stores: AppStores) => StoreApi<State>,
  selector: (state: State) => Slice,
) {
  return useStore(pick(useAppStores()), selector);
}

export const useConnectionStore = <T,>(selector: (state: ConnectionStore) => T): T =>
  useSlice((stores) => stores.connection, selector);
export const useDocumentStore = <T,>(selector: (state: DocumentState) => T): T =>
  useSlice((stores) => stores.document, selector);
export const useTimelineViewStore = <T,>(selector: (state: TimelineViewState) => T): T =>
  useSlice((stores) => stores.timelineView, selector);
export const useEditorUiStore = <T,>(selector: (state: EditorUiState) => T): T =>
  useSlice((stores) => stores.editorUi, selector);
export const useGenerationStore = <T,>(selector: (state: GenerationState) => T): T =>
  useSlice((stores) => stores.generation, selector);
export const useProjectsStore = <T,>(selector: (state: ProjectsState) => T): T =>
  useSlice((stores) => stores.projects, selector);
export const useServiceLibraryStore = <T,>(selector: (state: ServiceLibraryState) => T): T =>
  useSlice((stores) => stores.serviceLibrary, selector);
export const useNoticeStore = <T,>(selector: (state: NoticeState) => T): T =>
  useSlice((stores) => stores.notices, selector);
export const useNavigationStore = <T,>(selector: (state: NavigationState) => T): T =>
  useSlice((stores) => stores.navigation, selector);
export const useSettingsStore = <T,>(selector: (state: SettingsState) => T): T =>
  useSlice((stores) => stores.settings, selector);
export const useExportJobsStore = <T,>(selector: (state: ExportJobsState) => T): T =>
  useSlice((stores) => stores.exportJobs, selector);
export const useWaveformStore = <T,>(selector: (state: WaveformState) => T): T =>
  useSlice((stores) => stores.waveforms, selector);
export const useVideoSourceStore = <T,>(selector: (state: VideoSourceState) => T): T =>
  useSlice((stores) => stores.videoSource, selector);
