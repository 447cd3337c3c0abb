import { ListenerScope } from '../../../shared/listeners.js';

/*
 * Thumbnails made in the page: an offscreen <video> of the same file is seeked to each wanted time and its frame
 * drawn on a small canvas (Chromium decodes; nothing leaves the machine). One seek and one draw per animation
 * frame, so making thumbnails never holds a frame of the timeline's scrolling.
 */

/** Thumbnails kept (about 4 KB each as JPEG): a few screens' worth at several zooms. */
const THUMBNAIL_CACHE_SIZE = 600;

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
    this.scope.listen(this.video, 'seeked', () => this.scope.frame(() => this.draw()));
    this.scope.listen(this.video, 'loadeddata', () => this.next());
    // A file the offscreen element cannot decode gets no thumbnails, and no endless retries.
    this.scope.listen(this.video, 'error', () => {
      this.broken = true;
      this.current = null;
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
    if (this.current === null) this.next();
  }

  dispose(): void {
    this.scope.dispose();
    this.wanted = [];
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
    // The next seek waits for the next frame: one decode and draw per frame at most.
    this.scope.frame(() => this.next());
  }
}
