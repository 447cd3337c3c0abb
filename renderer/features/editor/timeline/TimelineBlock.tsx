import { memo } from 'react';
import { speakerIdOf } from '../../../../common/project/send-context.js';
import type { SendContext } from '../../../../common/project/send-context.js';
import { excerpt } from '../../../../common/project/block-guards.js';
import { CREDITS_TITLES, isCreditsBlock } from '../../../../common/project/credits-blocks.js';
import type { Block } from '../../../../common/project/project-schema.js';
import { describeProgress } from '../../../../common/generation/block-progress.js';
import type { BlockGeneration } from '../../../stores/generation-store.js';
import type { LoadedWaveform } from '../../../stores/waveform-store.js';
import { BLOCK_STATE_LABELS } from '../block-state/BlockStateBadge.js';
import { TakeWaveform } from '../waveform/TakeWaveform.js';

/** The block's inner height (34 px less its border): the waveform fills it behind the label. */
const WAVEFORM_HEIGHT = 32;

export interface TimelineBlockProps {
  block: Block;
  context: SendContext;
  /** Pixels from the timeline start. */
  left: number;
  width: number;
  /** The length is an estimate (no audio for the current content yet): drawn hatched with a dashed edge. */
  estimated: boolean;
  /** A timed speech line: dragged in time and across lanes rather than reordered. */
  timed?: boolean;
  selected: boolean;
  /** Preview offset while the block is dragged in time. */
  offsetPx: number;
  /** The block's generation state (selectBlockGeneration): its state and where it is on its way to audio. */
  generation: BlockGeneration;
  /** The playing take's waveform, once main has sent it. */
  waveform?: LoadedWaveform | undefined;
  /** What the take checks found, in words (empty when nothing). */
  flags?: readonly string[] | undefined;
  /** What the service would refuse in it, in words (empty when nothing). */
  problems?: readonly string[];
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
  context,
  left,
  width,
  estimated,
  timed = false,
  selected,
  offsetPx,
  generation,
  waveform,
  flags,
  problems,
}: TimelineBlockProps) {
  const flagged = flags !== undefined && flags.length > 0;
  const invalid = problems !== undefined && problems.length > 0;
  const { state, progress } = generation;
  const progressKind = progress.kind;
  const progressLabel = describeProgress(progress);
  const label = blockLabel(block);
  const speaker = block.type === 'text' ? context.speakers.get(speakerIdOf(block)) : undefined;
  const credits = isCreditsBlock(block) ? CREDITS_TITLES[block.credits] : undefined;
  const classes = [
    'timeline-block',
    `timeline-block-${block.type}`,
    `state-${state}`,
    estimated ? 'is-estimated' : '',
    timed ? 'is-timed' : '',
    selected ? 'is-selected' : '',
    block.locked ? 'is-locked' : '',
    progressKind === 'idle' ? '' : `progress-${progressKind}`,
    flagged ? 'is-flagged' : '',
    invalid ? 'is-invalid' : '',
    credits ? 'is-credits' : '',
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
      data-timed={timed ? 'true' : undefined}
      data-progress={progressKind}
      data-flagged={flagged ? 'true' : undefined}
      data-invalid={invalid ? 'true' : undefined}
      data-credits={isCreditsBlock(block) ? block.credits : undefined}
      aria-selected={selected}
      role="option"
      style={{
        left,
        width,
        transform: offsetPx === 0 ? undefined : `translateX(${offsetPx}px)`,
        borderTopColor: speaker?.colour,
      }}
      data-speaker={speaker?.name}
      title={`${credits ? `${credits}. ` : ''}${speaker ? `${speaker.name}: ` : ''}${label} — ${progressLabel || BLOCK_STATE_LABELS[state]}${estimated ? ', estimated length' : ''}${block.locked ? ', locked' : ''}${flagged ? `\nNeeds review: ${flags.join(' ')}` : ''}${invalid ? `\nCannot be generated: ${problems.join(' ')}` : ''}`}
    >
      {waveform && !estimated ? (
        <TakeWaveform waveform={waveform} width={width} height={WAVEFORM_HEIGHT} />
      ) : null}
      {credits ? <span className="timeline-block-credits">{credits}</span> : null}
      <span className="timeline-block-label">
        {invalid ? '⚠ ' : ''}
        {flagged ? '⚑ ' : ''}
        {block.locked ? '🔒 ' : ''}
        {label}
      </span>
    </div>
  );
});
