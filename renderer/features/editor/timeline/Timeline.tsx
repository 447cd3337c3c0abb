import type { MouseEvent as ReactMouseEvent, PointerEvent as ReactPointerEvent } from 'react';
import { useSendContext } from '../../../shared/send-context.js';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { moveBlocks, shiftBlocks } from '../../../../common/project/block-edits.js';
import { findBlock } from '../../../../common/project/block-lookup.js';
import type { Project, TrackName } from '../../../../common/project/project-schema.js';
import type { PlacedItem } from '../../../../common/project/timeline-layout.js';
import type { TimelineLayout } from '../../../../common/project/timeline-layout.js';
import type { EditResult } from '../../../stores/document-store.js';
import { selectAnchorId, selectSelectedIds } from '../../../stores/document-store.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { selectPlayheadMs, selectZoom } from '../../../stores/timeline-view-store.js';
import { clickSelection, trackOrder } from '../editing/selection-rules.js';
import { isMacPlatform } from '../../../commands/shortcuts.js';
import { flagsOf, layoutOf } from '../../../shared/project-derived.js';
import { TimelineBlock } from './TimelineBlock.js';
import { describeProgress } from '../../../../common/generation/block-progress.js';
import type { Block } from '../../../../common/project/project-schema.js';
import { useBlockProgress } from '../block-state/use-block-progress.js';
import { useFollowedProject } from '../use-followed-project.js';
import { useHashed } from '../use-hashed-project.js';
import { blockProblems } from '../review/block-problems.js';
import { useServiceVoices } from '../../../shared/use-service-voices.js';
import {
  formatTime,
  msToPx,
  pxToMs,
  rulerStepMs,
  speechDropIndex,
  speechDropTimeMs,
  visiblePlacedItems,
  visibleSequenceItems,
} from './timeline-geometry.js';
import {
  useAppStores,
  useDocumentStore,
  useSettingsStore,
  useTimelineViewStore,
  useWaveformStore,
} from '../../../stores/stores-context.js';
import { selectCheckThresholds } from '../../../stores/settings-store.js';
import { selectWaveforms } from '../../../stores/waveform-store.js';
import { playableAudio } from '../../../../common/project/takes.js';
import { WaveformRequest } from '../waveform/WaveformRequest.js';

const NO_FLAGS: ReadonlyMap<string, string[]> = new Map();

const TRACKS: readonly { name: TrackName; label: string }[] = [
  { name: 'speech', label: 'Speech' },
  { name: 'effects', label: 'Effects' },
  { name: 'music', label: 'Music' },
];

/** Blocks this far outside the viewport are rendered too, so a scroll shows no empty edge. */
const OVERSCAN_PX = 800;
/** Room after the last block, to place effects and music past the end. */
const TAIL_PX = 600;
const DRAG_THRESHOLD_PX = 4;
const WHEEL_ZOOM_FACTOR = 1.25;

type Drag =
  | {
      kind: 'pending';
      pointerId: number;
      startX: number;
      blockId: string;
      track: TrackName;
      toggle: boolean;
      range: boolean;
      /** Pressed on the block's waveform: a click (no drag) also moves the playhead there. */
      seekMs: number | undefined;
    }
  | { kind: 'speech'; pointerId: number; ids: ReadonlySet<string>; dropIndex: number }
  | { kind: 'placed'; pointerId: number; startX: number; ids: ReadonlySet<string>; deltaPx: number };

function showRefusal(stores: AppStores, result: EditResult): void {
  if (!result.ok) stores.notices.getState().showError(result.error);
}

/**
 * The three tracks along time. Only blocks inside the visible time range (plus a margin) are rendered, so a
 * project of thousands of blocks scrolls and zooms as fast as a small one.
 */
export function Timeline() {
  const stores = useAppStores();
  // Typing commits on every keystroke; the timeline follows at idle moments (project-follower.ts), so the text
  // box never waits on it.
  const project = useFollowedProject();
  const zoom = useTimelineViewStore(selectZoom);
  const selectedIds = useDocumentStore(selectSelectedIds);
  const anchorId = useDocumentStore(selectAnchorId);
  const playheadMs = useTimelineViewStore(selectPlayheadMs);
  const progressOf = useBlockProgress();
  const waveforms = useWaveformStore(selectWaveforms);
  const thresholds = useSettingsStore(selectCheckThresholds);
  const context = useSendContext(project);
  // Rows and blocks whose style their voice lacks are marked like any other rule the service would refuse.
  const voices = useServiceVoices(project?.serviceUrl).catalog;
  // Flags judge every block's playing take: they follow once the blocks are hashed (sliced as a project opens).
  const hashed = useHashed(project, context);
  const layout = project === null || context === null ? null : layoutOf(project, context);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ left: 0, width: 1200 });
  const scrollLeftRef = useRef(0);
  const frameRef = useRef<number | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const zoomAnchorRef = useRef<number | null>(null);
  const previousZoomRef = useRef(zoom);

  const updateDrag = (next: Drag | null): void => {
    dragRef.current = next;
    setDrag(next);
  };

  // Scroll and resize update the visible range once per frame at most.
  useEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const measure = (): void => {
      frameRef.current = null;
      scrollLeftRef.current = element.scrollLeft;
      setViewport({ left: element.scrollLeft, width: element.clientWidth });
    };
    const onScroll = (): void => {
      scrollLeftRef.current = element.scrollLeft;
      frameRef.current ??= requestAnimationFrame(measure);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const resize = new ResizeObserver(() => measure());
    resize.observe(element);
    measure();
    return () => {
      element.removeEventListener('scroll', onScroll);
      resize.disconnect();
      if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
    };
  }, []);

  // Ctrl/Cmd+wheel zooms around the pointer; a plain vertical wheel scrolls along time.
  useEffect(() => {
    const element = scrollRef.current;
    if (element === null) return;
    const mac = isMacPlatform();
    const onWheel = (event: WheelEvent): void => {
      if (mac ? event.metaKey || event.ctrlKey : event.ctrlKey) {
        event.preventDefault();
        zoomAnchorRef.current = event.clientX - element.getBoundingClientRect().left;
        const view = stores.timelineView.getState();
        view.setZoom(event.deltaY < 0 ? view.zoom * WHEEL_ZOOM_FACTOR : view.zoom / WHEEL_ZOOM_FACTOR);
      } else if (Math.abs(event.deltaY) > Math.abs(event.deltaX) && !event.shiftKey) {
        event.preventDefault();
        element.scrollLeft += event.deltaY;
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [stores]);

  // The project's length as last laid out, for the zoom below (which runs only when the zoom changes).
  const totalMsRef = useRef(0);
  const totalMs = layout?.totalMs ?? 0;
  useLayoutEffect(() => {
    totalMsRef.current = totalMs;
  }, [totalMs]);

  // After a zoom, keep the time under the pointer (or the middle of the view) where it was on screen, without
  // scrolling past the project's end (a short project zoomed in from the start stays at the start).
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const previous = previousZoomRef.current;
    previousZoomRef.current = zoom;
    if (element === null || previous === zoom) return;
    const anchorX = zoomAnchorRef.current ?? element.clientWidth / 2;
    zoomAnchorRef.current = null;
    const timeMs = pxToMs(scrollLeftRef.current + anchorX, previous);
    const maxLeft = Math.max(0, msToPx(totalMsRef.current, zoom) + TAIL_PX - element.clientWidth);
    element.scrollLeft = Math.min(maxLeft, Math.max(0, msToPx(timeMs, zoom) - anchorX));
    scrollLeftRef.current = element.scrollLeft;
    setViewport({ left: element.scrollLeft, width: element.clientWidth });
  }, [zoom]);

  // A block selected elsewhere (the script, the keyboard) is scrolled into view.
  const revealedRef = useRef<string | null>(null);
  useEffect(() => {
    const element = scrollRef.current;
    if (anchorId === revealedRef.current || element === null || layout === null) return;
    const item = anchorId === null || project === null ? undefined : findItem(project, layout, anchorId);
    // A new block may not be laid out yet (the layout trails typing by a frame): try again with the next layout.
    if (anchorId !== null && item === undefined) return;
    revealedRef.current = anchorId;
    if (item === undefined) return;
    const left = msToPx(item.startMs, zoom);
    const right = msToPx(item.endMs, zoom);
    if (left < element.scrollLeft || left > element.scrollLeft + element.clientWidth - 40) {
      element.scrollLeft = Math.max(
        0,
        Math.min(left - element.clientWidth / 3, right - element.clientWidth + 40),
      );
    }
  }, [anchorId, layout, project, zoom]);

  if (project === null || layout === null) return null;
  const progressProps = (block: Block) => {
    const progress = progressOf(block, context!);
    return { progressKind: progress.kind, progressLabel: describeProgress(progress) };
  };

  const fromMs = pxToMs(Math.max(0, viewport.left - OVERSCAN_PX), zoom);
  const toMs = pxToMs(viewport.left + viewport.width + OVERSCAN_PX, zoom);
  const contentWidth = Math.max(viewport.width, msToPx(layout.totalMs, zoom) + TAIL_PX);
  const visible: Record<TrackName, PlacedItem[]> = {
    speech: visibleSequenceItems(layout.speech, fromMs, toMs),
    effects: visiblePlacedItems(layout.effects, fromMs, toMs),
    music: visiblePlacedItems(layout.music, fromMs, toMs),
  };

  const placedOffset = drag?.kind === 'placed' ? clampedDelta(project, drag, zoom) : 0;
  const flags = hashed === null ? NO_FLAGS : flagsOf(hashed.project, hashed.context, thresholds);
  // The take each shown block plays, found once: its waveform is drawn, or asked of main when missing.
  const playingKeys = new Map<string, string>();
  const visibleKeys: string[] = [];
  for (const track of TRACKS) {
    for (const item of visible[track.name]) {
      const key = playableAudio(project.tracks[track.name].blocks[item.index]!, context!)?.cacheKey;
      if (key === undefined) continue;
      playingKeys.set(item.blockId, key);
      if (waveforms[key] === undefined) visibleKeys.push(key);
    }
  }
  const audioOf = (block: Block) => {
    const cacheKey = playingKeys.get(block.id);
    return {
      waveform: cacheKey === undefined ? undefined : waveforms[cacheKey],
      flags: flags.get(block.id),
      problems: blockProblems(project, context!, block, voices),
    };
  };

  const contentX = (clientX: number): number =>
    clientX - (contentRef.current?.getBoundingClientRect().left ?? 0);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>): void => {
    if (event.button !== 0) return;
    const target = event.target as Element;
    const timeMs = pxToMs(contentX(event.clientX), zoom);
    if (target.closest('.timeline-ruler') !== null) {
      stores.timelineView.getState().setPlayhead(timeMs);
      return;
    }
    const blockElement = target.closest<HTMLElement>('[data-block-id]');
    const blockId = blockElement?.dataset.blockId;
    const track = blockElement?.closest<HTMLElement>('[data-track]')?.dataset.track as TrackName | undefined;
    if (blockId === undefined || track === undefined) {
      // An empty stretch of track: move the playhead there and clear the selection.
      stores.timelineView.getState().setPlayhead(timeMs);
      stores.document.getState().select([], null);
      return;
    }
    const mac = isMacPlatform();
    event.currentTarget.setPointerCapture(event.pointerId);
    updateDrag({
      kind: 'pending',
      pointerId: event.pointerId,
      startX: event.clientX,
      blockId,
      track,
      toggle: mac ? event.metaKey : event.ctrlKey,
      range: event.shiftKey,
      seekMs: target.closest('.take-waveform') === null ? undefined : timeMs,
    });
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>): void => {
    const current = dragRef.current;
    if (current === null || current.pointerId !== event.pointerId) return;
    if (current.kind === 'pending') {
      if (Math.abs(event.clientX - current.startX) < DRAG_THRESHOLD_PX) return;
      const store = stores.document.getState();
      const sameKind = (id: string): boolean =>
        (layout.speech.some((item) => item.blockId === id) ? 'speech' : 'placed') ===
        (current.track === 'speech' ? 'speech' : 'placed');
      let ids: string[];
      if (store.selection.ids.includes(current.blockId)) {
        ids = store.selection.ids.filter(sameKind);
      } else {
        ids = [current.blockId];
        store.select(ids, current.blockId);
      }
      if (current.track === 'speech') {
        const moving = new Set(ids);
        updateDrag({
          kind: 'speech',
          pointerId: current.pointerId,
          ids: moving,
          dropIndex: speechDropIndex(layout.speech, moving, pxToMs(contentX(event.clientX), zoom)),
        });
      } else {
        updateDrag({
          kind: 'placed',
          pointerId: current.pointerId,
          startX: current.startX,
          ids: new Set(ids),
          deltaPx: event.clientX - current.startX,
        });
      }
      return;
    }
    if (current.kind === 'speech') {
      const dropIndex = speechDropIndex(layout.speech, current.ids, pxToMs(contentX(event.clientX), zoom));
      if (dropIndex !== current.dropIndex) updateDrag({ ...current, dropIndex });
    } else {
      updateDrag({ ...current, deltaPx: event.clientX - current.startX });
    }
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>): void => {
    const current = dragRef.current;
    if (current === null || current.pointerId !== event.pointerId) return;
    updateDrag(null);
    const store = stores.document.getState();
    // The shown project may trail the document by a moment: edits work on the document itself.
    const latest = store.doc?.project;
    if (latest === undefined) return;
    switch (current.kind) {
      case 'pending': {
        const next = clickSelection(
          store.selection,
          current.blockId,
          { toggle: current.toggle, range: current.range },
          trackOrder(latest, current.track),
        );
        store.select(next.ids, next.anchorId);
        if (current.seekMs !== undefined) stores.timelineView.getState().setPlayhead(current.seekMs);
        return;
      }
      case 'speech': {
        const ids = latest.tracks.speech.blocks
          .filter((block) => current.ids.has(block.id))
          .map((block) => block.id);
        showRefusal(
          stores,
          store.apply((doc) => moveBlocks(doc, ids, current.dropIndex), {
            label: ids.length === 1 ? 'Move block' : 'Move blocks',
          }),
        );
        return;
      }
      case 'placed': {
        const deltaMs = Math.round(pxToMs(current.deltaPx, zoom));
        if (deltaMs === 0) return;
        showRefusal(
          stores,
          store.apply((doc) => shiftBlocks(doc, [...current.ids], deltaMs), { label: 'Move in time' }),
        );
        return;
      }
      default: {
        const exhaustive: never = current;
        throw new Error(`Unknown drag ${String(exhaustive)}`);
      }
    }
  };

  const onDoubleClick = (event: ReactMouseEvent<HTMLDivElement>): void => {
    const blockId = (event.target as Element).closest<HTMLElement>('[data-block-id]')?.dataset.blockId;
    const latest = stores.document.getState().doc?.project;
    if (blockId !== undefined && latest?.tracks.speech.blocks.some((block) => block.id === blockId)) {
      stores.editorUi.getState().requestFocus(blockId);
    }
  };

  const step = rulerStepMs(zoom);
  const ticks: number[] = [];
  for (let tick = Math.floor(fromMs / step) * step; tick <= toMs; tick += step) ticks.push(tick);

  return (
    <div className="timeline" data-testid="timeline" data-zoom={zoom.toFixed(2)}>
      <div className="timeline-labels" aria-hidden="true">
        <div className="timeline-label timeline-label-ruler">{layout.estimated ? '≈ time' : 'time'}</div>
        {TRACKS.map((track) => (
          <div key={track.name} className="timeline-label">
            {track.label}
          </div>
        ))}
      </div>
      <div className="timeline-scroll" ref={scrollRef} data-testid="timeline-scroll">
        <div
          className="timeline-content"
          ref={contentRef}
          style={{ width: contentWidth }}
          role="listbox"
          aria-multiselectable="true"
          aria-label="Timeline"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => updateDrag(null)}
          onDoubleClick={onDoubleClick}
        >
          {project.serviceUrl ? (
            <WaveformRequest serviceUrl={project.serviceUrl} cacheKeys={visibleKeys} />
          ) : null}
          <div className="timeline-ruler" data-testid="timeline-ruler">
            {ticks.map((tick) => (
              <span key={tick} className="timeline-tick" style={{ left: msToPx(tick, zoom) }}>
                {formatTime(tick, step < 1000)}
              </span>
            ))}
          </div>
          {TRACKS.map((track) => (
            <div
              key={track.name}
              className={`timeline-track timeline-track-${track.name}`}
              data-track={track.name}
              data-testid={`track-${track.name}`}
            >
              {visible[track.name].map((item) => {
                const block = project.tracks[track.name].blocks[item.index]!;
                const isSelected = selected.has(item.blockId);
                return (
                  <TimelineBlock
                    key={item.blockId}
                    block={block}
                    context={context!}
                    left={msToPx(item.startMs, zoom)}
                    width={Math.max(3, msToPx(item.durationMs, zoom))}
                    estimated={item.source === 'estimate'}
                    selected={isSelected}
                    offsetPx={drag?.kind === 'placed' && drag.ids.has(item.blockId) ? placedOffset : 0}
                    {...progressProps(block)}
                    {...audioOf(block)}
                  />
                );
              })}
            </div>
          ))}
          {drag?.kind === 'speech' ? (
            <div
              className="timeline-drop-marker"
              data-testid="timeline-drop-marker"
              style={{ left: msToPx(speechDropTimeMs(layout.speech, drag.ids, drag.dropIndex), zoom) }}
            />
          ) : null}
          <div
            className="timeline-playhead"
            data-testid="timeline-playhead"
            data-ms={Math.round(playheadMs)}
            style={{ left: msToPx(playheadMs, zoom) }}
          />
        </div>
      </div>
    </div>
  );
}

/**
 * The block's place on the timeline. The layout lists each track's blocks in the track's order, so the block's
 * index finds it (findBlock remembers where a block was): searching a book's 10,000 places for the block just
 * selected took ~30 ms of the click, before the first keystroke after it could paint.
 */
function findItem(project: Project, layout: TimelineLayout, blockId: string): PlacedItem | undefined {
  const location = findBlock(project, blockId);
  const item = location === undefined ? undefined : layout[location.track][location.index];
  return item?.blockId === blockId ? item : undefined;
}

/** The preview offset of dragged effects/music, stopped where the earliest would reach zero (as shiftBlocks does). */
function clampedDelta(project: Project, drag: Extract<Drag, { kind: 'placed' }>, zoom: number): number {
  const starts = [...project.tracks.effects.blocks, ...project.tracks.music.blocks]
    .filter((block) => drag.ids.has(block.id))
    .map((block) => block.startMs);
  const earliest = starts.length === 0 ? 0 : Math.min(...starts);
  return Math.max(drag.deltaPx, -msToPx(earliest, zoom));
}
