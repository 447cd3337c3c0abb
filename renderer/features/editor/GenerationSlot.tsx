import type { BlockState } from '../../../common/project/block-state.js';
import type { Block } from '../../../common/project/project-schema.js';
import { RequestId } from '../../components/RequestId.js';
import { BlockStateBadge } from './BlockStateBadge.js';

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
  const generation = block.generation;
  return (
    <div className="generation-slot" data-testid="generation-slot">
      <BlockStateBadge state={state} />
      {state === 'failed' && generation.kind === 'failed' ? (
        <div className="field-error" data-testid="generation-error">
          {generation.error.message}
          {generation.error.requestId === undefined ? null : (
            <RequestId requestId={generation.error.requestId} />
          )}
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
