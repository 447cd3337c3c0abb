/**
 * Waveform canvases kept for reuse. Blink disposes of a canvas dropped from the page in a pre-finalizer, which
 * runs inside the garbage collector's atomic pause: scrolling a 10,000-block timeline end to end dropped one for
 * each of up to 2,500 generated blocks, and disposing of them was one 30–77 ms pause. A canvas that leaves the
 * page comes back here instead, shrunk to nothing so it holds no pixels while it waits, and the next waveform to
 * appear takes it.
 */
export class CanvasPool {
  private readonly free: HTMLCanvasElement[] = [];

  constructor(
    private readonly capacity: number,
    private readonly create: () => HTMLCanvasElement,
  ) {}

  /** A canvas not in the page: a kept one when there is one, else a new one. */
  take(): HTMLCanvasElement {
    return this.free.pop() ?? this.create();
  }

  /** Takes the canvas out of the page and keeps it, while fewer than the capacity are kept. */
  give(canvas: HTMLCanvasElement): void {
    canvas.remove();
    canvas.width = 0;
    canvas.height = 0;
    if (this.free.length < this.capacity && !this.free.includes(canvas)) this.free.push(canvas);
  }

  get kept(): number {
    return this.free.length;
  }
}
