import type { AppStores } from '../stores/app-stores.js';
import { selectIsDirty } from '../stores/document-store.js';

/**
 * The OS asked to open a project file (double-click, second launch, command line). The open project's unsaved
 * edits are written first, then the file opens in the editor; a damaged or newer file is explained, never opened.
 */
export async function openRequestedProject(stores: AppStores, filePath: string): Promise<void> {
  const notices = stores.notices.getState();
  try {
    // The last keystroke's typing, held for its frame to paint, is part of what is written.
    stores.document.getState().commitHeldEdits();
    const documents = stores.document.getState();
    if (documents.doc !== null && selectIsDirty(documents)) {
      const { fileName, project } = documents.doc;
      const { savedAt } = await stores.client.invoke('projects.save', { fileName, project });
      stores.document.getState().markSaved(project, savedAt);
    }
    const opened = await stores.client.invoke('projects.openPath', { path: filePath });
    stores.navigation.getState().goTo('projects');
    if (!opened.ok) {
      notices.showError(new Error(`${opened.fileName}: ${opened.message}`));
      return;
    }
    const { ok: _ok, ...project } = opened;
    stores.projects.getState().setOpened(project);
  } catch (error) {
    notices.showError(error);
  }
}
