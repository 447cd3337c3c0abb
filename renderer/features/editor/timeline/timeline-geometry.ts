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
