/**
 * Where each row of a list of rows of different heights starts: `tops[i]` is row i's top, `tops[count]` the
 * list's height. Built once per list (a prefix sum), so finding rows by position is a binary search.
 */
export function rowOffsets(heights: ArrayLike<number>): Float64Array {
  const tops = new Float64Array(heights.length + 1);
  for (let index = 0; index < heights.length; index += 1) tops[index + 1] = tops[index]! + heights[index]!;
  return tops;
}

/** Rows laid out for one list of items: each item's height and each row's top (rowOffsets). */
export interface RowLayout<Item> {
  readonly items: readonly Item[];
  readonly heights: Float64Array;
  readonly tops: Float64Array;
}

/**
 * The rows of `items`, reusing `previous` where it can: items are immutable values, so an item that is the same
 * object keeps its height, and when no height changed the previous layout itself is answered (its `tops` stay the
 * same object, so what is memoised on them stays too). A keystroke in one block of an audiobook then looks up one
 * height instead of 10,000 and builds no new offsets unless the row grew or shrank (issue 16: ~1 ms a keystroke).
 */
function reuseRowLayout<Item extends object>(
  previous: RowLayout<Item> | undefined,
  items: readonly Item[],
  heightOf: (item: Item) => number,
): RowLayout<Item> {
  if (previous === undefined || previous.items.length !== items.length) {
    const heights = Float64Array.from(items, heightOf);
    return { items, heights, tops: rowOffsets(heights) };
  }
  if (previous.items === items) return previous;
  let heights: Float64Array | undefined;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index]!;
    if (item === previous.items[index]) continue;
    const height = heightOf(item);
    if (height === previous.heights[index]) continue;
    heights ??= previous.heights.slice();
    heights[index] = height;
  }
  if (heights === undefined) return { items, heights: previous.heights, tops: previous.tops };
  return { items, heights, tops: rowOffsets(heights) };
}

/** One list's last layout, kept by its view so the next render can reuse it (reuseRowLayout). */
export class RowLayouts<Item extends object> {
  private last: { widthKey: number; layout: RowLayout<Item> } | undefined;

  /** The rows of `items`; `widthKey` is what the heights depend on besides the items (the characters per line). */
  of(items: readonly Item[], widthKey: number, heightOf: (item: Item) => number): RowLayout<Item> {
    const previous = this.last?.widthKey === widthKey ? this.last.layout : undefined;
    const layout = reuseRowLayout(previous, items, heightOf);
    this.last = { widthKey, layout };
    return layout;
  }
}

/** The index of the row covering `position` (the last row for positions past the end). */
function rowAt(tops: Float64Array, position: number): number {
  let low = 0;
  let high = tops.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (tops[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Rows a viewport shows, plus `overscan` rows each side (so fast scrolls stay filled). */
export function virtualWindow(options: {
  scrollTop: number;
  viewportHeight: number;
  tops: Float64Array;
  overscan?: number;
}): { first: number; last: number } {
  const { scrollTop, viewportHeight, tops } = options;
  const overscan = options.overscan ?? 4;
  const count = tops.length - 1;
  if (count <= 0) return { first: 0, last: -1 };
  const first = Math.max(0, rowAt(tops, scrollTop) - overscan);
  const last = Math.min(count - 1, rowAt(tops, scrollTop + viewportHeight) + overscan);
  return { first, last };
}

/** The scrollTop that brings row `index` into view (its top, when it is taller than the viewport), or undefined. */
export function scrollToReveal(options: {
  index: number;
  scrollTop: number;
  viewportHeight: number;
  tops: Float64Array;
}): number | undefined {
  const { index, scrollTop, viewportHeight, tops } = options;
  const top = tops[index]!;
  const bottom = tops[index + 1]!;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, Math.min(top, bottom - viewportHeight));
  return undefined;
}
