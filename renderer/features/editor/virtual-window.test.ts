import { describe, expect, it } from 'vitest';
import { scrollToReveal, virtualWindow } from './virtual-window.js';

describe('virtual window', () => {
  it('renders the rows in view plus the overscan, clamped to the list', () => {
    expect(
      virtualWindow({ scrollTop: 0, viewportHeight: 500, rowHeight: 100, count: 2000, overscan: 2 }),
    ).toEqual({
      first: 0,
      last: 7,
    });
    expect(
      virtualWindow({ scrollTop: 100_000, viewportHeight: 500, rowHeight: 100, count: 2000, overscan: 2 }),
    ).toEqual({ first: 998, last: 1007 });
    expect(
      virtualWindow({ scrollTop: 199_600, viewportHeight: 500, rowHeight: 100, count: 2000, overscan: 2 }),
    ).toEqual({ first: 1994, last: 1999 });
    expect(virtualWindow({ scrollTop: 0, viewportHeight: 500, rowHeight: 100, count: 0 })).toEqual({
      first: 0,
      last: -1,
    });
  });

  it('scrolls just enough to show a row, and not at all when it is in view', () => {
    const view = { scrollTop: 1000, viewportHeight: 500, rowHeight: 100 };
    expect(scrollToReveal({ ...view, index: 12 })).toBeUndefined();
    expect(scrollToReveal({ ...view, index: 5 })).toBe(500);
    expect(scrollToReveal({ ...view, index: 20 })).toBe(1600);
  });
});
