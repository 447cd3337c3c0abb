import type { PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { useRef, useState } from 'react';
import { moveBlocks, shiftBlocks } from '../../../../common/project/block-edits.js';
import type { Project, TrackName } from '../../../../common/project/project-schema.js';
import type { TimelineLayout } from '../../../../common/project/timeline-layout.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { editDocument } from '../../../stores/document-actions.js';
import { isMacPlatform } from '../../../commands/shortcuts.js';
import { clickSelection, trackOrder } from '../editing/selection-rules.js';
import { msToPx, pxToMs, speechDropIndex } from './timeline-geometry.js';

const DRAG_THRESHOLD_PX = 4;

/** A press on a block, then the move it became: speech reorders, effects and music shift in time. */
export type TimelineDrag =
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
      default: {
        const exhaustive: never = current;
        throw new Error(`Unknown drag ${String(exhaustive)}`);
      }
    }
  };

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
