/** Rows of a fixed-height list that a viewport shows, plus `overscan` rows each side (so fast scrolls stay filled). */
export function virtualWindow(options: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  overscan?: number;
}): { first: number; last: number } {
  const { scrollTop, viewportHeight, rowHeight, count } = options;
  const overscan = options.overscan ?? 4;
  if (count === 0) return { first: 0, last: -1 };
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  return { first, last };
}

/** The scrollTop that brings row `index` fully into view, or undefined when it already is. */
export function scrollToReveal(options: {
  index: number;
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
}): number | undefined {
  const { index, scrollTop, viewportHeight, rowHeight } = options;
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + viewportHeight) return Math.max(0, top + rowHeight - viewportHeight);
  return undefined;
}
