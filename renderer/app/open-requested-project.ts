import { timbre } from '../bridge/timbre-client.js';
import { selectIsDirty, useDocumentStore } from '../stores/document-store.js';
import { useNavigationStore } from '../stores/navigation-store.js';
import { useNoticeStore } from '../stores/notice-store.js';
import { useProjectsStore } from '../stores/projects-store.js';

/**
 * The OS asked to open a project file (double-click, second launch, command line). The open project's unsaved
 * edits are written first, then the file opens in the editor; a damaged or newer file is explained, never opened.
 */
export async function openRequestedProject(filePath: string): Promise<void> {
  const notices = useNoticeStore.getState();
  try {
    const documents = useDocumentStore.getState();
    if (documents.doc !== null && selectIsDirty(documents)) {
      const { fileName, project } = documents.doc;
      const { savedAt } = await timbre().invoke('projects.save', { fileName, project });
      useDocumentStore.getState().markSaved(project, savedAt);
    }
    const opened = await timbre().invoke('projects.openPath', { path: filePath });
    useNavigationStore.getState().goTo('projects');
    if (!opened.ok) {
      notices.showError(new Error(`${opened.fileName}: ${opened.message}`));
      return;
    }
    const { ok: _ok, ...project } = opened;
    useProjectsStore.getState().setOpened(project);
  } catch (error) {
    notices.showError(error);
  }
}
