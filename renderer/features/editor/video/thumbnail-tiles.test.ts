import { describe, expect, it } from 'vitest';
import type { TileView } from './thumbnail-tiles.js';
import { tilesInMakingOrder, visibleThumbnailTiles } from './thumbnail-tiles.js';

const view: TileView = {
  zoom: 40,
  viewLeftPx: 4_000,
  viewWidthPx: 1_000,
  durationMs: 2 * 3_600_000,
  tileWidthPx: 64,
  lastFrameMs: 2 * 3_600_000 - 40,
};

describe('visibleThumbnailTiles', () => {
  it('cuts only the visible range and one viewport either side into tiles, each showing its start', () => {
    const tiles = visibleThumbnailTiles(view);
    expect(tiles[0]).toEqual({ key: '40.000/46', timeMs: 73_600, leftPx: 2_944, widthPx: 64 });
    // The view is 4,000–5,000 px: tiles from 3,000 px to 6,000 px.
    expect(tiles.at(-1)!.leftPx).toBeLessThan(6_000);
    expect(tiles.at(-1)!.leftPx + 64).toBeGreaterThanOrEqual(6_000);
    // A 2-hour video at 40 px/s is 288,000 px wide: only what is near the view is asked for.
    expect(tiles.length).toBe(48);
  });

  it('keys tiles by zoom and place, so another zoom asks for new thumbnails and a scroll reuses them', () => {
    const scrolled = visibleThumbnailTiles({ ...view, viewLeftPx: 4_064 });
    expect(scrolled[0]!.key).toBe('40.000/47');
    expect(visibleThumbnailTiles(view).map((tile) => tile.key)).toContain(scrolled[0]!.key);
    const zoomed = visibleThumbnailTiles({ ...view, zoom: 80 });
    expect(zoomed[0]!.key).toBe('80.000/46');
    expect(zoomed[0]!.timeMs).toBe(36_800);
  });

  it('stops at the video’s end, the last tile narrower and showing the last frame', () => {
    const tiles = visibleThumbnailTiles({ ...view, durationMs: 10_000, lastFrameMs: 9_960, viewLeftPx: 0 });
    expect(tiles.at(-1)).toEqual({ key: '40.000/6', timeMs: 9_600, leftPx: 384, widthPx: 16 });
    expect(visibleThumbnailTiles({ ...view, durationMs: 0 })).toEqual([]);
  });
});

describe('tilesInMakingOrder', () => {
  it('makes the tiles in view first, then those either side', () => {
    const tiles = visibleThumbnailTiles(view);
    const ordered = tilesInMakingOrder(tiles, view.viewLeftPx, view.viewWidthPx);
    expect(ordered).toHaveLength(tiles.length);
    expect(ordered[0]!.leftPx).toBe(3_968);
    const firstOutside = ordered.findIndex(
      (tile) => tile.leftPx + tile.widthPx <= 4_000 || tile.leftPx >= 5_000,
    );
    expect(
      ordered
        .slice(firstOutside)
        .every((tile) => tile.leftPx + tile.widthPx <= 4_000 || tile.leftPx >= 5_000),
    ).toBe(true);
  });
});
