import type { BlockDuration } from './duration-estimate.js';
import type { SendContext } from './send-context.js';
import { blockDuration } from './duration-estimate.js';
import { learnedPaceFactors, paceCorrected } from './learned-pace.js';
import type { Block, Project, TrackName } from './project-schema.js';
import type { LaneConflict, SpeechSlot } from './speech-slots.js';
import { speechSlots } from './speech-slots.js';
import { slotStretches, stretchedMs } from '../timing/stretch.js';

export interface PlacedItem extends BlockDuration {
  blockId: string;
  type: Block['type'];
  track: TrackName;
  /** Position within its track's block list (0-based). */
  index: number;
  startMs: number;
  endMs: number;
  /** The speech lane it sounds in (0 for flowing speech, effects and music). */
  lane: number;
  /** Whether it starts at its own time (a timed speech block, an effect, music) rather than following. */
  timed: boolean;
  /**
   * Set on a timed line whose take is sped up (keeping its pitch) to fit its slot: the tempo factor, > 1. Its
   * `durationMs` is then the stretched length, as it plays and exports (common/timing/stretch.ts).
   */
  stretch?: number;
}

export interface TimelineLayout {
  speech: PlacedItem[];
  effects: PlacedItem[];
  music: PlacedItem[];
  /** End of the last sound on any track, or the reference video's end when that is later. */
  totalMs: number;
  /** Timed speech blocks' slots, by block id. */
  slots: ReadonlyMap<string, SpeechSlot>;
  /** Lines of one lane that overlap, in the order they play. */
  conflicts: readonly LaneConflict[];
  /** Whether speech items start in block order (so a playhead can binary-search them). */
  speechInTimeOrder: boolean;
  /** Whether any duration in the total is still an estimate. */
  estimated: boolean;
}

/**
 * Places every block in time. Flowing speech blocks play one after another, each followed by its pause; a timed
 * speech block starts at its own time in its lane, and the flowing blocks after it follow it. Sfx and music
 * blocks sit at their own start times (music may run under speech). A speech block without audio is estimated
 * at its voice's pace as learned from the project's generated blocks (learned-pace.ts). Pure and linear in the
 * number of blocks.
 */
export function layoutTimeline(project: Project, context: SendContext): TimelineLayout {
  const { tracks } = project;
  let speechEnd = 0;
  const found = tracks.speech.blocks.map((block) => blockDuration(block, context));
  // Estimates follow each voice's real pace once a few of its blocks have audio.
  const paces = learnedPaceFactors(tracks.speech.blocks, found, context);
  const placeSpeech = (stretches?: ReadonlyMap<number, number>): PlacedItem[] => {
    let cursor = 0;
    speechEnd = 0;
    return tracks.speech.blocks.map((block, index): PlacedItem => {
      const own = found[index]!;
      const duration =
        own.source === 'estimate'
          ? { durationMs: paceCorrected(block, own.durationMs, context, paces), source: own.source }
          : own;
      const timing = block.type === 'text' ? block.timing : undefined;
      const stretch = stretches?.get(index);
      const played =
        stretch === undefined
          ? duration
          : { ...duration, durationMs: stretchedMs(duration.durationMs, stretch) };
      const item =
        timing === undefined
          ? place(block, 'speech', index, cursor, played, 0, false)
          : place(block, 'speech', index, timing.startMs, played, timing.lane, true);
      if (stretch !== undefined) item.stretch = stretch;
      speechEnd = Math.max(speechEnd, item.endMs);
      cursor = item.endMs + block.pauseAfterMs;
      return item;
    });
  };
  let speech = placeSpeech();
  const effects = tracks.effects.blocks.map((block, index) =>
    place(block, 'effects', index, block.startMs, blockDuration(block, context)),
  );
  const music = tracks.music.blocks.map((block, index) =>
    place(block, 'music', index, block.startMs, blockDuration(block, context)),
  );
  const videoEndMs = project.video?.durationMs;
  const timed = hasTimedSpeech(tracks.speech.blocks);
  const slotsOf = (items: readonly PlacedItem[]) =>
    timed
      ? speechSlots(items, (index) => timingAt(tracks.speech.blocks[index]), videoEndMs)
      : { slots: NO_SLOTS, conflicts: [] };
  let { slots, conflicts } = slotsOf(speech);
  // A slot's end never depends on a line's length (a cue's end, a timed start, the video's end), so one pass of
  // stretched lengths is final; the flowing lines after a stretched one, and the lanes' overlaps, follow it.
  const stretches = timed ? slotStretches(tracks.speech.blocks, speech, slots) : undefined;
  if (stretches !== undefined && stretches.size > 0) {
    speech = placeSpeech(stretches);
    ({ slots, conflicts } = slotsOf(speech));
  }
  const all = [...speech, ...effects, ...music];
  return {
    speech,
    effects,
    music,
    totalMs: Math.max(
      speechEnd,
      ...effects.map((item) => item.endMs),
      ...music.map((item) => item.endMs),
      videoEndMs ?? 0,
    ),
    estimated: all.some((item) => item.source === 'estimate'),
    slots,
    conflicts,
    speechInTimeOrder: isInTimeOrder(speech),
  };
}

const NO_SLOTS: ReadonlyMap<string, SpeechSlot> = new Map();

function hasTimedSpeech(blocks: readonly Block[]): boolean {
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index]!;
    if (block.type === 'text' && block.timing !== undefined) return true;
  }
  return false;
}

function timingAt(block: Block | undefined): { cueEndMs: number | undefined } | undefined {
  if (block?.type !== 'text' || block.timing === undefined) return undefined;
  return { cueEndMs: block.timing.cueEndMs };
}

function isInTimeOrder(items: readonly PlacedItem[]): boolean {
  for (let index = 1; index < items.length; index += 1) {
    if (items[index]!.startMs < items[index - 1]!.startMs) return false;
  }
  return true;
}

function place(
  block: Block,
  track: TrackName,
  index: number,
  startMs: number,
  duration: BlockDuration,
  lane = 0,
  timed = track !== 'speech',
): PlacedItem {
  return {
    blockId: block.id,
    type: block.type,
    track,
    index,
    startMs,
    endMs: startMs + duration.durationMs,
    lane,
    timed,
    // Named rather than spread: items of one shape, made 10,000 times for an audiobook's first paint.
    durationMs: duration.durationMs,
    source: duration.source,
  };
}

/**
 * The speech block playing (or pausing after) at `timeMs`, for a playhead: a binary search over the layout while
 * speech is in time order, else the latest-starting line that has begun.
 */
export function speechItemAt(layout: TimelineLayout, timeMs: number): PlacedItem | undefined {
  if (!layout.speechInTimeOrder) {
    let latest: PlacedItem | undefined;
    for (const item of layout.speech) {
      if (item.startMs <= timeMs && (latest === undefined || item.startMs >= latest.startMs)) latest = item;
    }
    return latest;
  }
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
