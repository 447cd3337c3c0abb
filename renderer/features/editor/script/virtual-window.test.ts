import { describe, expect, it, vi } from 'vitest';
import { RowLayouts, rowOffsets, scrollToReveal, virtualWindow } from './virtual-window.js';

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

describe('RowLayouts', () => {
  const rows = (heights: number[]) => heights.map((height) => ({ height }));

  it('looks up only the rows that are new objects, and keeps the offsets while no height changes', () => {
    const layouts = new RowLayouts<{ height: number }>();
    const heightOf = vi.fn((row: { height: number }) => row.height);
    const items = rows([100, 120, 100, 140]);
    const first = layouts.of(items, 60, heightOf);
    expect([...first.tops]).toEqual([0, 100, 220, 320, 460]);
    expect(heightOf).toHaveBeenCalledTimes(4);

    // One row edited, its height the same: the same offsets object, one lookup.
    heightOf.mockClear();
    const edited = items.map((row, index) => (index === 2 ? { height: 100 } : row));
    const second = layouts.of(edited, 60, heightOf);
    expect(heightOf).toHaveBeenCalledTimes(1);
    expect(second.tops).toBe(first.tops);

    // The row grew a line: the rows after it move down.
    const grown = edited.map((row, index) => (index === 1 ? { height: 139 } : row));
    const third = layouts.of(grown, 60, heightOf);
    expect([...third.tops]).toEqual([0, 100, 239, 339, 479]);
    expect([...second.tops]).toEqual([0, 100, 220, 320, 460]);
  });

  it('lays out every row again when the list changes length or the width changes', () => {
    const layouts = new RowLayouts<{ height: number }>();
    const heightOf = vi.fn((row: { height: number }) => row.height);
    const items = rows([100, 100]);
    layouts.of(items, 60, heightOf);
    heightOf.mockClear();
    expect([...layouts.of([...items, { height: 50 }], 60, heightOf).tops]).toEqual([0, 100, 200, 250]);
    expect(heightOf).toHaveBeenCalledTimes(3);
    heightOf.mockClear();
    const doubled = (row: { height: number }) => row.height * 2;
    expect([...layouts.of(items, 40, doubled).tops]).toEqual([0, 200, 400]);
  });
});
