import type { BlockState } from '../../../common/project/block-state.js';

export const BLOCK_STATE_LABELS: Record<BlockState, string> = {
  'not-generated': 'Not generated',
  generated: 'Generated',
  stale: 'Changed since generated',
  failed: 'Generation failed',
};

/** A block's generation state, in words and colour. */
export function BlockStateBadge({ state }: { state: BlockState }) {
  return (
    <span className={`badge state-badge state-${state}`} data-testid="block-state" data-state={state}>
      {BLOCK_STATE_LABELS[state]}
    </span>
  );
}
