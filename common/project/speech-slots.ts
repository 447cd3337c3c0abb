import type { PlacedItem } from './timeline-layout.js';

/** Where a timed line may end, as the layout found it. */
export interface SpeechSlot {
  /** The end of the time the line may use: its cue's end, else the next timed line's start in its lane. */
  endMs: number | undefined;
  /** The furthest a dynamic line may run on: the next line's start in its lane (undefined: the project's end). */
  limitMs: number | undefined;
}

/** Two lines of one lane that sound at once: `blockId` runs into `nextBlockId` by `overlapMs`. */
export interface LaneConflict {
  blockId: string;
  nextBlockId: string;
  lane: number;
  overlapMs: number;
}

interface TimedStart {
  cueEndMs: number | undefined;
}

/**
 * Slots of timed speech and the overlaps within a lane. `items` are the speech track's placed items in block
 * order; `timing(index)` is the timing of the block at that index (undefined when it flows). Linear after a sort
 * of each lane by start, so a 1,500-cue dub lays out in well under a millisecond more than a book.
 */
export function speechSlots(
  items: readonly PlacedItem[],
  timing: (index: number) => TimedStart | undefined,
  projectEndMs: number | undefined,
): { slots: Map<string, SpeechSlot>; conflicts: LaneConflict[] } {
  const lanes = new Map<number, PlacedItem[]>();
  for (const item of items) {
    const lane = lanes.get(item.lane);
    if (lane) lane.push(item);
    else lanes.set(item.lane, [item]);
  }
  const slots = new Map<string, SpeechSlot>();
  const conflicts: LaneConflict[] = [];
  for (const [laneNumber, lane] of lanes) {
    const ordered = isSortedByStart(lane) ? lane : [...lane].sort(byStartThenIndex);
    conflicts.push(...laneConflicts(ordered, laneNumber));
    let nextTimedStart: number | undefined;
    for (let position = ordered.length - 1; position >= 0; position -= 1) {
      const item = ordered[position]!;
      const next = ordered[position + 1];
      const own = timing(item.index);
      if (own !== undefined) {
        slots.set(item.blockId, {
          endMs: own.cueEndMs ?? nextTimedStart ?? projectEndMs,
          limitMs: next?.startMs ?? projectEndMs,
        });
        nextTimedStart = item.startMs;
      }
    }
  }
  return { slots, conflicts };
}

/**
 * The overlaps of one lane (`ordered` by start): each line against the line before it and, when that is another
 * one, against the earlier line that reaches furthest. A long line over two short ones thus clashes with both,
 * though the short ones never touch each other. Linear: each line is checked against two at most.
 */
function laneConflicts(ordered: readonly PlacedItem[], lane: number): LaneConflict[] {
  const conflicts: LaneConflict[] = [];
  const clash = (earlier: PlacedItem, later: PlacedItem): void => {
    if (earlier.endMs <= later.startMs) return;
    conflicts.push({
      blockId: earlier.blockId,
      nextBlockId: later.blockId,
      lane,
      overlapMs: earlier.endMs - later.startMs,
    });
  };
  let furthest: PlacedItem | undefined;
  for (let position = 0; position < ordered.length; position += 1) {
    const item = ordered[position]!;
    const previous = ordered[position - 1];
    if (furthest !== undefined && furthest !== previous) clash(furthest, item);
    if (previous !== undefined) clash(previous, item);
    if (furthest === undefined || item.endMs > furthest.endMs) furthest = item;
  }
  return conflicts;
}

function isSortedByStart(items: readonly PlacedItem[]): boolean {
  for (let index = 1; index < items.length; index += 1) {
    if (items[index]!.startMs < items[index - 1]!.startMs) return false;
  }
  return true;
}

function byStartThenIndex(a: PlacedItem, b: PlacedItem): number {
  return a.startMs - b.startMs || a.index - b.index;
}
