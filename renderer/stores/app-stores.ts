import type { StoreApi } from 'zustand';
import type { TimbreClient } from '../../common/ipc/api.js';
import type { ConnectionStore } from '../bridge/connection-store.js';
import { createConnectionStore } from '../bridge/connection-store.js';
import { createDocumentStore } from './document-store.js';
import type { DocumentState } from './document-store.js';
import { createEditorUiStore, dropPendingOnProjectChange } from './editor-ui-store.js';
import type { EditorUiState } from './editor-ui-store.js';
import { createExportJobsStore } from './export-jobs-store.js';
import type { ExportJobsState } from './export-jobs-store.js';
import { createGenerationStore } from './generation-store.js';
import type { GenerationState } from './generation-store.js';
import { createNavigationStore } from './navigation-store.js';
import type { NavigationState } from './navigation-store.js';
import { createNoticeStore } from './notice-store.js';
import type { NoticeState } from './notice-store.js';
import { createProjectsStore } from './projects-store.js';
import type { ProjectsState } from './projects-store.js';
import { createSettingsStore } from './settings-store.js';
import type { SettingsState } from './settings-store.js';
import { createTimelineViewStore } from './timeline-view-store.js';
import type { TimelineViewState } from './timeline-view-store.js';
import { createWaveformStore } from './waveform-store.js';
import type { WaveformState } from './waveform-store.js';
import { createServiceLibraryStore } from './service-library-store.js';
import type { ServiceLibraryState } from './service-library-store.js';
import { createProjectFollower } from './project-follower.js';
import { createVideoSourceStore } from './video-source-store.js';
import type { VideoSourceState } from './video-source-store.js';
import type { ProjectFollower } from './project-follower.js';

/**
 * Everything one window of the app holds: its client of main and its stores, split by concern. Made by
 * createAppStores and handed down through React context (StoresProvider), so a test builds its own set around a
 * fake bridge instead of resetting globals, and two sets never share state.
 */
export interface AppStores {
  client: TimbreClient;
  connection: StoreApi<ConnectionStore>;
  document: StoreApi<DocumentState>;
  timelineView: StoreApi<TimelineViewState>;
  editorUi: StoreApi<EditorUiState>;
  /** Main's jobs and what they produce: content on its way, take media, the watched run. */
  generation: StoreApi<GenerationState>;
  projects: StoreApi<ProjectsState>;
  notices: StoreApi<NoticeState>;
  navigation: StoreApi<NavigationState>;
  settings: StoreApi<SettingsState>;
  /** Every export main runs: the dialog's, and its export queue's (batches, generate-then-export). */
  exportJobs: StoreApi<ExportJobsState>;
  waveforms: StoreApi<WaveformState>;
  /** Each service's voice library and pronunciation lexicon. */
  serviceLibrary: StoreApi<ServiceLibraryState>;
  /** The open project as the views that summarise all of it show it (project-follower.ts). */
  followed: ProjectFollower;
  /** Where the open project's reference video plays from, or why it cannot. */
  videoSource: StoreApi<VideoSourceState>;
}

export interface AppStoresOptions {
  /** The connection store the bridge reports to (the browser shell's bridge is made before the stores). */
  connection?: StoreApi<ConnectionStore>;
}

export function createAppStores(client: TimbreClient, options: AppStoresOptions = {}): AppStores {
  const document = createDocumentStore();
  const editorUi = createEditorUiStore();
  dropPendingOnProjectChange(document, editorUi);
  return {
    client,
    connection: options.connection ?? createConnectionStore(),
    document,
    timelineView: createTimelineViewStore(),
    editorUi,
    generation: createGenerationStore(),
    projects: createProjectsStore(),
    notices: createNoticeStore(),
    navigation: createNavigationStore(),
    settings: createSettingsStore(),
    exportJobs: createExportJobsStore(),
    waveforms: createWaveformStore(client),
    serviceLibrary: createServiceLibraryStore(client),
    followed: createProjectFollower(document),
    videoSource: createVideoSourceStore(client),
  };
}
