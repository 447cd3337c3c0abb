import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';
import { findBlock } from '../../../../common/project/block-lookup.js';
import type { Project } from '../../../../common/project/project-schema.js';
import type { PlacedItem, TimelineLayout } from '../../../../common/project/timeline-layout.js';
import { msToPx } from './timeline-geometry.js';

/** A block selected elsewhere (the script, the keyboard) is scrolled into the timeline's view. */
export function useRevealSelectedBlock(
  scrollRef: RefObject<HTMLDivElement | null>,
  project: Project | null,
  layout: TimelineLayout | null,
  anchorId: string | null,
  zoom: number,
): void {
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
  }, [scrollRef, anchorId, layout, project, zoom]);
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
