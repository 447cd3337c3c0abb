/**
 * Where an export was started: the Export dialog (it runs at once, beside any other), or the export queue
 * (a batch, a generate-then-export, the `timbre` command: one at a time, kept across restarts).
 */
export type ExportOrigin = 'dialog' | 'queue';

interface RunningExport {
  readonly origin: ExportOrigin;
  readonly controller: AbortController;
  /** 0…1 of the whole job, as last reported. */
  fraction: number;
}

/** What the one who started an export holds: it reports the export's progress, then its end. */
export interface RunningExportHandle {
  progress(fraction: number): void;
  end(): void;
}

/**
 * Every export running in this process, whatever started it: one kind of job. The quit prompt counts them and
 * the taskbar shows their progress from here, so an export is never counted twice nor missed.
 */
export class RunningExports {
  private readonly jobs = new Map<string, RunningExport>();
  private readonly listeners = new Set<() => void>();

  /** Counts an export from now until `end()`; `controller` is what cancelling it aborts. */
  begin(job: {
    id: string;
    origin: ExportOrigin;
    controller: AbortController;
    fraction?: number;
  }): RunningExportHandle {
    const entry: RunningExport = {
      origin: job.origin,
      controller: job.controller,
      fraction: job.fraction ?? 0,
    };
    this.jobs.set(job.id, entry);
    this.changed();
    return {
      progress: (fraction) => {
        entry.fraction = fraction;
        this.changed();
      },
      end: () => {
        if (this.jobs.get(job.id) !== entry) return;
        this.jobs.delete(job.id);
        this.changed();
      },
    };
  }

  /** How many exports run, of every origin. */
  count(): number {
    return this.jobs.size;
  }

  /** The mean progress of the running exports, or null when none runs. */
  fraction(): number | null {
    if (this.jobs.size === 0) return null;
    let sum = 0;
    for (const job of this.jobs.values()) sum += job.fraction;
    return sum / this.jobs.size;
  }

  /** Cancels one export of that origin (an id of the other origin is left alone: it has its own controls). */
  cancel(id: string, origin: ExportOrigin): void {
    const job = this.jobs.get(id);
    if (job?.origin === origin) job.controller.abort();
  }

  /** Cancels every export of that origin (the queue puts its own back on quit instead). */
  cancelAll(origin: ExportOrigin): void {
    for (const job of this.jobs.values()) if (job.origin === origin) job.controller.abort();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
