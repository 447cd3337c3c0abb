import { useEffect } from 'react';
import { allBlocks, contentHash } from '../../../common/project/index.js';
import { applyGenerationToDocument } from '../../stores/document-generation.js';
import { useAppStores } from '../../stores/stores-context.js';

/**
 * When a project opens (or is linked to a service), asks main what it has for the project's contents: audio
 * generated while the project was closed, jobs still running, failures. Offline it quietly does nothing: the
 * document keeps what it last saved.
 */
export function useGenerationLookup(projectId: string | undefined, serviceUrl: string | undefined): void {
  const stores = useAppStores();
  useEffect(() => {
    if (projectId === undefined || serviceUrl === undefined) return;
    const project = stores.document.getState().doc?.project;
    if (!project) return;
    const hashes = [...new Set(allBlocks(project).map((block) => contentHash(block, project.defaults)))];
    let cancelled = false;
    stores.client
      .invoke('generation.lookup', { serviceUrl, contentHashes: hashes })
      .then((segments) => {
        if (cancelled) return;
        stores.generation.getState().receive(segments);
        applyGenerationToDocument(stores.document, projectId, segments);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [projectId, serviceUrl, stores]);
}
