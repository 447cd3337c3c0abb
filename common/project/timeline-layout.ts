import type { BlockDuration } from './duration-estimate.js';
import type { SendContext } from './send-context.js';
import { blockDuration } from './duration-estimate.js';
import { learnedPaceFactors, paceCorrected } from './learned-pace.js';
import type { Block, Project, TrackName } from './project-schema.js';

export interface PlacedItem extends BlockDuration {
  blockId: string;
  type: Block['type'];
  track: TrackName;
  /** Position within its track's block list (0-based). */
  index: number;
  startMs: number;
  endMs: number;
}

export interface TimelineLayout {
  speech: PlacedItem[];
  effects: PlacedItem[];
  music: PlacedItem[];
  /** End of the last sound on any track (a speech block's trailing pause does not extend the project). */
  totalMs: number;
  /** Whether any duration in the total is still an estimate. */
  estimated: boolean;
}

/**
 * Places every block in time. Speech blocks play one after another, each followed by its pause; sfx and music
 * blocks sit at their own start times (music may run under speech). A speech block without audio is estimated
 * at its voice's pace as learned from the project's generated blocks (learned-pace.ts). Pure and linear in the
 * number of blocks.
 */
export function layoutTimeline(project: Project, context: SendContext): TimelineLayout {
  const { tracks } = project;
  let cursor = 0;
  let speechEnd = 0;
  const found = tracks.speech.blocks.map((block) => blockDuration(block, context));
  // Estimates follow each voice's real pace once a few of its blocks have audio.
  const paces = learnedPaceFactors(tracks.speech.blocks, found, context);
  const speech = tracks.speech.blocks.map((block, index): PlacedItem => {
    const own = found[index]!;
    const duration =
      own.source === 'estimate'
        ? { durationMs: paceCorrected(block, own.durationMs, context, paces), source: own.source }
        : own;
    const item = place(block, 'speech', index, cursor, duration);
    speechEnd = item.endMs;
    cursor = item.endMs + block.pauseAfterMs;
    return item;
  });
  const effects = tracks.effects.blocks.map((block, index) =>
    place(block, 'effects', index, block.startMs, blockDuration(block, context)),
  );
  const music = tracks.music.blocks.map((block, index) =>
    place(block, 'music', index, block.startMs, blockDuration(block, context)),
  );
  const all = [...speech, ...effects, ...music];
  return {
    speech,
    effects,
    music,
    totalMs: Math.max(speechEnd, ...effects.map((item) => item.endMs), ...music.map((item) => item.endMs), 0),
    estimated: all.some((item) => item.source === 'estimate'),
  };
}

function place(
  block: Block,
  track: TrackName,
  index: number,
  startMs: number,
  duration: BlockDuration,
): PlacedItem {
  return {
    blockId: block.id,
    type: block.type,
    track,
    index,
    startMs,
    endMs: startMs + duration.durationMs,
    // Named rather than spread: items of one shape, made 10,000 times for an audiobook's first paint.
    durationMs: duration.durationMs,
    source: duration.source,
  };
}

/** The speech block playing (or pausing after) at `timeMs`, for a playhead; binary search over the layout. */
export function speechItemAt(layout: TimelineLayout, timeMs: number): PlacedItem | undefined {
  let low = 0;
  let high = layout.speech.length - 1;
  let found: PlacedItem | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const item = layout.speech[middle]!;
    if (item.startMs <= timeMs) {
      found = item;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
