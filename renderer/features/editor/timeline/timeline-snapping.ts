import type { PlacedItem, TimelineLayout } from '../../../../common/project/timeline-layout.js';

/* Pure snapping of a timed line dragged on the timeline: to cue edges, other blocks and the playhead. */

/** How near (in pixels) an edge must come to a target to snap to it. */
export const SNAP_PX = 8;

/**
 * The speech lines a drag of the `moving` timed lines carries along: those lines, and the flowing lines after each
 * of them up to the next timed line (they follow it in time: timeline-layout.ts). One walk, when a drag starts.
 */
export function carriedByDrag(speech: readonly PlacedItem[], moving: ReadonlySet<string>): Set<string> {
  const carried = new Set<string>();
  let following = false;
  for (const item of speech) {
    if (moving.has(item.blockId)) following = true;
    else if (item.timed) following = false;
    if (following) carried.add(item.blockId);
  }
  return carried;
}

/**
 * Every time a dragged line may snap to, sorted: each other speech line's start and end and its slot's end (a cue
 * edge), each effect's and music block's start and end, the playhead and 0. What moves with the drag is left out
 * (the `carried` lines, and a slot that ends where a moving line starts: it ends at that line, wherever it goes),
 * so no edge snaps to a place where nothing will be. Made once when a drag starts (a 1,500-cue dub gives about
 * 4,500 numbers), so a pointer move only searches it.
 */
export function snapTargets(
  layout: TimelineLayout,
  carried: ReadonlySet<string>,
  playheadMs: number,
): Float64Array {
  const times: number[] = [0, playheadMs];
  const movingStarts = new Set<number>();
  for (const item of layout.speech)
    if (item.timed && carried.has(item.blockId)) movingStarts.add(item.startMs);
  for (const item of layout.speech) {
    if (carried.has(item.blockId)) continue;
    times.push(item.startMs, item.endMs);
    const slotEnd = layout.slots.get(item.blockId)?.endMs;
    if (slotEnd !== undefined && !movingStarts.has(slotEnd)) times.push(slotEnd);
  }
  for (const item of layout.effects) times.push(item.startMs, item.endMs);
  for (const item of layout.music) times.push(item.startMs, item.endMs);
  return Float64Array.from(times).sort();
}

/** The target nearest `timeMs` (binary search), or undefined when there is none. */
function nearest(targets: Float64Array, timeMs: number): number | undefined {
  if (targets.length === 0) return undefined;
  let low = 0;
  let high = targets.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (targets[middle]! < timeMs) low = middle + 1;
    else high = middle;
  }
  const after = targets[Math.min(low, targets.length - 1)]!;
  const before = targets[Math.max(low - 1, 0)]!;
  return Math.abs(after - timeMs) < Math.abs(before - timeMs) ? after : before;
}

export interface SnappedStart {
  startMs: number;
  /** Where the edge that snapped lies (the snap line to draw), or undefined when nothing was near enough. */
  snapMs: number | undefined;
}

/**
 * Where a dragged line starts once snapped: whichever of its edges (its start, and each of `edgeOffsetsMs` after
 * it: its end, its own cue end) comes nearest a target within `thresholdMs` is put on it. Never before 0.
 */
export function snapStart(
  startMs: number,
  edgeOffsetsMs: readonly number[],
  targets: Float64Array,
  thresholdMs: number,
): SnappedStart {
  let best: SnappedStart = { startMs: Math.max(0, startMs), snapMs: undefined };
  let bestDistance = thresholdMs;
  for (const offset of [0, ...edgeOffsetsMs]) {
    const edge = startMs + offset;
    const target = nearest(targets, edge);
    if (target === undefined) continue;
    const distance = Math.abs(target - edge);
    if (distance <= bestDistance && target - offset >= 0) {
      bestDistance = distance;
      best = { startMs: target - offset, snapMs: target };
    }
  }
  return best;
}
