import { msToPx, pxToMs } from '../timeline/timeline-geometry.js';

/*
 * The thumbnail strip's tiles: the timeline cut into tiles one thumbnail wide, at the timeline's zoom. Only the
 * tiles the viewport shows (and one screen either side) are asked for, so a 2-hour video at any zoom makes a
 * few dozen thumbnails, not thousands.
 */

export interface ThumbnailTile {
  /** The cache key: its zoom and its place at that zoom (the time bucket). */
  key: string;
  /** The frame it shows: the tile's start, kept inside the video. */
  timeMs: number;
  leftPx: number;
  widthPx: number;
}

export interface TileView {
  /** Pixels a second (the timeline's zoom). */
  zoom: number;
  /** The timeline's scroll position and width, in pixels. */
  viewLeftPx: number;
  viewWidthPx: number;
  durationMs: number;
  /** One thumbnail's width, in pixels. */
  tileWidthPx: number;
  /** The last frame's time (the video's length less a frame): a tile past it shows it. */
  lastFrameMs: number;
}

/** The tiles of the visible range and one viewport either side, in time order. */
export function visibleThumbnailTiles(view: TileView): ThumbnailTile[] {
  if (view.durationMs <= 0 || view.zoom <= 0 || view.tileWidthPx <= 0) return [];
  const videoWidthPx = msToPx(view.durationMs, view.zoom);
  const fromPx = Math.max(0, view.viewLeftPx - view.viewWidthPx);
  const toPx = Math.min(videoWidthPx, view.viewLeftPx + 2 * view.viewWidthPx);
  const zoomKey = view.zoom.toFixed(3);
  const tiles: ThumbnailTile[] = [];
  for (let index = Math.floor(fromPx / view.tileWidthPx); index * view.tileWidthPx < toPx; index += 1) {
    const leftPx = index * view.tileWidthPx;
    tiles.push({
      key: `${zoomKey}/${index}`,
      timeMs: Math.min(view.lastFrameMs, Math.round(pxToMs(leftPx, view.zoom))),
      leftPx,
      widthPx: Math.min(view.tileWidthPx, videoWidthPx - leftPx),
    });
  }
  return tiles;
}

/** The order to make tiles in: those in view first (what the user looks at), then either side (what a scroll shows next). */
export function tilesInMakingOrder(
  tiles: readonly ThumbnailTile[],
  viewLeftPx: number,
  viewWidthPx: number,
): ThumbnailTile[] {
  const inView = (tile: ThumbnailTile): boolean =>
    tile.leftPx + tile.widthPx > viewLeftPx && tile.leftPx < viewLeftPx + viewWidthPx;
  return [...tiles.filter(inView), ...tiles.filter((tile) => !inView(tile))];
}
