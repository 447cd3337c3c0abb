import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { OpenedProject, ProjectListEntry, RecentProject } from '../../common/project/library-views.js';
import type { ProjectSort } from '../features/projects/project-order.js';

export interface ProjectsState {
  /** The project open in the editor; kept here so it stays open while the user visits other pages. */
  opened: OpenedProject | null;
  /** The projects folder as main last listed it (newest first); null until the first listing arrives. */
  entries: ProjectListEntry[] | null;
  recent: RecentProject[];
  /** The row the keyboard acts on (its file name). */
  selected: string | null;
  /**
   * The list's search and order, kept here (not in the list) so a project opened from a search or a sort comes
   * back to the same list when its editor closes, or when the user returns from another page.
   */
  search: string;
  sort: ProjectSort;
  setOpened(opened: OpenedProject | null): void;
  setLibrary(entries: ProjectListEntry[], recent: RecentProject[]): void;
  select(fileName: string | null): void;
  /** A rename main has made: shown at once, before the list is read again. */
  retitle(fileName: string, title: string): void;
  setSearch(search: string): void;
  setSort(sort: ProjectSort): void;
}

export const createProjectsStore = (): StoreApi<ProjectsState> =>
  createStore<ProjectsState>()((set) => ({
    opened: null,
    entries: null,
    recent: [],
    selected: null,
    search: '',
    sort: 'modified',
    setOpened: (opened) => set({ opened, ...(opened ? { selected: opened.fileName } : {}) }),
    setLibrary: (entries, recent) =>
      set((state) => ({
        entries,
        recent,
        // A selection whose file is gone (deleted, renamed elsewhere) would make Enter or Delete act on nothing.
        selected: entries.some((entry) => entry.fileName === state.selected) ? state.selected : null,
      })),
    select: (selected) => set({ selected }),
    retitle: (fileName, title) =>
      set((state) => ({
        entries:
          state.entries?.map((entry) =>
            entry.ok && entry.fileName === fileName ? { ...entry, title } : entry,
          ) ?? null,
        recent: state.recent.map((entry) => (entry.fileName === fileName ? { ...entry, title } : entry)),
      })),
    setSearch: (search) => set({ search }),
    setSort: (sort) => set({ sort }),
  }));

export const selectOpened = (state: ProjectsState): OpenedProject | null => state.opened;
export const selectEntries = (state: ProjectsState): ProjectListEntry[] | null => state.entries;
export const selectRecent = (state: ProjectsState): RecentProject[] => state.recent;
export const selectSelected = (state: ProjectsState): string | null => state.selected;
export const selectSearch = (state: ProjectsState): string => state.search;
export const selectSort = (state: ProjectsState): ProjectSort => state.sort;
/** The list (or a project restored from the last session) is on screen: the start-up's one job is done. */
export const selectStartShown = (state: ProjectsState): boolean =>
  state.entries !== null || state.opened !== null;
