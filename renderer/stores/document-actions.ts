import type { StoreApi } from 'zustand';
import type { Project } from '../../common/project/project-schema.js';
import type { DocumentState, EditOptions } from './document-store.js';
import type { NoticeState } from './notice-store.js';

/** The stores an edit reads and reports to (a part of AppStores). */
interface EditStores {
  document: StoreApi<DocumentState>;
  notices: StoreApi<NoticeState>;
}

/**
 * Applies an edit to the open document as one undo step, and shows a refused edit (a ProjectEditError naming the
 * rule) as a notice: the one way a handler changes the project. Answers whether it was applied.
 */
export function editDocument(
  stores: EditStores,
  edit: (project: Project) => Project,
  options: EditOptions,
): boolean {
  const result = stores.document.getState().apply(edit, options);
  if (!result.ok) stores.notices.getState().showError(result.error);
  return result.ok;
}
