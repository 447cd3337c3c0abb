import { describe, expect, it } from 'vitest';
import { CanvasPool } from './canvas-pool.js';

const newCanvas = (): HTMLCanvasElement => document.createElement('canvas');

describe('CanvasPool', () => {
  it('hands back a canvas that was given, taken out of the page and emptied', () => {
    const pool = new CanvasPool(4, newCanvas);
    const host = document.createElement('div');
    const canvas = pool.take();
    host.append(canvas);
    canvas.width = 300;
    canvas.height = 32;

    pool.give(canvas);

    expect(canvas.isConnected).toBe(false);
    expect(host.childElementCount).toBe(0);
    expect([canvas.width, canvas.height]).toEqual([0, 0]);
    expect(pool.kept).toBe(1);
    expect(pool.take()).toBe(canvas);
    expect(pool.kept).toBe(0);
  });

  it('makes a new canvas when none is kept', () => {
    let made = 0;
    const pool = new CanvasPool(4, () => {
      made += 1;
      return newCanvas();
    });
    const first = pool.take();
    const second = pool.take();
    expect(first).not.toBe(second);
    expect(made).toBe(2);
  });

  it('keeps no more than its capacity, and a canvas given twice once', () => {
    const pool = new CanvasPool(2, newCanvas);
    const canvases = [pool.take(), pool.take(), pool.take()];
    pool.give(canvases[0]!);
    pool.give(canvases[0]!);
    expect(pool.kept).toBe(1);
    for (const canvas of canvases) pool.give(canvas);
    expect(pool.kept).toBe(2);
  });
});
