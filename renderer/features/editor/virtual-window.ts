/**
 * Where each row of a list of rows of different heights starts: `tops[i]` is row i's top, `tops[count]` the
 * list's height. Built once per list (a prefix sum), so finding rows by position is a binary search.
 */
export function rowOffsets(heights: ArrayLike<number>): Float64Array {
  const tops = new Float64Array(heights.length + 1);
  for (let index = 0; index < heights.length; index += 1) tops[index + 1] = tops[index]! + heights[index]!;
  return tops;
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
