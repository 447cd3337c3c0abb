import type { PlacedItem } from '../../../../common/project/timeline-layout.js';

/* Pure geometry of the timeline: time ↔ pixels at a zoom, and which items a viewport shows. */

export function msToPx(ms: number, pixelsPerSecond: number): number {
  return (ms * pixelsPerSecond) / 1000;
}

export function pxToMs(px: number, pixelsPerSecond: number): number {
  return (px * 1000) / pixelsPerSecond;
}

/**
 * Speech items play one after another, so both their starts and their ends only grow: a binary search finds the
 * first item still sounding at `fromMs`, and the walk stops at the first one starting after `toMs`. Rendering a
 * viewport of a 2,000-block project then touches only the handful of items it shows.
 */
export function visibleSequenceItems(
  items: readonly PlacedItem[],
  fromMs: number,
  toMs: number,
): PlacedItem[] {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.endMs < fromMs) low = middle + 1;
    else high = middle;
  }
  const visible: PlacedItem[] = [];
  for (let index = low; index < items.length; index += 1) {
    const item = items[index]!;
    if (item.startMs > toMs) break;
    visible.push(item);
  }
  return visible;
}

/** Effects and music sit anywhere (and overlap), so they are filtered; there are few of them. */
export function visiblePlacedItems(items: readonly PlacedItem[], fromMs: number, toMs: number): PlacedItem[] {
  return items.filter((item) => item.endMs >= fromMs && item.startMs <= toMs);
}

/**
 * Where speech blocks dragged to `timeMs` land, as the index of the list without them (what moveBlocks takes):
 * after every remaining block whose middle lies before the pointer.
 */
export function speechDropIndex(
  items: readonly PlacedItem[],
  moving: ReadonlySet<string>,
  timeMs: number,
): number {
  let index = 0;
  for (const item of items) {
    if (moving.has(item.blockId)) continue;
    if ((item.startMs + item.endMs) / 2 < timeMs) index += 1;
    else break;
  }
  return index;
}

/** Where the drop marker of speechDropIndex is drawn: the start of the block it lands before, or the end. */
export function speechDropTimeMs(
  items: readonly PlacedItem[],
  moving: ReadonlySet<string>,
  dropIndex: number,
): number {
  const rest = items.filter((item) => !moving.has(item.blockId));
  const before = rest[dropIndex];
  if (before !== undefined) return before.startMs;
  return rest.at(-1)?.endMs ?? 0;
}

/** Ruler ticks: a step of "nice" seconds that keeps labels at least `minGapPx` apart. */
export function rulerStepMs(pixelsPerSecond: number, minGapPx = 80): number {
  const steps = [100, 250, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000];
  return steps.find((step) => msToPx(step, pixelsPerSecond) >= minGapPx) ?? 1_800_000;
}

/** The longest speech item of each layout's list, found once per layout (not per frame). */
const longestOf = new WeakMap<readonly PlacedItem[], number>();

function longestItemMs(items: readonly PlacedItem[]): number {
  let longest = longestOf.get(items);
  if (longest === undefined) {
    longest = 0;
    for (let index = 0; index < items.length; index += 1) {
      longest = Math.max(longest, items[index]!.endMs - items[index]!.startMs);
    }
    longestOf.set(items, longest);
  }
  return longest;
}

/**
 * Speech items a viewport shows, timed lines included. Flowing speech only: visibleSequenceItems. Timed lines in
 * several lanes start in order (timing-edits.ts keeps them so) but their ends do not, so the search finds the
 * first item that starts less than the longest item's length before `fromMs` and walks to `toMs`. Out of order
 * (two lines of one lane swapped by hand in a file), every item is tested: still linear, with no allocation
 * besides the answer.
 */
export function visibleSpeechItems(
  items: readonly PlacedItem[],
  layout: { speechInTimeOrder: boolean; slots: ReadonlyMap<string, unknown> },
  fromMs: number,
  toMs: number,
): PlacedItem[] {
  if (layout.slots.size === 0 && layout.speechInTimeOrder) return visibleSequenceItems(items, fromMs, toMs);
  if (!layout.speechInTimeOrder) return visiblePlacedItems(items, fromMs, toMs);
  const earliest = fromMs - longestItemMs(items);
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (items[middle]!.startMs < earliest) low = middle + 1;
    else high = middle;
  }
  const visible: PlacedItem[] = [];
  for (let index = low; index < items.length; index += 1) {
    const item = items[index]!;
    if (item.startMs > toMs) break;
    if (item.endMs >= fromMs) visible.push(item);
  }
  return visible;
}

/**
 * The speech line sounding at `ms` (what the script follows while the preview plays), or undefined in a pause.
 * Lines of several lanes may sound at once: the one that started last is the one just begun, so it is followed.
 */
export function speechItemAt(
  items: readonly PlacedItem[],
  layout: { speechInTimeOrder: boolean; slots: ReadonlyMap<string, unknown> },
  ms: number,
): PlacedItem | undefined {
  let latest: PlacedItem | undefined;
  for (const item of visibleSpeechItems(items, layout, ms, ms)) {
    if (item.startMs <= ms && ms < item.endMs && (latest === undefined || item.startMs >= latest.startMs)) {
      latest = item;
    }
  }
  return latest;
}

/**
 * The lane a pointer at `offsetY` (pixels below the speech track's top) drops a line into: the lane of the row it
 * is over; below the last row, the first lane not in use yet (a new row), while the project has one left.
 */
export function laneAtOffset(
  laneNumbers: readonly number[],
  offsetY: number,
  rowHeightPx: number,
  maxLanes: number,
): number {
  const row = Math.max(0, Math.floor(offsetY / rowHeightPx));
  if (row < laneNumbers.length) return laneNumbers[row]!;
  for (let lane = 0; lane < maxLanes; lane += 1) if (!laneNumbers.includes(lane)) return lane;
  return laneNumbers.at(-1) ?? 0;
}
