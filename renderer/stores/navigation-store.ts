import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';

export const pages = ['projects', 'voices', 'tasks', 'exports', 'settings'] as const;
export type Page = (typeof pages)[number];

export interface NavigationState {
  page: Page;
  /** The welcome page's sign-in, opened again (Settings → Service, Generate without a service) over the page. */
  welcomeOpen: boolean;
  goTo(page: Page): void;
  openWelcome(): void;
  closeWelcome(): void;
}

export const createNavigationStore = (): StoreApi<NavigationState> =>
  createStore<NavigationState>()((set) => ({
    page: 'projects',
    welcomeOpen: false,
    goTo: (page) => set({ page }),
    openWelcome: () => set({ welcomeOpen: true }),
    closeWelcome: () => set({ welcomeOpen: false }),
  }));

export const selectPage = (state: NavigationState): Page => state.page;
export const selectGoTo = (state: NavigationState): NavigationState['goTo'] => state.goTo;
export const selectWelcomeOpen = (state: NavigationState): boolean => state.welcomeOpen;
