import type { Logger } from '../logging/logger.js';
import type { Clock } from '../service-client/index.js';
import { JobActionError } from './job-errors.js';
import type { JobStore, StoredJob } from './job-store.js';
import type { JobError, JobEvent, JobListener, JobRecord, JobStatus } from './job-types.js';
import { FINAL_STATUSES } from './job-types.js';

type Waiter = { resolve(record: JobRecord): void; reject(error: Error): void };

/**
 * The state the submitter and the poller share: the jobs of one service, their file, the lifecycle, the event
 * listeners, whoever waits for a job to finish, and the promises stop() must let settle. Status changes go
 * through here so that every one is stamped, saved and reported the same way.
 */
export class JobLedger {
  readonly jobs = new Map<string, StoredJob>();
  lifecycle: 'new' | 'running' | 'stopped' = 'new';
  private readonly listeners = new Set<JobListener>();
  private readonly waiters = new Map<string, Waiter[]>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    readonly store: JobStore,
    private readonly clock: Clock,
    private readonly logger: Logger | undefined,
    /** Told when a job reaches a final status, so its polling stops at once. */
    private readonly onFinished: (jobId: string) => void,
  ) {}

  get isRunning(): boolean {
    return this.lifecycle === 'running';
  }

  listen(listener: JobListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  require(jobId: string): StoredJob {
    const job = this.jobs.get(jobId);
    if (!job)
      throw new JobActionError('JOB_NOT_FOUND', `There is no job ${jobId} for ${this.store.serviceUrl}.`);
    return job;
  }

  /** Resolves when the job reaches a final status, once that status is on disk. */
  waitFor(jobId: string): Promise<JobRecord> {
    const job = this.require(jobId);
    if (FINAL_STATUSES.includes(job.record.status)) return Promise.resolve(snapshot(job.record));
    return new Promise((resolve, reject) => {
      const waiting = this.waiters.get(jobId) ?? [];
      waiting.push({ resolve, reject });
      this.waiters.set(jobId, waiting);
    });
  }

  logSkipped(skipped: number): void {
    this.logger?.warn(`Jobs: ${skipped} unreadable job entries were skipped`, { file: this.store.filePath });
  }

  rejectWaiters(): void {
    for (const [jobId, waiting] of this.waiters) {
      for (const waiter of waiting)
        waiter.reject(new JobActionError('JOB_MANAGER_STOPPED', `Stopped before job ${jobId} finished.`));
    }
    this.waiters.clear();
  }

  setStatus(job: StoredJob, status: JobStatus, error?: JobError): void {
    job.record.status = status;
    job.record.updatedAt = this.isoNow();
    if (status === 'unknown-outcome') job.record.outcomeUnknownAt ??= job.record.updatedAt;
    if (error) job.record.error = error;
    else if (status !== 'failed' && status !== 'stuck' && status !== 'unknown-outcome')
      delete job.record.error;
  }

  finish(job: StoredJob, status: JobStatus, error?: JobError): void {
    this.setStatus(job, status, error);
    job.record.finishedAt = this.isoNow();
    delete job.record.nextAttemptAt;
    this.onFinished(job.record.id);
    this.emitUpdate(job);
    const waiting = this.waiters.get(job.record.id);
    this.waiters.delete(job.record.id);
    if (!waiting) return;
    // Waiters learn of the outcome once it is on disk, so whoever acts on it (or exits) cannot lose it.
    const done = snapshot(job.record);
    const settle = (): void => {
      for (const waiter of waiting) waiter.resolve(done);
    };
    this.track(this.store.save().then(settle, settle));
  }

  /** Runs a change; when it reports one, saves and emits (finish() has emitted already for final states). */
  updateAndSave(job: StoredJob, change: () => boolean | void): void {
    const wasFinal = FINAL_STATUSES.includes(job.record.status);
    const changed = change() !== false;
    if (!changed) return;
    const becameFinal = !wasFinal && FINAL_STATUSES.includes(job.record.status);
    if (!becameFinal) this.emitUpdate(job);
    this.track(this.saveLogged());
  }

  /** Saves the file; a failure is logged, not thrown (the jobs stay in memory and the next save retries). */
  saveLogged(): Promise<void> {
    return this.store
      .save()
      .catch((error: unknown) =>
        this.logger?.error('Jobs: saving the job file failed', { error: String(error) }),
      );
  }

  emitUpdate(job: StoredJob): void {
    this.emit({ type: 'job-updated', job: snapshot(job.record) });
  }

  emit(event: JobEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger?.error('Jobs: an event listener threw', { error: String(error) });
      }
    }
  }

  /** Keeps a background promise so stop() can wait for it. */
  track(promise: Promise<unknown>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  settleInFlight(): Promise<unknown> {
    return Promise.allSettled([...this.inFlight]);
  }

  isoNow(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

export function snapshot(record: JobRecord): JobRecord {
  return structuredClone(record);
}
