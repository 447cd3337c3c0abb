import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScrollViewportState } from './use-scroll-viewport.js';
import { useScrollViewport } from './use-scroll-viewport.js';

/** Frames run only when the test says so, and resize observers only when the test resizes. */
let frames: Map<number, FrameRequestCallback>;
let observers: { callback: () => void; disconnected: boolean }[];

beforeEach(() => {
  frames = new Map();
  observers = [];
  let nextFrame = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(nextFrame, callback);
    return nextFrame++;
  });
  vi.stubGlobal('cancelAnimationFrame', (frame: number) => frames.delete(frame));
  vi.stubGlobal(
    'ResizeObserver',
    class {
      readonly entry: { callback: () => void; disconnected: boolean };
      constructor(callback: () => void) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe(): void {}
      disconnect(): void {
        this.entry.disconnected = true;
      }
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function runFrames(): void {
  const due = [...frames.values()];
  frames.clear();
  act(() => due.forEach((callback) => callback(0)));
}

function sized(element: HTMLElement, size: { width: number; height: number }): void {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: size.width });
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: size.height });
}

/** The hook's latest answer, kept by the component after each render. */
const probe: { state?: ScrollViewportState } = {};
const latest = {
  get scrolled() {
    return probe.state!.scrolled;
  },
  measureNow: () => probe.state!.measureNow(),
};

function Scroller() {
  const ref = useRef<HTMLDivElement>(null);
  const state = useScrollViewport(ref, { width: 800, height: 600 });
  useEffect(() => {
    probe.state = state;
  });
  const { viewport } = state;
  return (
    <div ref={ref} data-testid="scroller">
      {`${viewport.left},${viewport.top} ${viewport.width}x${viewport.height}`}
    </div>
  );
}

function scroll(element: HTMLElement, to: { left: number; top: number }): void {
  element.scrollLeft = to.left;
  element.scrollTop = to.top;
  element.dispatchEvent(new Event('scroll'));
}

describe('useScrollViewport', () => {
  it('follows scrolling once per frame, while the latest offsets are known at once', () => {
    render(<Scroller />);
    const element = screen.getByTestId('scroller');
    sized(element, { width: 300, height: 200 });
    scroll(element, { left: 40, top: 10 });
    scroll(element, { left: 90, top: 30 });
    // Two scroll events ask for one frame; until it runs the view shown is the one measured on mount.
    expect(frames.size).toBe(1);
    expect(latest.scrolled.current).toEqual({ left: 90, top: 30 });
    expect(element.textContent).toBe('0,0 0x0');
    runFrames();
    expect(element.textContent).toBe('90,30 300x200');
  });

  it('measures again at once when the element is resized or code scrolled it', () => {
    render(<Scroller />);
    const element = screen.getByTestId('scroller');
    sized(element, { width: 500, height: 400 });
    act(() => observers[0]!.callback());
    expect(element.textContent).toBe('0,0 500x400');
    element.scrollTop = 120;
    act(() => latest.measureNow());
    expect(element.textContent).toBe('0,120 500x400');
    expect(latest.scrolled.current).toEqual({ left: 0, top: 120 });
  });

  it('stops listening, observing and waiting for a frame once unmounted', () => {
    const { unmount } = render(<Scroller />);
    const element = screen.getByTestId('scroller');
    scroll(element, { left: 0, top: 50 });
    expect(frames.size).toBe(1);
    unmount();
    expect(frames.size).toBe(0);
    expect(observers[0]!.disconnected).toBe(true);
    scroll(element, { left: 0, top: 80 });
    expect(frames.size).toBe(0);
  });
});
