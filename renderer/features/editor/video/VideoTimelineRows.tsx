import { useEffect, useRef, useState } from 'react';
import type { ReferenceVideo } from '../../../../common/project/timing-schema.js';
import type { PlacedItem } from '../../../../common/project/timeline-layout.js';
import type { DocumentState } from '../../../stores/document-store.js';
import { selectVideoUrl } from '../../../stores/video-source-store.js';
import { selectZoom } from '../../../stores/timeline-view-store.js';
import {
  useDocumentStore,
  useTimelineViewStore,
  useVideoSourceStore,
} from '../../../stores/stores-context.js';
import { msToPx, pxToMs } from '../timeline/timeline-geometry.js';
import { ThumbnailMaker } from './thumbnail-maker.js';
import { tilesInMakingOrder, visibleThumbnailTiles } from './thumbnail-tiles.js';
import { frameMs } from './video-clock.js';
import { describeOriginalAudio } from './original-audio.js';

/** The strip's height, in pixels (a thumbnail's width follows the video's shape). */
const STRIP_HEIGHT_PX = 36;

const NOTHING_MADE: ReadonlyMap<string, string> = new Map();

const selectVideo = (state: DocumentState): ReferenceVideo | undefined => state.doc?.project.video;

/** The labels of the video's rows, in the timeline's label column. */
export function VideoTimelineLabels() {
  const video = useDocumentStore(selectVideo);
  if (video === undefined) return null;
  return (
    <>
      <div className="timeline-label timeline-label-video">Picture</div>
      {video.originalAudio === undefined ? null : (
        <div className="timeline-label timeline-label-video">Original</div>
      )}
    </>
  );
}

/**
 * The video's rows along the timeline: its thumbnails at the timeline's zoom and scroll, and its original sound
 * with where it is lowered under speech.
 */
export function VideoTimelineRows({
  viewport,
  speech,
}: {
  viewport: { left: number; width: number };
  speech: readonly PlacedItem[];
}) {
  const video = useDocumentStore(selectVideo);
  const zoom = useTimelineViewStore(selectZoom);
  const url = useVideoSourceStore(selectVideoUrl);
  if (video === undefined) return null;
  const widthPx = msToPx(video.durationMs, zoom);
  return (
    <>
      {/* A new file starts a new strip: thumbnails are kept by place, not by file. */}
      <ThumbnailStrip key={url ?? ''} url={url} video={video} zoom={zoom} viewport={viewport} />
      {video.originalAudio === undefined ? null : (
        <div className="timeline-track timeline-track-original" data-testid="original-audio-row">
          <div
            className={`original-audio-bar${video.originalAudio.muted ? ' original-audio-muted' : ''}`}
            style={{ width: widthPx }}
            title={describeOriginalAudio(video.originalAudio)}
          >
            {video.originalAudio.muted || video.originalAudio.duckDb === 0
              ? null
              : duckedStretches(speech, zoom, viewport, video.durationMs).map((stretch) => (
                  <span
                    key={stretch.key}
                    className="original-audio-duck"
                    data-testid="original-audio-duck-bar"
                    style={{ left: stretch.leftPx, width: stretch.widthPx }}
                  />
                ))}
            <span className="original-audio-text">{describeOriginalAudio(video.originalAudio)}</span>
          </div>
        </div>
      )}
    </>
  );
}

/** Where the original sound is lowered, drawn only near the view: a 1,500-cue dub draws a handful, not all. */
function duckedStretches(
  speech: readonly PlacedItem[],
  zoom: number,
  viewport: { left: number; width: number },
  durationMs: number,
): { key: string; leftPx: number; widthPx: number }[] {
  const fromMs = pxToMs(viewport.left - viewport.width, zoom);
  const toMs = Math.min(durationMs, pxToMs(viewport.left + 2 * viewport.width, zoom));
  const stretches: { key: string; leftPx: number; widthPx: number }[] = [];
  for (const item of speech) {
    if (item.endMs <= fromMs || item.startMs >= toMs) continue;
    const endMs = Math.min(item.endMs, durationMs);
    stretches.push({
      key: item.blockId,
      leftPx: msToPx(item.startMs, zoom),
      widthPx: msToPx(endMs - item.startMs, zoom),
    });
  }
  return stretches;
}

function ThumbnailStrip({
  url,
  video,
  zoom,
  viewport,
}: {
  /** Null while the video cannot play: the tiles wait. */
  url: string | null;
  video: ReferenceVideo;
  zoom: number;
  viewport: { left: number; width: number };
}) {
  const makerRef = useRef<ThumbnailMaker | null>(null);
  const [made, setMade] = useState<ReadonlyMap<string, string>>(NOTHING_MADE);
  const aspect = video.width && video.height ? video.width / video.height : 16 / 9;
  const tileWidthPx = Math.round(STRIP_HEIGHT_PX * aspect);

  useEffect(() => {
    if (url === null) return undefined;
    // Each thumbnail made re-renders the strip once: a few dozen renders of a few dozen <img>s, never a frame.
    const maker = new ThumbnailMaker(url, { width: tileWidthPx, height: STRIP_HEIGHT_PX }, setMade);
    makerRef.current = maker;
    return () => {
      maker.dispose();
      makerRef.current = null;
    };
  }, [url, tileWidthPx]);

  // A scroll or zoom holds the making back until the view rests (thumbnail-maker.ts says why); opening does not.
  const shownView = useRef({ left: viewport.left, zoom });
  useEffect(() => {
    if (shownView.current.left === viewport.left && shownView.current.zoom === zoom) return;
    shownView.current = { left: viewport.left, zoom };
    makerRef.current?.viewMoved();
  }, [viewport.left, zoom]);

  const tiles = visibleThumbnailTiles({
    zoom,
    viewLeftPx: viewport.left,
    viewWidthPx: viewport.width,
    durationMs: video.durationMs,
    tileWidthPx,
    lastFrameMs: Math.max(0, video.durationMs - frameMs(video.frameRate)),
  });
  const wantedKey = tiles.length === 0 ? '' : `${tiles[0]!.key}…${tiles.at(-1)!.key}`;
  useEffect(() => {
    makerRef.current?.want(tilesInMakingOrder(tiles, viewport.left, viewport.width));
    // The tiles change exactly when their first or last key does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantedKey, url]);

  return (
    <div
      className="timeline-track timeline-track-video"
      data-testid="thumbnail-strip"
      data-tiles={tiles.length}
    >
      {tiles.map((tile) => {
        const thumbnail = made.get(tile.key);
        return thumbnail === undefined ? (
          <span
            key={tile.key}
            className="video-thumbnail video-thumbnail-pending"
            style={{ left: tile.leftPx, width: tile.widthPx }}
          />
        ) : (
          <img
            key={tile.key}
            className="video-thumbnail"
            alt=""
            src={thumbnail}
            style={{ left: tile.leftPx, width: tile.widthPx }}
            data-testid="video-thumbnail"
          />
        );
      })}
    </div>
  );
}
