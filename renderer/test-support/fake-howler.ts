import type { HowlOptions } from 'howler';

type Handler = (id: number, reason?: unknown) => void;

/**
 * A stand-in for howler's Howl: it records what the app asks of it, and the test says when the clip has loaded,
 * plays, ends or fails (`emit`). Used as `vi.mock('howler', () => import('…/fake-howler.js'))`.
 */
export class Howl {
  readonly options: HowlOptions;
  played = 0;
  paused = 0;
  unloaded = false;
  loaded = false;
  positionS = 0;
  durationS = 2;
  volumeNow: number;
  readonly seeks: number[] = [];
  private readonly onceHandlers = new Map<string, Handler[]>();
  private isPlaying = false;

  constructor(options: HowlOptions) {
    this.options = options;
    this.volumeNow = options.volume ?? 1;
    howls.push(this);
  }

  play(): number {
    this.played += 1;
    this.isPlaying = true;
    return 1;
  }

  pause(): this {
    this.paused += 1;
    this.isPlaying = false;
    return this;
  }

  playing(): boolean {
    return this.isPlaying;
  }

  state(): 'loading' | 'loaded' {
    return this.loaded ? 'loaded' : 'loading';
  }

  duration(): number {
    return this.durationS;
  }

  seek(to?: number): number | this {
    if (to === undefined) return this.positionS;
    this.seeks.push(to);
    return this;
  }

  volume(to?: number): number | this {
    if (to === undefined) return this.volumeNow;
    this.volumeNow = to;
    return this;
  }

  once(event: string, handler: Handler): this {
    this.onceHandlers.set(event, [...(this.onceHandlers.get(event) ?? []), handler]);
    return this;
  }

  unload(): void {
    this.unloaded = true;
    this.isPlaying = false;
  }

  /** What howler would report: `load`, `play`, `pause`, `end`, `seek`, `loaderror` or `playerror`. */
  emit(event: string, reason?: unknown): void {
    if (this.unloaded) return;
    if (event === 'load') this.loaded = true;
    if (event === 'end' || event === 'pause') this.isPlaying = false;
    const handlers = this.onceHandlers.get(event) ?? [];
    this.onceHandlers.delete(event);
    for (const handler of handlers) handler(1, reason);
    const option = this.options[`on${event}` as keyof HowlOptions] as Handler | undefined;
    option?.(1, reason);
  }
}

/** Every Howl made since the last `howls.length = 0`, oldest first. */
export const howls: Howl[] = [];
