import type { HowlOptions } from 'howler';

type Handler = (id: number, reason?: unknown) => void;

/** A call howler put off, and the event that marks it done (howler 2.2.4's `_queue`). */
interface QueuedCall {
  event: string;
  run(): void;
}

/**
 * A stand-in for howler's Howl: it records what the app asks of it, and the test says when the clip has loaded,
 * plays, ends or fails (`emit`). Used as `vi.mock('howler', () => import('…/fake-howler.js'))`.
 *
 * It puts calls off as howler 2.2.4 does (howler.core.js `_queue`, `_loadQueue`, `_playLock`): before the clip has
 * loaded, and while an HTML5 play is pending (from `play()` on a loaded clip until it emits 'play'), `play`,
 * `seek(to)`, `pause` and `volume(to)` wait in a queue. The queue's first call runs on load, and each later one only
 * once the event of the call before it is emitted — so a seek queued behind a pending play, which emits only
 * 'play', never runs, as in the real howler.
 *
 * It keeps howler's Web Audio buffer cache too (howler.core.js `cache`, `loadBuffer`, `unload`): a Web Audio clip
 * (not `html5`) that loads leaves its file decoded, kept until a Howl of that file is unloaded while no other Howl of
 * it is alive (an HTML5 one counts). A Web Audio Howl of a cached file has loaded when its constructor returns,
 * having emitted 'load' before anyone could listen (howler then calls the `onload` option on a timer).
 */
export class Howl {
  readonly options: HowlOptions;
  /** Calls of `play()` by the app (queued ones included). */
  played = 0;
  /** Pauses that reached the audio (a pause still queued is not counted). */
  paused = 0;
  unloaded = false;
  loaded = false;
  positionS = 0;
  durationS = 2;
  volumeNow: number;
  /** Seeks that reached the audio (a seek still queued is not here). */
  readonly seeks: number[] = [];
  /** Calls howler has put off, oldest first. */
  readonly queue: QueuedCall[] = [];
  private readonly onceHandlers = new Map<string, Handler[]>();
  private isPlaying = false;
  private playLock = false;

  constructor(options: HowlOptions) {
    this.options = options;
    this.volumeNow = options.volume ?? 1;
    const cached =
      this.usesWebAudio() && decoded.has(this.src()) && howls.some((howl) => howl.isAliveFor(this));
    howls.push(this);
    if (cached) {
      this.loaded = true;
      const onload = options.onload;
      if (onload) setTimeout(() => onload(1), 0);
    }
  }

  play(): number {
    this.played += 1;
    this.startPlaying();
    return 1;
  }

  pause(): this {
    if (this.putOff('pause', () => this.pause())) return this;
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
    if (this.putOff('seek', () => this.seek(to))) return this;
    this.seeks.push(to);
    this.positionS = to;
    return this;
  }

  volume(to?: number): number | this {
    if (to === undefined) return this.volumeNow;
    if (this.putOff('volume', () => this.volume(to))) return this;
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
    this.queue.length = 0;
    if (!howls.some((howl) => howl.isAliveFor(this))) decoded.delete(this.src());
  }

  /** What howler would report: `load`, `play`, `pause`, `end`, `seek`, `loaderror` or `playerror`. */
  emit(event: string, reason?: unknown): void {
    if (this.unloaded) return;
    // A clip that plays has loaded and is playing (tests may skip saying it loaded).
    if (event === 'load' || event === 'play') this.loaded = true;
    if (event === 'load' && this.usesWebAudio()) decoded.add(this.src());
    if (event === 'play' || event === 'playerror') this.playLock = false;
    if (event === 'play') this.isPlaying = true;
    if (event === 'end' || event === 'pause' || event === 'playerror') this.isPlaying = false;
    // howler steps its queue inside _emit, before the listeners (which it calls on a timer) run.
    this.stepQueue(event);
    if (event === 'load') this.stepQueue();
    const handlers = this.onceHandlers.get(event) ?? [];
    this.onceHandlers.delete(event);
    for (const handler of handlers) handler(1, reason);
    const option = this.options[`on${event}` as keyof HowlOptions] as Handler | undefined;
    option?.(1, reason);
  }

  private src(): string {
    return String(this.options.src);
  }

  private usesWebAudio(): boolean {
    return this.options.html5 !== true;
  }

  /** Another Howl of the same file, not unloaded: while one lives, howler keeps the file's decoded buffer. */
  private isAliveFor(other: Howl): boolean {
    return this !== other && !this.unloaded && this.src() === other.src();
  }

  private startPlaying(): void {
    if (!this.loaded) {
      this.queue.push({ event: 'play', run: () => this.startPlaying() });
      return;
    }
    if (this.isPlaying) return;
    // HTML5 audio's play() returns a promise: howler holds its play lock until it settles.
    this.playLock = true;
    this.isPlaying = true;
  }

  /** Queues the call as howler does when the clip has not loaded or a play is pending; says whether it did. */
  private putOff(event: string, run: () => void): boolean {
    if (this.loaded && !this.playLock) return false;
    this.queue.push({ event, run });
    return true;
  }

  /** howler's _loadQueue: an event done by the first call drops it and runs the next; no event runs the first. */
  private stepQueue(event?: string): void {
    const first = this.queue[0];
    if (!first) return;
    if (event === undefined) {
      first.run();
      return;
    }
    if (first.event === event) {
      this.queue.shift();
      this.stepQueue();
    }
  }
}

/** Every Howl made since the last `howls.length = 0`, oldest first. */
export const howls: Howl[] = [];

/** The files howler holds decoded (its Web Audio `cache`); only Howls still in `howls` keep an entry in use. */
const decoded = new Set<string>();
