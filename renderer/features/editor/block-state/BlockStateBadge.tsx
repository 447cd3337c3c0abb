import type { BlockState } from '../../../../common/project/block-state.js';

export const BLOCK_STATE_LABELS: Record<BlockState, string> = {
  'not-generated': 'Not generated',
  generated: 'Generated',
  stale: 'Changed since generated',
  failed: 'Generation failed',
};

/**
 * A block's generation state, in words and colour. `outcomeUnknown`: its task's answer was lost (blockProgress
 * says 'outcome-unknown'); nothing says it failed, and the service may have made and charged it, so it is not
 * called "Generation failed" (issue 37).
 */
export function BlockStateBadge({
  state,
  outcomeUnknown = false,
}: {
  state: BlockState;
  outcomeUnknown?: boolean;
}) {
  return (
    <span
      className={`badge state-badge state-${state}`}
      data-testid="block-state"
      data-state={outcomeUnknown ? 'outcome-unknown' : state}
      title={
        outcomeUnknown
          ? 'The app cannot tell whether the service received its task, which may have been charged: see the Tasks page'
          : undefined
      }
    >
      {outcomeUnknown ? 'Outcome unknown' : BLOCK_STATE_LABELS[state]}
    </span>
  );
}
