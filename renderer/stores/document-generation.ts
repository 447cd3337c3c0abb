import type { SegmentUpdate } from '../../common/generation/segment-updates.js';
import type { Project } from '../../common/project/project-schema.js';
import { sendContext } from '../../common/project/send-context.js';
import type { LexiconState } from './lexicon-store.js';
import { serviceRulesOf } from './lexicon-store.js';
import { applySegmentUpdates } from '../../common/generation/segment-updates.js';
import type { StoreApi } from 'zustand';
import type { DocumentState } from './document-store.js';

/**
 * Records generated audio (and failures) on the open document, and on every undo/redo step too: generation is
 * not an edit to undo, and undoing a typo must not make the block's audio look lost. Autosave picks it up like
 * any other change of the document.
 */
export function applyGenerationToDocument(
  stores: { document: StoreApi<DocumentState>; lexicons: StoreApi<LexiconState> },
  projectId: string,
  segments: readonly SegmentUpdate[],
): void {
  // Each history step is matched against its own cast and lexicon (an undone rule change had other hashes).
  const apply = (project: Project): Project =>
    applySegmentUpdates(
      project,
      sendContext(project, serviceRulesOf(stores.lexicons.getState(), project.serviceUrl)),
      segments,
    );
  stores.document.setState((state) => {
    const doc = state.doc;
    if (doc === null || doc.project.id !== projectId) return {};
    const project = apply(doc.project);
    const past = state.past.map((entry) => {
      const updated = apply(entry.project);
      return updated === entry.project ? entry : { ...entry, project: updated };
    });
    const future = state.future.map((entry) => {
      const updated = apply(entry.project);
      return updated === entry.project ? entry : { ...entry, project: updated };
    });
    return project === doc.project ? { past, future } : { doc: { ...doc, project }, past, future };
  });
}
