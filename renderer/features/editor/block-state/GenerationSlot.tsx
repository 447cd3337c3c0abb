import { useState } from 'react';
import { OUTCOME_UNKNOWN_CODE } from '../../../../common/jobs/job-status.js';
import type { BlockState } from '../../../../common/project/block-state.js';
import type { Block } from '../../../../common/project/project-schema.js';
import { RequestId } from '../../../components/RequestId.js';
import { generationActions } from '../../../stores/generation-actions.js';
import { selectProject } from '../../../stores/document-store.js';
import { errorData } from '../../../stores/notice-store.js';
import { BlockStateBadge } from './BlockStateBadge.js';
import { useAppStores, useDocumentStore } from '../../../stores/stores-context.js';

/** Failures whose audio the service still has: fetched again, never paid for again. */
const FETCHABLE_FAILURES = new Set(['AUDIO_DOWNLOAD_FAILED', 'AUDIO_UNREADABLE']);

/**
 * Where a block's generation lives: its state now; the Generate and Play buttons of the generation issue go here.
 * Without a reachable service it says so instead of offering what cannot work.
 */
export function GenerationSlot({
  block,
  state,
  unavailableReason,
}: {
  block: Block;
  state: BlockState;
  unavailableReason: string | null;
}) {
  const stores = useAppStores();
  const generation = block.generation;
  const project = useDocumentStore(selectProject);
  const [fetching, setFetching] = useState(false);
  const [fetchError, setFetchError] = useState<string | null>(null);
  const fetchAgain = async (contentHash: string): Promise<void> => {
    if (!project?.serviceUrl) return;
    setFetching(true);
    setFetchError(null);
    try {
      await generationActions(stores).fetchAgain(project, contentHash);
    } catch (caught) {
      setFetchError(errorData(caught).message);
    } finally {
      setFetching(false);
    }
  };
  return (
    <div className="generation-slot" data-testid="generation-slot">
      <BlockStateBadge
        state={state}
        outcomeUnknown={
          state === 'failed' && generation.kind === 'failed' && generation.error.code === OUTCOME_UNKNOWN_CODE
        }
      />
      {state === 'failed' && generation.kind === 'failed' ? (
        <div className="field-error" data-testid="generation-error">
          {generation.error.message}
          {generation.error.requestId === undefined ? null : (
            <RequestId requestId={generation.error.requestId} />
          )}
          {FETCHABLE_FAILURES.has(generation.error.code) ? (
            <button
              type="button"
              data-testid="fetch-audio-again"
              disabled={fetching}
              onClick={() => void fetchAgain(generation.contentHash)}
            >
              {fetching ? 'Fetching…' : 'Fetch audio again'}
            </button>
          ) : null}
          {fetchError === null ? null : <span data-testid="fetch-audio-error">{fetchError}</span>}
        </div>
      ) : null}
      {state === 'generated' && generation.kind === 'generated' ? (
        <span className="hint">{(generation.audio.durationMs / 1000).toFixed(1)} s of audio</span>
      ) : null}
      {unavailableReason === null ? null : (
        <p className="hint" data-testid="service-unavailable">
          {unavailableReason}
        </p>
      )}
    </div>
  );
}
