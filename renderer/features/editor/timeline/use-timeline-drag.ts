import type { PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { useRef, useState } from 'react';
import { moveBlocks, shiftBlocks } from '../../../../common/project/block-edits.js';
import { moveTimedBlock, shiftTimedBlocks } from '../../../../common/project/timing-edits.js';
import { MAX_SPEECH_LANES } from '../../../../common/project/timing-schema.js';
import type { Project, TrackName } from '../../../../common/project/project-schema.js';
import type { TimelineLayout } from '../../../../common/project/timeline-layout.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { editDocument } from '../../../stores/document-actions.js';
import { isMacPlatform } from '../../../commands/shortcuts.js';
import { clickSelection, trackOrder } from '../editing/selection-rules.js';
import { laneAtOffset, msToPx, pxToMs, speechDropIndex } from './timeline-geometry.js';
import { carriedByDrag, SNAP_PX, snapStart, snapTargets } from './timeline-snapping.js';

/**
 * Height of a speech lane's row in a full-size window (timeline.css: --timeline-row; a short window's is slimmer).
 * A drag measures the row as drawn and uses this only before anything is laid out.
 */
export const LANE_ROW_PX = 44;

const DRAG_THRESHOLD_PX = 4;

/** A press on a block, then the move it became: speech reorders, effects and music shift in time. */
export type TimelineDrag =
  | {
      kind: 'pending';
      pointerId: number;
      startX: number;
      startY: number;
      blockId: string;
      track: TrackName;
      toggle: boolean;
      range: boolean;
      /** Pressed on the block's waveform: a click (no drag) also moves the playhead there. */
      seekMs: number | undefined;
    }
  | { kind: 'speech'; pointerId: number; ids: ReadonlySet<string>; dropIndex: number }
  | { kind: 'placed'; pointerId: number; startX: number; ids: ReadonlySet<string>; deltaPx: number }
  | TimedDrag;

/** A timed line (or several) moved in time, and a single one across lanes, snapping unless Alt is held. */
export interface TimedDrag {
  kind: 'timed';
  pointerId: number;
  startX: number;
  /** The line under the pointer: the one that snaps and changes lane. */
  blockId: string;
  ids: ReadonlySet<string>;
  /** The moving lines and the flowing lines after them, which move with them (drawn moved, never snapped to). */
  carried: ReadonlySet<string>;
  originStartMs: number;
  /** Its end and its own cue end after its start: the other edges that snap. */
  edgeOffsetsMs: readonly number[];
  targets: Float64Array;
  /** Where the pressed line starts now. */
  startMs: number;
  /** The lane it would land in (its own when several lines move). */
  lane: number;
  snapMs: number | undefined;
}

export interface TimelinePointer {
  drag: TimelineDrag | null;
  onPointerDown(event: ReactPointerEvent<HTMLDivElement>): void;
  onPointerMove(event: ReactPointerEvent<HTMLDivElement>): void;
  onPointerUp(event: ReactPointerEvent<HTMLDivElement>): void;
  onPointerCancel(): void;
}

/**
 * What the pointer does on the timeline's content: a click on the ruler or an empty stretch moves the playhead,
 * a click on a block selects it (Ctrl/Cmd toggles, Shift extends), and a drag past a few pixels moves the blocks.
 */
export function useTimelineDrag(
  stores: AppStores,
  contentRef: RefObject<HTMLDivElement | null>,
  layout: TimelineLayout | null,
  zoom: number,
  /** The speech lanes' numbers in row order (a line dragged below the last row opens the next lane). */
  laneNumbers: readonly number[] = [0],
): TimelinePointer {
  const [drag, setDrag] = useState<TimelineDrag | null>(null);
  const dragRef = useRef<TimelineDrag | null>(null);

  const updateDrag = (next: TimelineDrag | null): void => {
    dragRef.current = next;
    setDrag(next);
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
      startY: event.clientY,
      blockId,
      track,
      toggle: mac ? event.metaKey : event.ctrlKey,
      range: event.shiftKey,
      seekMs: target.closest('.take-waveform') === null ? undefined : timeMs,
    });
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>): void => {
    const current = dragRef.current;
    if (current === null || current.pointerId !== event.pointerId || layout === null) return;
    if (current.kind === 'pending') {
      // Either way: a timed line dragged straight up or down changes lane (a vertical move never started a drag).
      const movedPx = Math.hypot(event.clientX - current.startX, event.clientY - current.startY);
      if (movedPx < DRAG_THRESHOLD_PX) return;
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
      const timed = current.track === 'speech' ? timedDragStart(current.blockId, ids) : null;
      if (timed !== null) {
        updateDrag(timedDragMove(timed, event));
      } else if (current.track === 'speech') {
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
    if (current.kind === 'timed') {
      updateDrag(timedDragMove(current, event));
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
        editDocument(stores, (doc) => moveBlocks(doc, ids, current.dropIndex), {
          label: ids.length === 1 ? 'Move block' : 'Move blocks',
        });
        return;
      }
      case 'placed': {
        const deltaMs = Math.round(pxToMs(current.deltaPx, zoom));
        if (deltaMs === 0) return;
        editDocument(stores, (doc) => shiftBlocks(doc, [...current.ids], deltaMs), { label: 'Move in time' });
        return;
      }
      case 'timed': {
        const deltaMs = current.startMs - current.originStartMs;
        const single = current.ids.size === 1;
        const item = layout?.speech.find((candidate) => candidate.blockId === current.blockId);
        if (deltaMs === 0 && (!single || item?.lane === current.lane)) return;
        editDocument(
          stores,
          (doc) =>
            single
              ? moveTimedBlock(doc, current.blockId, current.startMs, current.lane)
              : shiftTimedBlocks(doc, [...current.ids], deltaMs),
          { label: single ? 'Move line' : 'Move lines' },
        );
        return;
      }
      default: {
        const exhaustive: never = current;
        throw new Error(`Unknown drag ${String(exhaustive)}`);
      }
    }
  };

  /**
   * A drag of a timed line starts one of its kind when the pressed line is timed: every timed line selected with
   * it moves (flowing ones keep their place in the list); null for a flowing line, which reorders.
   */
  function timedDragStart(blockId: string, ids: readonly string[]): TimedDrag | null {
    if (layout === null) return null;
    const item = layout.speech.find((candidate) => candidate.blockId === blockId);
    if (item === undefined || !item.timed) return null;
    const moving = new Set(
      ids.filter((id) => layout.speech.some((candidate) => candidate.blockId === id && candidate.timed)),
    );
    moving.add(blockId);
    const slotEnd = layout.slots.get(blockId)?.endMs;
    const edgeOffsetsMs = [item.durationMs];
    if (slotEnd !== undefined && slotEnd > item.startMs) edgeOffsetsMs.push(slotEnd - item.startMs);
    const carried = carriedByDrag(layout.speech, moving);
    const pressed = dragRef.current;
    return {
      kind: 'timed',
      pointerId: pressed?.pointerId ?? 0,
      startX: pressed?.kind === 'pending' ? pressed.startX : 0,
      blockId,
      ids: moving,
      carried,
      originStartMs: item.startMs,
      edgeOffsetsMs,
      targets: snapTargets(layout, carried, stores.timelineView.getState().playheadMs),
      startMs: item.startMs,
      lane: item.lane,
      snapMs: undefined,
    };
  }

  function timedDragMove(current: TimedDrag, event: ReactPointerEvent<HTMLDivElement>): TimedDrag {
    const rawStart = current.originStartMs + pxToMs(event.clientX - current.startX, zoom);
    const snapped = event.altKey
      ? { startMs: Math.max(0, rawStart), snapMs: undefined }
      : snapStart(rawStart, current.edgeOffsetsMs, current.targets, pxToMs(SNAP_PX, zoom));
    const track = contentRef.current?.querySelector('[data-track="speech"]');
    const trackTop = track?.getBoundingClientRect().top ?? 0;
    const rowPx = track?.querySelector('.timeline-lane')?.getBoundingClientRect().height || LANE_ROW_PX;
    const lane =
      current.ids.size === 1
        ? laneAtOffset(laneNumbers, event.clientY - trackTop, rowPx, MAX_SPEECH_LANES)
        : current.lane;
    const startMs = Math.round(snapped.startMs);
    if (startMs === current.startMs && lane === current.lane && snapped.snapMs === current.snapMs) {
      return current;
    }
    return { ...current, startMs, lane, snapMs: snapped.snapMs };
  }

  return { drag, onPointerDown, onPointerMove, onPointerUp, onPointerCancel: () => updateDrag(null) };
}

/**
 * How far dragged effects and music are drawn from their place, stopped where the earliest would reach zero (as
 * shiftBlocks does); 0 while nothing of theirs is dragged.
 */
export function placedDragOffsetPx(project: Project, drag: TimelineDrag | null, zoom: number): number {
  if (drag?.kind !== 'placed') return 0;
  const starts = [...project.tracks.effects.blocks, ...project.tracks.music.blocks]
    .filter((block) => drag.ids.has(block.id))
    .map((block) => block.startMs);
  const earliest = starts.length === 0 ? 0 : Math.min(...starts);
  return Math.max(drag.deltaPx, -msToPx(earliest, zoom));
}
