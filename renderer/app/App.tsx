import { Suspense, useEffect, useState } from 'react';
import { CommandPalette } from '../commands/CommandPalette.js';
import { useShortcutLabel } from '../commands/shortcuts.js';
import { useAppCommands } from '../commands/use-app-commands.js';
import { useListener } from '../shared/listeners.js';
import { ConnectionBanner } from '../components/ConnectionBanner.js';
import { Toasts } from '../components/Toasts.js';
import { ProjectsPage } from '../features/projects/ProjectsPage.js';
import { ReportProblemHost } from '../features/settings/ReportProblemHost.js';
import { ExportsPage, SettingsPage, TasksPage, VoicesPage, WelcomePage, preloadPages } from './lazy-pages.js';
import type { Page } from '../stores/navigation-store.js';
import { pages, selectGoTo, selectPage, selectWelcomeOpen } from '../stores/navigation-store.js';
import { selectStartShown } from '../stores/projects-store.js';
import { selectTheme } from '../stores/settings-store.js';
import { useMainEvents } from './use-main-events.js';
import { rememberSession, restoreSession } from './last-session.js';
import {
  useAppStores,
  useNavigationStore,
  useProjectsStore,
  useSettingsStore,
} from '../stores/stores-context.js';

const pageLabels: Record<Page, string> = {
  projects: 'Projects',
  voices: 'Voices',
  tasks: 'Tasks',
  exports: 'Exports',
  settings: 'Settings',
};

function keepFileDrops(event: DragEvent): void {
  if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
}

function PageContent({ page }: { page: Page }) {
  switch (page) {
    case 'projects':
      return <ProjectsPage />;
    case 'voices':
      return <VoicesPage />;
    case 'tasks':
      return <TasksPage />;
    case 'exports':
      return <ExportsPage />;
    case 'settings':
      return <SettingsPage />;
    default: {
      const exhaustive: never = page;
      throw new Error(`Unknown page ${String(exhaustive)}`);
    }
  }
}

export function App() {
  const stores = useAppStores();
  useMainEvents(stores);
  const page = useNavigationStore(selectPage);
  const goTo = useNavigationStore(selectGoTo);
  const welcomeOpen = useNavigationStore(selectWelcomeOpen);
  // No service and no "Start without signing in" yet (main decides): an installed app's first run.
  const firstRun = useSettingsStore((state) => state.view?.showWelcome === true);
  const theme = useSettingsStore(selectTheme);
  const shortcutLabel = useShortcutLabel();

  useEffect(() => {
    // Back to the project (and block) the user was in before a reload or a restart.
    const storage = window.localStorage;
    void restoreSession(stores, storage);
    return rememberSession(stores, storage);
  }, [stores]);

  useEffect(() => {
    // "system" leaves the attribute off so the CSS follows the OS through prefers-color-scheme.
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);

  // The other pages' code is fetched only a moment after the list is shown: fetched and parsed earlier, it
  // competed with the list's rows and first search for a two-core machine's time.
  const startShown = useProjectsStore(selectStartShown);
  useEffect(() => (startShown ? preloadPages() : undefined), [startShown]);
  // A file dropped anywhere but a drop zone would otherwise make the window open it, leaving the app (and any
  // unsaved form) behind. Drop zones handle their own events first; this only stops the browser default.
  useListener(window, 'dragover', keepFileDrops);
  useListener(window, 'drop', keepFileDrops);

  // Every key, menu item and palette entry runs through the command registry (renderer/commands).
  const [paletteOpen, setPaletteOpen] = useState(false);
  useAppCommands(() => setPaletteOpen((open) => !open));

  if (firstRun || welcomeOpen) {
    return (
      <>
        <Suspense fallback={null}>
          <WelcomePage firstRun={firstRun} />
        </Suspense>
        <Toasts />
        {/* Help → Report a Problem works on the welcome page too: sign-in trouble is when it is needed most. */}
        <ReportProblemHost />
      </>
    );
  }
  return (
    <div className="app-shell">
      <nav className="side-nav" aria-label="Main">
        <div className="brand">Timbre Studio</div>
        <ul>
          {pages.map((target) => (
            <li key={target}>
              <button
                type="button"
                data-testid={`nav-${target}`}
                aria-current={page === target ? 'page' : undefined}
                title={`${pageLabels[target]} (${shortcutLabel(`go-${target}`)})`}
                onClick={() => {
                  // On the Projects page with a project open, "Projects" goes back to the list (the editor saves
                  // first); from another page it returns to where the user was.
                  if (
                    target === 'projects' &&
                    page === 'projects' &&
                    stores.projects.getState().opened !== null
                  ) {
                    stores.editorUi.getState().requestClose();
                  } else goTo(target);
                }}
              >
                {pageLabels[target]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="page" data-testid={`page-${page}`}>
        <ConnectionBanner />
        {/* Pages other than Projects load their code when first shown (lazy-pages.tsx). */}
        <Suspense fallback={null}>
          <PageContent page={page} />
        </Suspense>
      </main>
      <Toasts />
      {paletteOpen ? <CommandPalette onClose={() => setPaletteOpen(false)} /> : null}
      <ReportProblemHost />
    </div>
  );
}
