import { create } from 'zustand';

export const pages = ['projects', 'voices', 'tasks', 'exports', 'settings'] as const;
export type Page = (typeof pages)[number];

interface NavigationState {
  page: Page;
  goTo(page: Page): void;
}

export const useNavigationStore = create<NavigationState>()((set) => ({
  page: 'projects',
  goTo: (page) => set({ page }),
}));

export const selectPage = (state: NavigationState): Page => state.page;
export const selectGoTo = (state: NavigationState): NavigationState['goTo'] => state.goTo;
