import type { SegmentUpdate } from '../../common/generation/segment-updates.js';
import { applySegmentUpdates } from '../../common/generation/segment-updates.js';
import type { StoreApi } from 'zustand';
import type { DocumentState } from './document-store.js';

/**
 * Records generated audio (and failures) on the open document, and on every undo/redo step too: generation is
 * not an edit to undo, and undoing a typo must not make the block's audio look lost. Autosave picks it up like
 * any other change of the document.
 */
export function applyGenerationToDocument(
  document: StoreApi<DocumentState>,
  projectId: string,
  segments: readonly SegmentUpdate[],
): void {
  document.setState((state) => {
    const doc = state.doc;
    if (doc === null || doc.project.id !== projectId) return {};
    const project = applySegmentUpdates(doc.project, segments);
    const past = state.past.map((entry) => {
      const updated = applySegmentUpdates(entry.project, segments);
      return updated === entry.project ? entry : { ...entry, project: updated };
    });
    const future = state.future.map((entry) => {
      const updated = applySegmentUpdates(entry.project, segments);
      return updated === entry.project ? entry : { ...entry, project: updated };
    });
    return project === doc.project ? { past, future } : { doc: { ...doc, project }, past, future };
  });
}
