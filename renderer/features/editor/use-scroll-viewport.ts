import type { RefObject } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listen } from '../../shared/listeners.js';

/** What a scrolling element shows: its scroll offsets and its visible size, in pixels. */
export interface ScrollViewport {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ScrollViewportState {
  /** The view as of the last frame: virtualised lists render the rows inside it. */
  viewport: ScrollViewport;
  /** The scroll offsets as of the latest scroll event, ahead of `viewport` (which follows once per frame). */
  scrolled: RefObject<{ left: number; top: number }>;
  /** Reads the element at once: after code scrolled it, so the same render shows the new view. */
  measureNow(): void;
}

/**
 * Follows a scrolling element's view for a virtualised list (the script, the timeline): scrolling updates it once
 * per frame at most, resizing at once. `initialSize` is assumed until the element is first measured.
 */
export function useScrollViewport(
  ref: RefObject<HTMLElement | null>,
  initialSize: { width: number; height: number },
): ScrollViewportState {
  const [viewport, setViewport] = useState<ScrollViewport>(() => ({ left: 0, top: 0, ...initialSize }));
  const scrolled = useRef({ left: 0, top: 0 });

  const measureNow = useCallback((): void => {
    const element = ref.current;
    if (element === null) return;
    scrolled.current = { left: element.scrollLeft, top: element.scrollTop };
    setViewport({
      left: element.scrollLeft,
      top: element.scrollTop,
      width: element.clientWidth,
      height: element.clientHeight,
    });
  }, [ref]);

  useEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    let frame: number | null = null;
    const measure = (): void => {
      frame = null;
      measureNow();
    };
    const stopListening = listen(
      element,
      'scroll',
      () => {
        scrolled.current = { left: element.scrollLeft, top: element.scrollTop };
        frame ??= requestAnimationFrame(measure);
      },
      { passive: true },
    );
    const resize = new ResizeObserver(() => measureNow());
    resize.observe(element);
    measureNow();
    return () => {
      stopListening();
      resize.disconnect();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [ref, measureNow]);

  return { viewport, scrolled, measureNow };
}
