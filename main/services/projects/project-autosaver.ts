import type { Project } from '../../../common/project/index.js';

/** The timer functions the autosaver uses; tests pass fake ones. */
export interface AutosaveTimers {
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ProjectAutosaverOptions {
  save(project: Project): Promise<void>;
  /** Quiet time after the last edit before saving. Default 1 s. */
  delayMs?: number;
  /**
   * Longest an edit waits while edits keep coming (someone typing without pause would otherwise never be saved).
   * Default 10 s.
   */
  maxDelayMs?: number;
  timers?: AutosaveTimers;
  /** Milliseconds clock for maxDelayMs. */
  now?: () => number;
  onSaved?: (project: Project) => void;
  /** A failed save; the project stays pending and is retried on the next edit or flush. */
  onError?: (error: unknown) => void;
}

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'failed';

const systemTimers: AutosaveTimers = {
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Saves the latest version of a project a moment after the last edit (debounced), one save at a time, always
 * the newest state; flush() saves now and waits (on quit, on closing the project). A failed save is not retried
 * in a loop: a refusal (the file on disk is damaged or changed elsewhere) would fail again; the next edit or
 * flush tries again, and onError lets the editor say what happened.
 */
export class ProjectAutosaver {
  private pending: Project | undefined;
  private firstPendingAt: number | undefined;
  private timer: unknown;
  private inFlight: Promise<void> | undefined;
  private lastError: unknown;
  private disposed = false;
  private readonly delayMs: number;
  private readonly maxDelayMs: number;
  private readonly timers: AutosaveTimers;
  private readonly now: () => number;

  constructor(private readonly options: ProjectAutosaverOptions) {
    this.delayMs = options.delayMs ?? 1000;
    this.maxDelayMs = Math.max(this.delayMs, options.maxDelayMs ?? 10_000);
    this.timers = options.timers ?? systemTimers;
    this.now = options.now ?? Date.now;
  }

  /** Records an edit: `project` is the newest state; it is saved once edits pause. */
  schedule(project: Project): void {
    if (this.disposed) throw new Error('This autosaver was disposed; create a new one for the project.');
    this.pending = project;
    const now = this.now();
    this.firstPendingAt ??= now;
    const wait = Math.max(0, Math.min(this.delayMs, this.firstPendingAt + this.maxDelayMs - now));
    this.clearTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      // Failures reach the editor through onError; nobody awaits a timer.
      this.drain().catch(() => undefined);
    }, wait);
  }

  /** Saves any pending state now and waits until everything scheduled so far is on disk; rejects if it is not. */
  async flush(): Promise<void> {
    this.clearTimer();
    while (this.pending !== undefined || this.inFlight !== undefined) await this.drain();
  }

  /** Flushes, then refuses further edits. */
  async dispose(): Promise<void> {
    try {
      await this.flush();
    } finally {
      this.disposed = true;
      this.clearTimer();
    }
  }

  get status(): AutosaveStatus {
    if (this.inFlight !== undefined) return 'saving';
    if (this.lastError !== undefined) return 'failed';
    return this.pending === undefined ? 'idle' : 'pending';
  }

  get hasUnsavedChanges(): boolean {
    return this.pending !== undefined || this.inFlight !== undefined;
  }

  /** The error of the last save, until a save succeeds. */
  get error(): unknown {
    return this.lastError;
  }

  private drain(): Promise<void> {
    this.inFlight ??= this.saveWhilePending().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async saveWhilePending(): Promise<void> {
    while (this.pending !== undefined) {
      const project = this.pending;
      this.pending = undefined;
      this.firstPendingAt = undefined;
      try {
        await this.options.save(project);
      } catch (error) {
        // Keep the unsaved state unless a newer edit already replaced it.
        this.pending ??= project;
        this.lastError = error;
        this.options.onError?.(error);
        throw error;
      }
      this.lastError = undefined;
      this.options.onSaved?.(project);
    }
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
