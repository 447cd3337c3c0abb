import { useEffect } from 'react';
import { contextIn } from '../../shared/send-context.js';
import { allBlocks, takesOf } from '../../../common/project/index.js';
import { generationActions } from '../../stores/generation-actions.js';
import { useAppStores } from '../../stores/stores-context.js';
import { contentHashesInSlices } from '../../shared/hash-in-slices.js';

/**
 * When a project opens (or is linked to a service), asks main what it has for the project's contents: audio
 * generated while the project was closed, jobs still running, failures. Offline it quietly does nothing: the
 * document keeps what it last saved.
 */
/** Cache keys main accepts: content hashes and take keys (older files may hold other keys; they are skipped). */
const CACHE_KEY = /^[0-9a-f]{64}$/u;

export function useGenerationLookup(projectId: string | undefined, serviceUrl: string | undefined): void {
  const stores = useAppStores();
  useEffect(() => {
    if (projectId === undefined || serviceUrl === undefined) return;
    const project = stores.document.getState().doc?.project;
    if (!project) return;
    // The takes kept in the file, to listen to and to preview: where their audio plays, if it is still here.
    const takeKeys = [
      ...new Set(allBlocks(project).flatMap((block) => takesOf(block).map((take) => take.cacheKey))),
    ].filter((key) => CACHE_KEY.test(key));
    let cancelled = false;
    if (takeKeys.length > 0) {
      stores.client
        .invoke('generation.media', { serviceUrl, cacheKeys: takeKeys })
        .then((media) => {
          if (!cancelled) stores.generation.getState().receiveMedia(media);
        })
        .catch(() => undefined);
    }
    // The service's lexicon is part of every hash: it is loaded (or refreshed) before asking for them.
    void stores.serviceLibrary
      .getState()
      .loadLexicon(serviceUrl)
      .catch(() => undefined)
      .then(async () => {
        const current = stores.document.getState().doc?.project ?? project;
        const context = contextIn(stores, current);
        // In slices: an audiobook's hashes take longer than a frame, and the editor is already open for typing.
        const hashes = await contentHashesInSlices(allBlocks(current), context, () => cancelled);
        if (hashes === null) return null;
        return stores.client.invoke('generation.lookup', { serviceUrl, contentHashes: [...new Set(hashes)] });
      })
      .then((segments) => {
        if (cancelled || segments === null) return;
        generationActions(stores).receive(projectId, segments);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [projectId, serviceUrl, stores]);
}
