import { memo } from 'react';
import { excerpt } from '../../../common/project/block-guards.js';
import { blockState } from '../../../common/project/block-state.js';
import type { Block, ProjectDefaults } from '../../../common/project/project-schema.js';
import type { BlockProgress } from '../../../common/generation/block-progress.js';
import { BLOCK_STATE_LABELS } from './BlockStateBadge.js';

export interface TimelineBlockProps {
  block: Block;
  defaults: ProjectDefaults;
  /** Pixels from the timeline start. */
  left: number;
  width: number;
  /** The length is an estimate (no audio for the current content yet): drawn hatched with a dashed edge. */
  estimated: boolean;
  selected: boolean;
  /** Preview offset while the block is dragged in time. */
  offsetPx: number;
  /** Where the block is on its way to audio ('idle' when nothing is happening to it), and that in words. */
  progressKind: BlockProgress['kind'];
  progressLabel: string;
}

function blockLabel(block: Block): string {
  switch (block.type) {
    case 'text':
    case 'sfx':
    case 'music':
      return excerpt(block.text, 80) || (block.type === 'text' ? '(empty)' : '(no description)');
    case 'audio':
    case 'scene':
    case 'custom_audio':
    case 'stem_separation':
      return `${block.type} (read-only)`;
    default: {
      const exhaustive: never = block;
      throw new Error(`Unknown block ${String(exhaustive)}`);
    }
  }
}

/**
 * One block on the timeline. Memoised on its block object (blocks are immutable values), so a keystroke in one
 * block re-renders that block only.
 */
export const TimelineBlock = memo(function TimelineBlock({
  block,
  defaults,
  left,
  width,
  estimated,
  selected,
  offsetPx,
  progressKind,
  progressLabel,
}: TimelineBlockProps) {
  const state = blockState(block, defaults);
  const label = blockLabel(block);
  const classes = [
    'timeline-block',
    `timeline-block-${block.type}`,
    `state-${state}`,
    estimated ? 'is-estimated' : '',
    selected ? 'is-selected' : '',
    block.locked ? 'is-locked' : '',
    progressKind === 'idle' ? '' : `progress-${progressKind}`,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={classes}
      data-testid="timeline-block"
      data-block-id={block.id}
      data-type={block.type}
      data-state={state}
      data-estimated={estimated ? 'true' : 'false'}
      data-progress={progressKind}
      aria-selected={selected}
      role="option"
      style={{
        left,
        width,
        transform: offsetPx === 0 ? undefined : `translateX(${offsetPx}px)`,
      }}
      title={`${label} — ${progressLabel || BLOCK_STATE_LABELS[state]}${estimated ? ', estimated length' : ''}${block.locked ? ', locked' : ''}`}
    >
      <span className="timeline-block-label">
        {block.locked ? '🔒 ' : ''}
        {label}
      </span>
    </div>
  );
});
