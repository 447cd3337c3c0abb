import { lazy } from 'react';
import { PRELOAD_AFTER_START_MS, whenIdleAfter } from '../shared/when-idle.js';

/*
 * The pages the project list does not show, split out of the first load (Vite makes each dynamic import a chunk
 * of its own): the app starts on the project list, and parsing the editor's, the voices', the tasks', the
 * exports' and the settings' code before it could be shown cost the start-up. Each is fetched from the app's own
 * files (disk in Electron, 127.0.0.1 in the browser shell) when first shown, and all of them while the app is idle
 * a moment after the list is on screen (preloadPages), so opening one later does not wait for its code.
 */

const loaders = {
  voices: () => import('../features/voices/VoicesPage.js'),
  tasks: () => import('../features/tasks/TasksPage.js'),
  exports: () => import('../features/export/ExportsPage.js'),
  settings: () => import('../features/settings/SettingsPage.js'),
  welcome: () => import('../features/settings/WelcomePage.js'),
};

export const VoicesPage = lazy(() => loaders.voices().then((module) => ({ default: module.VoicesPage })));
export const TasksPage = lazy(() => loaders.tasks().then((module) => ({ default: module.TasksPage })));
export const ExportsPage = lazy(() => loaders.exports().then((module) => ({ default: module.ExportsPage })));
export const SettingsPage = lazy(() =>
  loaders.settings().then((module) => ({ default: module.SettingsPage })),
);
export const WelcomePage = lazy(() => loaders.welcome().then((module) => ({ default: module.WelcomePage })));

/**
 * Loads every page's code, once the browser is idle a moment after the list is shown (a failed load is tried
 * again when the page is shown).
 */
export function preloadPages(): () => void {
  return whenIdleAfter(PRELOAD_AFTER_START_MS, () => {
    for (const load of Object.values(loaders)) load().catch(() => undefined);
  });
}
