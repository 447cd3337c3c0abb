import { selectOpened } from '../../stores/projects-store.js';
import { ProjectEditor } from '../editor/ProjectEditor.js';
import { closeEditor } from './project-actions.js';
import { ProjectLibrary } from './ProjectLibrary.js';
import './projects.css';
import { useAppStores, useProjectsStore } from '../../stores/stores-context.js';

/**
 * The Projects page: the open project's editor, or the project list when none is open. Which project is open
 * lives in the projects store, so switching to another page and back (Ctrl+1…4) returns to the same project.
 */
export function ProjectsPage() {
  const stores = useAppStores();
  const opened = useProjectsStore(selectOpened);
  if (opened)
    return <ProjectEditor key={opened.fileName} opened={opened} onClose={() => closeEditor(stores)} />;
  return <ProjectLibrary />;
}
