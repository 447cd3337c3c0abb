import { Suspense, useEffect } from 'react';
import { splitComponent } from '../../shared/split-component.js';
import { PRELOAD_AFTER_START_MS, whenIdleAfter } from '../../shared/when-idle.js';
import { selectOpened, selectStartShown } from '../../stores/projects-store.js';
import { closeEditor } from './project-actions.js';
import { importDialog } from './LibraryDialogView.js';
import { ProjectLibrary } from './ProjectLibrary.js';
import './projects.css';
import { useAppStores, useProjectsStore } from '../../stores/stores-context.js';

/**
 * The editor's code is split out of the first load (it is most of the app's code, and the app starts on the
 * list): fetched when a project first opens, or while the browser is idle a moment after the list is shown
 * (with the import dialog's).
 */
const editor = splitComponent(() =>
  import('../editor/ProjectEditor.js').then((module) => module.ProjectEditor),
);
const ProjectEditor = editor.Component;

/**
 * The Projects page: the open project's editor, or the project list when none is open. Which project is open
 * lives in the projects store, so switching to another page and back (Ctrl+1…4) returns to the same project.
 */
export function ProjectsPage() {
  const stores = useAppStores();
  const opened = useProjectsStore(selectOpened);
  const startShown = useProjectsStore(selectStartShown);
  useEffect(
    () =>
      startShown
        ? whenIdleAfter(PRELOAD_AFTER_START_MS, () => {
            for (const split of [editor, importDialog]) split.preload().catch(() => undefined);
          })
        : undefined,
    [startShown],
  );
  if (opened)
    return (
      <Suspense fallback={null}>
        <ProjectEditor key={opened.fileName} opened={opened} onClose={() => closeEditor(stores)} />
      </Suspense>
    );
  return <ProjectLibrary />;
}
