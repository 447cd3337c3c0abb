import { ListenerScope } from '../../../shared/listeners.js';

/*
 * Thumbnails made in the page: an offscreen <video> of the same file is seeked to each wanted time and its frame
 * drawn on a small canvas (Chromium decodes; nothing leaves the machine). One seek and one draw per animation
 * frame, and none while the timeline moves: a seek decodes up to a whole group of pictures (a second or two of
 * video) on the machine's cores and a draw encodes a JPEG and re-renders the strip, and done during a scroll they
 * cost the scroll its frames (issue 39's benchmark: 4–10 frames over 50 ms with the strip, none without it).
 */

/** Thumbnails kept (about 4 KB each as JPEG): a few screens' worth at several zooms. */
const THUMBNAIL_CACHE_SIZE = 600;

/**
 * How long the view must rest (no scroll, no zoom) before the next seek or draw: longer than the gap between two
 * frames of a scroll or two steps of a wheel, short enough that the thumbnails fill in as soon as the user stops.
 */
const VIEW_REST_MS = 150;

export interface ThumbnailRequest {
  key: string;
  timeMs: number;
}

export class ThumbnailMaker {
  private readonly scope = new ListenerScope();
  private readonly video: HTMLVideoElement;
  private readonly canvas: HTMLCanvasElement;
  /** Made thumbnails (JPEG data URLs) by key, the longest unseen first. */
  private readonly made = new Map<string, string>();
  private wanted: ThumbnailRequest[] = [];
  private current: ThumbnailRequest | null = null;
  private broken = false;
  /** When the view last moved (performance.now()): seeks and draws wait until it has rested. */
  private movedAt = Number.NEGATIVE_INFINITY;
  /** A step is waiting for the view to rest (one at a time: the maker's steps run in turn). */
  private waiting = false;
  /**
   * The seek in flight has ended and its frame awaits drawing. A flag the step reads, not a step of its own: the
   * seek can end while a step scheduled for another reason (the file's data arriving) waits for its frame.
   */
  private seekEnded = false;

  constructor(
    url: string,
    private readonly size: { width: number; height: number },
    private readonly onMade: (made: ReadonlyMap<string, string>) => void,
  ) {
    this.video = document.createElement('video');
    this.video.muted = true;
    this.video.preload = 'auto';
    this.canvas = document.createElement('canvas');
    this.canvas.width = size.width;
    this.canvas.height = size.height;
    this.scope.listen(this.video, 'seeked', () => {
      if (this.current === null) return;
      this.seekEnded = true;
      this.stepAfterRest();
    });
    // Seeking needs the file's length only (readyState 1); its first frame (loadeddata) may come much later.
    this.scope.listen(this.video, 'loadedmetadata', () => this.stepAfterRest());
    this.scope.listen(this.video, 'loadeddata', () => this.stepAfterRest());
    // A file the offscreen element cannot decode gets no thumbnails, and no endless retries.
    this.scope.listen(this.video, 'error', () => {
      this.broken = true;
      this.current = null;
      this.seekEnded = false;
    });
    this.video.src = url;
  }

  /** What is wanted now, in order (the visible range): anything asked for before and no longer in view is dropped. */
  want(requests: readonly ThumbnailRequest[]): void {
    this.wanted = [];
    for (const request of requests) {
      const made = this.made.get(request.key);
      if (made === undefined) {
        this.wanted.push(request);
      } else {
        // In view again: kept longest.
        this.made.delete(request.key);
        this.made.set(request.key, made);
      }
    }
    if (this.current === null) this.stepAfterRest();
  }

  /** The timeline scrolled or zoomed: making waits until it rests. */
  viewMoved(): void {
    this.movedAt = performance.now();
  }

  dispose(): void {
    this.scope.dispose();
    this.wanted = [];
    this.current = null;
    this.seekEnded = false;
    this.video.removeAttribute('src');
    this.video.load();
  }

  private next(): void {
    if (this.broken || this.current !== null || this.video.readyState < 1) return;
    const request = this.wanted.shift();
    if (request === undefined) return;
    this.current = request;
    this.video.currentTime = request.timeMs / 1000;
  }

  private draw(): void {
    const request = this.current;
    this.current = null;
    if (request === null) return;
    const context = this.canvas.getContext('2d');
    if (context !== null) {
      context.drawImage(this.video, 0, 0, this.size.width, this.size.height);
      this.made.set(request.key, this.canvas.toDataURL('image/jpeg', 0.7));
      if (this.made.size > THUMBNAIL_CACHE_SIZE) this.made.delete(this.made.keys().next().value!);
      // A copy: the strip renders from it while more are made.
      this.onMade(new Map(this.made));
    }
    // The next seek waits for the next frame (and for the view to rest): one decode and draw per frame at most.
    this.stepAfterRest();
  }

  /** The maker's one step: draw the frame a seek ended on, else start the next seek. */
  private step(): void {
    if (this.seekEnded) {
      this.seekEnded = false;
      this.draw();
    } else {
      this.next();
    }
  }

  /** Runs the next step in the first animation frame after the view has rested VIEW_REST_MS. */
  private stepAfterRest(): void {
    if (this.waiting) return;
    this.waiting = true;
    const whenRested = (): void => {
      const restLeftMs = this.movedAt + VIEW_REST_MS - performance.now();
      if (restLeftMs > 0) {
        this.scope.timeout(whenRested, restLeftMs);
        return;
      }
      this.scope.frame(() => {
        this.waiting = false;
        this.step();
      });
    };
    whenRested();
  }
}
