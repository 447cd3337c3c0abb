import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThumbnailMaker } from './thumbnail-maker.js';

/** The parts of the offscreen <video> the maker uses: happy-dom's element neither loads nor seeks. */
class FakeVideo extends EventTarget {
  readyState = 4;
  muted = false;
  preload = '';
  src = '';
  /** Every time the maker sought to, in seconds. */
  readonly seeks: number[] = [];
  set currentTime(seconds: number) {
    this.seeks.push(seconds);
  }
  removeAttribute(): void {}
  load(): void {}
  /** The seek in flight ends: its frame can be drawn. */
  finishSeek(): void {
    this.dispatchEvent(new Event('seeked'));
  }
}

const FRAME_MS = 16;
let maker: ThumbnailMaker | undefined;

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
  });
});

afterEach(() => {
  maker?.dispose();
  maker = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start() {
  const video = new FakeVideo();
  // The maker makes a <video> and a <canvas>, nothing else.
  const canvas = document.createElement('canvas');
  // Typed by hand: createElement's overloads (Electron's <webview> among them) defeat the mock's inference.
  const createElement = vi.spyOn(document, 'createElement') as unknown as MockInstance<
    (tag: string) => HTMLElement
  >;
  createElement.mockImplementation((tag) => (tag === 'video' ? (video as unknown as HTMLElement) : canvas));
  // happy-dom's canvas draws nothing: a context that takes the frame and a fixed JPEG stand in.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: () => undefined,
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,AA==');
  const made: string[][] = [];
  maker = new ThumbnailMaker('app://video', { width: 64, height: 36 }, (thumbnails) =>
    made.push([...thumbnails.keys()]),
  );
  return { video, made, maker };
}

/** A scroll: the view moves every frame for `forMs`. */
function scroll(target: ThumbnailMaker, forMs: number): void {
  for (let elapsed = 0; elapsed < forMs; elapsed += FRAME_MS) {
    target.viewMoved();
    vi.advanceTimersByTime(FRAME_MS);
  }
}

describe('ThumbnailMaker', () => {
  it('seeks to the first wanted thumbnail in the next frame while the view is still, and draws it', () => {
    const { video, made, maker } = start();
    maker.want([{ key: 'a', timeMs: 2_000 }]);
    vi.advanceTimersByTime(FRAME_MS);
    expect(video.seeks).toEqual([2]);
    video.finishSeek();
    vi.advanceTimersByTime(FRAME_MS);
    expect(made).toEqual([['a']]);
  });

  it('seeks nothing while the timeline scrolls, and the newest wanted thumbnail 150 ms after it rests', () => {
    const { video, maker } = start();
    maker.viewMoved();
    maker.want([{ key: 'a', timeMs: 1_000 }]);
    scroll(maker, 400);
    maker.want([{ key: 'b', timeMs: 9_000 }]);
    scroll(maker, 400);
    expect(video.seeks).toEqual([]);
    vi.advanceTimersByTime(120);
    expect(video.seeks).toEqual([]);
    vi.advanceTimersByTime(30 + FRAME_MS);
    expect(video.seeks).toEqual([9]);
  });

  it('draws a seek that ended during a scroll only once the view rests, then goes on to the next', () => {
    const { video, made, maker } = start();
    maker.want([
      { key: 'a', timeMs: 1_000 },
      { key: 'b', timeMs: 3_000 },
    ]);
    vi.advanceTimersByTime(FRAME_MS);
    expect(video.seeks).toEqual([1]);
    maker.viewMoved();
    video.finishSeek();
    scroll(maker, 300);
    expect(made).toEqual([]);
    vi.advanceTimersByTime(150 + FRAME_MS);
    expect(made).toEqual([['a']]);
    vi.advanceTimersByTime(FRAME_MS);
    expect(video.seeks).toEqual([1, 3]);
  });

  it('draws a seek that ends while a step for the loaded data waits for its frame', () => {
    // Under load the file's data can arrive after the first seek started (metadata only when it did): the seek's
    // end then meets the step the data scheduled, and must not be lost behind it.
    const { video, made, maker } = start();
    video.readyState = 1;
    maker.want([
      { key: 'a', timeMs: 1_000 },
      { key: 'b', timeMs: 3_000 },
    ]);
    vi.advanceTimersByTime(FRAME_MS);
    expect(video.seeks).toEqual([1]);
    video.readyState = 4;
    video.dispatchEvent(new Event('loadeddata'));
    video.finishSeek();
    vi.advanceTimersByTime(FRAME_MS);
    expect(made).toEqual([['a']]);
    vi.advanceTimersByTime(FRAME_MS);
    expect(video.seeks).toEqual([1, 3]);
  });

  it('starts seeking once the file says its length, without waiting for its first frame', () => {
    // Seeking needs the metadata only: a file whose first frame is slow to come (or never does) still gets its
    // thumbnails from the frames it can seek to.
    const { video, made, maker } = start();
    video.readyState = 0;
    maker.want([{ key: 'a', timeMs: 1_000 }]);
    vi.advanceTimersByTime(FRAME_MS);
    expect(video.seeks).toEqual([]);
    video.readyState = 1;
    video.dispatchEvent(new Event('loadedmetadata'));
    vi.advanceTimersByTime(FRAME_MS);
    expect(video.seeks).toEqual([1]);
    video.finishSeek();
    vi.advanceTimersByTime(FRAME_MS);
    expect(made).toEqual([['a']]);
  });
});
