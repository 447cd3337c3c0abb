import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';

export const pages = ['projects', 'voices', 'tasks', 'exports', 'settings'] as const;
export type Page = (typeof pages)[number];

export interface NavigationState {
  page: Page;
  goTo(page: Page): void;
}

export const createNavigationStore = (): StoreApi<NavigationState> =>
  createStore<NavigationState>()((set) => ({
    page: 'projects',
    goTo: (page) => set({ page }),
  }));

export const selectPage = (state: NavigationState): Page => state.page;
export const selectGoTo = (state: NavigationState): NavigationState['goTo'] => state.goTo;
