import type { RefObject } from 'react';
import { useLayoutEffect, useRef } from 'react';
import type { AppStores } from '../../../stores/app-stores.js';
import { isMacPlatform } from '../../../commands/shortcuts.js';
import { useListener } from '../../../shared/listeners.js';
import type { ScrollViewportState } from '../use-scroll-viewport.js';
import { msToPx, pxToMs } from './timeline-geometry.js';

const WHEEL_ZOOM_FACTOR = 1.25;

/**
 * The wheel over the timeline: Ctrl/Cmd+wheel zooms around the pointer, a plain vertical wheel scrolls along time.
 * After any zoom the time under the pointer (or the middle of the view) stays where it was on screen, without
 * scrolling past the project's end plus `tailPx` (a short project zoomed in from the start stays at the start).
 */
export function useTimelineZoom(
  stores: AppStores,
  scrollRef: RefObject<HTMLDivElement | null>,
  scroll: Pick<ScrollViewportState, 'scrolled' | 'measureNow'>,
  zoom: number,
  totalMs: number,
  tailPx: number,
): void {
  const zoomAnchorRef = useRef<number | null>(null);
  const previousZoomRef = useRef(zoom);

  useListener(
    scrollRef,
    'wheel',
    (event) => {
      const element = scrollRef.current;
      if (element === null) return;
      const mac = isMacPlatform();
      if (mac ? event.metaKey || event.ctrlKey : event.ctrlKey) {
        event.preventDefault();
        zoomAnchorRef.current = event.clientX - element.getBoundingClientRect().left;
        const view = stores.timelineView.getState();
        view.setZoom(event.deltaY < 0 ? view.zoom * WHEEL_ZOOM_FACTOR : view.zoom / WHEEL_ZOOM_FACTOR);
      } else if (Math.abs(event.deltaY) > Math.abs(event.deltaX) && !event.shiftKey) {
        event.preventDefault();
        element.scrollLeft += event.deltaY;
      }
    },
    { passive: false },
  );

  // The project's length as last laid out, for the zoom below (which runs only when the zoom changes).
  const totalMsRef = useRef(0);
  useLayoutEffect(() => {
    totalMsRef.current = totalMs;
  }, [totalMs]);

  const { scrolled, measureNow } = scroll;
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const previous = previousZoomRef.current;
    previousZoomRef.current = zoom;
    if (element === null || previous === zoom) return;
    const anchorX = zoomAnchorRef.current ?? element.clientWidth / 2;
    zoomAnchorRef.current = null;
    // The offset before the zoom: the element itself may already have clamped it to the new, narrower content.
    const timeMs = pxToMs(scrolled.current.left + anchorX, previous);
    const maxLeft = Math.max(0, msToPx(totalMsRef.current, zoom) + tailPx - element.clientWidth);
    element.scrollLeft = Math.min(maxLeft, Math.max(0, msToPx(timeMs, zoom) - anchorX));
    measureNow();
  }, [zoom, scrollRef, scrolled, measureNow, tailPx]);
}
