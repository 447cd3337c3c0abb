import type { PointerEvent as ReactPointerEvent } from 'react';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import type { LoadedWaveform } from '../../../stores/waveform-store.js';
import { CanvasPool } from './canvas-pool.js';

/** More than a screenful of timeline blocks and script rows: scrolling then makes no new canvases. */
const POOLED_CANVASES = 96;

const canvases = new CanvasPool(POOLED_CANVASES, () => {
  const canvas = document.createElement('canvas');
  canvas.className = 'take-waveform';
  canvas.dataset.testid = 'take-waveform';
  canvas.setAttribute('aria-hidden', 'true');
  return canvas;
});

export interface TakeWaveformProps {
  waveform: LoadedWaveform;
  /** CSS pixels: the block's width on the timeline, or the strip's in the script. */
  width: number;
  height: number;
  /** Clicked at this fraction (0…1) of the take: the caller seeks there. */
  onSeek?: ((fraction: number) => void) | undefined;
}

/**
 * A take's waveform, mirrored about the middle, one column per device pixel from main's 20 ms envelope. Drawn
 * on a canvas (one element per block, whatever the take's length) in the element's text colour, so each block
 * type's CSS decides how it looks. The canvas comes from a pool and goes back to it (`canvas-pool.ts`), inside a
 * host that lays out as if it were not there.
 */
export const TakeWaveform = memo(function TakeWaveform({
  waveform,
  width,
  height,
  onSeek,
}: TakeWaveformProps) {
  const hostRef = useRef<HTMLSpanElement>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);

  useLayoutEffect(() => {
    const canvas = canvases.take();
    hostRef.current?.append(canvas);
    canvasRef.current = canvas;
    return () => {
      canvasRef.current = null;
      canvases.give(canvas);
    };
  }, []);

  // Sized before the browser paints, as the canvas element's own style attribute was (a pooled canvas would
  // otherwise show for a frame at its default 300×150).
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
  }, [width, height]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const context = canvas.getContext('2d');
    if (!context || width <= 0) return;
    const ratio = window.devicePixelRatio || 1;
    const columns = Math.max(1, Math.min(16_384, Math.round(width * ratio)));
    const rows = Math.max(1, Math.round(height * ratio));
    canvas.width = columns;
    canvas.height = rows;
    context.clearRect(0, 0, columns, rows);
    context.fillStyle = getComputedStyle(canvas).color || '#4b5bd7';
    const { levels } = waveform;
    const count = levels.length;
    if (count === 0) return;
    const middle = rows / 2;
    for (let x = 0; x < columns; x += 1) {
      const from = Math.floor((x * count) / columns);
      const to = Math.max(from + 1, Math.floor(((x + 1) * count) / columns));
      let peak = 0;
      for (let i = from; i < to && i < count; i += 1) if (levels[i]! > peak) peak = levels[i]!;
      const half = Math.max(0.5, peak * middle);
      context.fillRect(x, middle - half, 1, half * 2);
    }
  }, [waveform, width, height]);

  const onPointerUp = (event: ReactPointerEvent<HTMLSpanElement>): void => {
    const canvas = canvasRef.current;
    if (!onSeek || !canvas || event.button !== 0) return;
    const box = canvas.getBoundingClientRect();
    if (box.width <= 0) return;
    onSeek(Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)));
  };

  return <span ref={hostRef} className="take-waveform-host" onPointerUp={onSeek ? onPointerUp : undefined} />;
});
