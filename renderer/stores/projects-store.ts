import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { OpenedProject, ProjectListEntry, RecentProject } from '../../common/project/library-views.js';

export interface ProjectsState {
  /** The project open in the editor; kept here so it stays open while the user visits other pages. */
  opened: OpenedProject | null;
  /** The projects folder as main last listed it (newest first); null until the first listing arrives. */
  entries: ProjectListEntry[] | null;
  recent: RecentProject[];
  /** The row the keyboard acts on (its file name). */
  selected: string | null;
  setOpened(opened: OpenedProject | null): void;
  setLibrary(entries: ProjectListEntry[], recent: RecentProject[]): void;
  select(fileName: string | null): void;
}

export const createProjectsStore = (): StoreApi<ProjectsState> =>
  createStore<ProjectsState>()((set) => ({
    opened: null,
    entries: null,
    recent: [],
    selected: null,
    setOpened: (opened) => set({ opened, ...(opened ? { selected: opened.fileName } : {}) }),
    setLibrary: (entries, recent) =>
      set((state) => ({
        entries,
        recent,
        // A selection whose file is gone (deleted, renamed elsewhere) would make Enter or Delete act on nothing.
        selected: entries.some((entry) => entry.fileName === state.selected) ? state.selected : null,
      })),
    select: (selected) => set({ selected }),
  }));

export const selectOpened = (state: ProjectsState): OpenedProject | null => state.opened;
export const selectEntries = (state: ProjectsState): ProjectListEntry[] | null => state.entries;
export const selectRecent = (state: ProjectsState): RecentProject[] => state.recent;
export const selectSelected = (state: ProjectsState): string | null => state.selected;
/** The list (or a project restored from the last session) is on screen: the start-up's one job is done. */
export const selectStartShown = (state: ProjectsState): boolean =>
  state.entries !== null || state.opened !== null;
