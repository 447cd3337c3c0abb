import { splitComponent } from '../shared/split-component.js';
import { PRELOAD_AFTER_START_MS, whenIdleAfter } from '../shared/when-idle.js';

/*
 * The pages the project list does not show, split out of the first load (Vite makes each dynamic import a chunk
 * of its own): the app starts on the project list, and parsing the editor's, the voices', the tasks', the
 * exports' and the settings' code before it could be shown cost the start-up. Each is fetched from the app's own
 * files (disk in Electron, 127.0.0.1 in the browser shell) when first shown, and all of them while the app is idle
 * a moment after the list is on screen (preloadPages), so opening one later does not wait for its code.
 */

const pages = {
  voices: splitComponent(() =>
    import('../features/voices/VoicesPage.js').then((module) => module.VoicesPage),
  ),
  tasks: splitComponent(() => import('../features/tasks/TasksPage.js').then((module) => module.TasksPage)),
  exports: splitComponent(() =>
    import('../features/export/ExportsPage.js').then((module) => module.ExportsPage),
  ),
  settings: splitComponent(() =>
    import('../features/settings/SettingsPage.js').then((module) => module.SettingsPage),
  ),
  welcome: splitComponent(() =>
    import('../features/settings/WelcomePage.js').then((module) => module.WelcomePage),
  ),
};

export const VoicesPage = pages.voices.Component;
export const TasksPage = pages.tasks.Component;
export const ExportsPage = pages.exports.Component;
export const SettingsPage = pages.settings.Component;
export const WelcomePage = pages.welcome.Component;

/**
 * Loads every page's code, once the browser is idle a moment after the list is shown (a failed load is tried
 * again when the page is shown).
 */
export function preloadPages(): () => void {
  return whenIdleAfter(PRELOAD_AFTER_START_MS, () => {
    for (const page of Object.values(pages)) page.preload().catch(() => undefined);
  });
}
