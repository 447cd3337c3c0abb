import { describe, expect, it } from 'vitest';
import { rowOffsets, scrollToReveal, virtualWindow } from './virtual-window.js';

describe('virtual window', () => {
  const even = rowOffsets(new Array<number>(2000).fill(100));

  it('renders the rows in view plus the overscan, clamped to the list', () => {
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 500, tops: even, overscan: 2 })).toEqual({
      first: 0,
      last: 7,
    });
    expect(virtualWindow({ scrollTop: 100_000, viewportHeight: 500, tops: even, overscan: 2 })).toEqual({
      first: 998,
      last: 1007,
    });
    expect(virtualWindow({ scrollTop: 199_600, viewportHeight: 500, tops: even, overscan: 2 })).toEqual({
      first: 1994,
      last: 1999,
    });
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 500, tops: rowOffsets([]) })).toEqual({
      first: 0,
      last: -1,
    });
  });

  it('finds rows of different heights by position', () => {
    // Rows 100, 300, 100, 500, 100 tall: tops 0, 100, 400, 500, 1000; the list is 1100 tall.
    const tops = rowOffsets([100, 300, 100, 500, 100]);
    expect([...tops]).toEqual([0, 100, 400, 500, 1000, 1100]);
    expect(virtualWindow({ scrollTop: 150, viewportHeight: 200, tops, overscan: 0 })).toEqual({
      first: 1,
      last: 1,
    });
    expect(virtualWindow({ scrollTop: 450, viewportHeight: 100, tops, overscan: 0 })).toEqual({
      first: 2,
      last: 3,
    });
    expect(virtualWindow({ scrollTop: 1050, viewportHeight: 500, tops, overscan: 1 })).toEqual({
      first: 3,
      last: 4,
    });
  });

  it('scrolls just enough to show a row, its top first when it is taller than the view, and not when in view', () => {
    const view = { scrollTop: 1000, viewportHeight: 500, tops: even };
    expect(scrollToReveal({ ...view, index: 12 })).toBeUndefined();
    expect(scrollToReveal({ ...view, index: 5 })).toBe(500);
    expect(scrollToReveal({ ...view, index: 20 })).toBe(1600);
    const tall = rowOffsets([100, 900, 100]);
    expect(scrollToReveal({ index: 1, scrollTop: 0, viewportHeight: 500, tops: tall })).toBe(100);
  });
});
