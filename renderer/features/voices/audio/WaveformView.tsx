import { useEffect, useRef, useState } from 'react';
import { waveformPeaks } from '../../../../common/audio/waveform.js';
import './voice-audio.css';

export interface WaveformViewProps {
  samples: Float32Array;
  /** CSS pixels (default 72). */
  height?: number;
  /** Describes the audio for screen readers (default "Waveform"). */
  label?: string;
}

/** The audio's waveform on a canvas, one min/max line per device pixel, in the theme's accent colour. */
export function WaveformView({ samples, height = 72, label = 'Waveform' }: WaveformViewProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const measure = (): void => setWidth(Math.floor(canvas.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context || width <= 0) return;
    const ratio = window.devicePixelRatio || 1;
    const columns = Math.max(1, Math.round(width * ratio));
    const rows = Math.max(1, Math.round(height * ratio));
    canvas.width = columns;
    canvas.height = rows;
    const style = getComputedStyle(canvas);
    const wave = style.getPropertyValue('--accent').trim() || '#4b5bd7';
    const axis = style.getPropertyValue('--border').trim() || '#d9dae0';
    context.clearRect(0, 0, columns, rows);
    const middle = rows / 2;
    context.fillStyle = axis;
    context.fillRect(0, Math.floor(middle), columns, Math.max(1, Math.round(ratio)));
    if (samples.length === 0) return;
    const { min, max } = waveformPeaks(samples, columns);
    context.fillStyle = wave;
    for (let x = 0; x < columns; x += 1) {
      const top = middle - Math.min(1, Math.max(-1, max[x]!)) * middle;
      const bottom = middle - Math.min(1, Math.max(-1, min[x]!)) * middle;
      context.fillRect(x, top, 1, Math.max(1, bottom - top));
    }
  }, [samples, width, height]);

  return (
    <canvas
      ref={canvasRef}
      className="waveform"
      data-testid="waveform"
      role="img"
      aria-label={label}
      style={{ height: `${height}px` }}
    />
  );
}
