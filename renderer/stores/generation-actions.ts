import type { StoreApi } from 'zustand';
import type { SegmentUpdate } from '../../common/generation/segment-updates.js';
import { applySegmentUpdates } from '../../common/generation/segment-updates.js';
import type { TimbreClient } from '../../common/ipc/api.js';
import type { Project } from '../../common/project/project-schema.js';
import { findBlock } from '../../common/project/index.js';
import { contextIn } from '../shared/send-context.js';
import type { PlayableTake } from './generation-store.js';
import { blockGenerationOf } from './generation-store.js';
import type { DocumentState } from './document-store.js';
import type { GenerationState } from './generation-store.js';
import type { ServiceLibraryState } from './service-library-store.js';

/** The stores generation reads and changes (a part of AppStores, so tests can pass just these). */
export interface GenerationStores {
  client: TimbreClient;
  document: StoreApi<DocumentState>;
  generation: StoreApi<GenerationState>;
  serviceLibrary: StoreApi<ServiceLibraryState>;
}

/**
 * What handlers do with a block's generation, in one place: record what main reports (on the generation store,
 * and as takes on the document and its undo steps), fetch audio again, find what a block plays.
 */
export function generationActions(stores: GenerationStores) {
  /** Main's report on a project's segments (generation.updated, a lookup, a refetch). */
  const receive = (projectId: string, segments: readonly SegmentUpdate[]): void => {
    stores.generation.getState().receive(segments);
    recordOnDocument(stores, projectId, segments);
  };
  return {
    receive,
    /** Fetches again audio the service still has for a failed download; never sends (or pays for) it again. */
    async fetchAgain(project: Project, contentHash: string): Promise<void> {
      if (!project.serviceUrl) return;
      const segments = await stores.client.invoke('generation.refetch', {
        serviceUrl: project.serviceUrl,
        contentHashes: [contentHash],
      });
      receive(project.id, segments);
    },
    /** The take the open document's block plays and where its audio is; null when it cannot play yet. */
    playableOf(blockId: string): PlayableTake | null {
      const project = stores.document.getState().doc?.project;
      const block = project ? findBlock(project, blockId)?.block : undefined;
      if (project === undefined || block === undefined) return null;
      return blockGenerationOf(stores.generation.getState(), block, contextIn(stores, project)).playable;
    },
  };
}

/**
 * Records generated audio (new takes) and failures on the open document, and on every undo and redo step too.
 * Takes are project data (main saves them in the file) and the history keeps whole projects, so the audio must be
 * in whichever step the user goes back to: generation is not an edit to undo, and undoing a typo must not lose
 * audio. Recording it when it arrives (rather than when a step is restored) keeps a take the user deleted after
 * it arrived from coming back on redo. Autosave picks it up like any other change of the document.
 */
function recordOnDocument(stores: GenerationStores, projectId: string, segments: readonly SegmentUpdate[]) {
  // Each history step is matched against its own cast and lexicon (an undone rule change had other hashes).
  const apply = (project: Project): Project =>
    applySegmentUpdates(project, contextIn(stores, project), segments);
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
