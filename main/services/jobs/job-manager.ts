import { randomUUID } from 'node:crypto';
import type { TaskRequestBody } from '../../../common/rules/index.js';
import { isLongRunningVoiceStatus, validateTaskRequest } from '../../../common/rules/index.js';
import type { Logger } from '../logging/logger.js';
import type {
  CallOptions,
  Clock,
  CreateVoiceInput,
  CreateVoiceOptions,
  ServiceError,
  ServiceResult,
  TaskData,
  VoiceData,
} from '../service-client/index.js';
import { systemClock, validationError } from '../service-client/index.js';
import {
  asServiceError,
  decidePollFailure,
  decideRemoteStatus,
  decideSubmitFailure,
} from './job-decisions.js';
import { JobActionError, OUTCOME_UNKNOWN_MESSAGE } from './job-errors.js';
import { checkVoiceJob, estimateCharacters, pickLinks, prepareTaskBody } from './job-inputs.js';
import type { StoredJob } from './job-store.js';
import { JobStore, jobFilePath, normaliseServiceUrl } from './job-store.js';
import type {
  JobError,
  JobEvent,
  JobListener,
  JobRecord,
  JobStatus,
  SubmitTaskInput,
  SubmitVoiceInput,
} from './job-types.js';
import { CANCELLABLE_STATUSES, FINAL_STATUSES, RETRYABLE_STATUSES } from './job-types.js';
import type { PollSchedule } from './poll-schedule.js';
import { DEFAULT_POLL_SCHEDULE, errorDelayMs, pollDelayMs } from './poll-schedule.js';
import { Reachability } from './reachability.js';

/** The four operations, as the job manager needs them (ServiceClient fits; tests may pass a double). */
export interface JobServiceClient {
  readonly baseUrl: string;
  createTask(body: TaskRequestBody, options?: CallOptions): Promise<ServiceResult<TaskData>>;
  getTask(id: string, options?: CallOptions): Promise<ServiceResult<TaskData>>;
  createVoice(input: CreateVoiceInput, options?: CreateVoiceOptions): Promise<ServiceResult<VoiceData>>;
  getVoice(id: string, options?: CallOptions): Promise<ServiceResult<VoiceData>>;
}

export interface JobManagerOptions {
  client: JobServiceClient;
  /** The app's data folder; jobs go to `<dataDir>/jobs/<service>.json`. */
  dataDir: string;
  clock?: Clock;
  random?: () => number;
  schedule?: Partial<PollSchedule>;
  /** Submissions in flight at once; the rest wait as `queued`. Default 4. */
  maxConcurrentSubmissions?: number;
  /** How long stop() lets submissions already on the wire finish before cancelling them. Default 2 s. */
  stopGraceMs?: number;
  logger?: Logger;
}

interface Poller {
  pollIndex: number;
  failures: number;
  cancelTimer?: () => void;
  controller?: AbortController;
}

/** A GET for an id that cannot exist: any HTTP answer (404 included) proves the service is reachable. */
const PROBE_TASK_ID = '00000000-0000-0000-0000-000000000000';
const PROBE_TIMEOUT_MS = 5_000;
const PROGRESS_EVENT_INTERVAL_MS = 100;

/**
 * Owns every task and voice job of one service: submits them (validated first, never twice), polls them on a
 * backing-off schedule (poll-schedule.ts), keeps them in a per-service JSON file across restarts, queues
 * submissions while the service is unreachable and reports every change as a small event.
 */
export class JobManager {
  readonly serviceUrl: string;
  private readonly client: JobServiceClient;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly schedule: PollSchedule;
  private readonly maxConcurrentSubmissions: number;
  private readonly stopGraceMs: number;
  private readonly logger: Logger | undefined;
  private readonly store: JobStore;
  private readonly reachability: Reachability;

  private readonly jobs = new Map<string, StoredJob>();
  private readonly listeners = new Set<JobListener>();
  private readonly pollers = new Map<string, Poller>();
  private readonly submissions = new Map<string, AbortController>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly waiters = new Map<
    string,
    Array<{ resolve: (job: JobRecord) => void; reject: (error: Error) => void }>
  >();
  private state: 'new' | 'running' | 'stopped' = 'new';
  private cancelPumpTimer: (() => void) | undefined;

  constructor(options: JobManagerOptions) {
    this.client = options.client;
    this.serviceUrl = normaliseServiceUrl(options.client.baseUrl);
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.schedule = { ...DEFAULT_POLL_SCHEDULE, ...options.schedule };
    this.maxConcurrentSubmissions = options.maxConcurrentSubmissions ?? 4;
    this.stopGraceMs = options.stopGraceMs ?? 2_000;
    this.logger = options.logger;
    this.store = new JobStore(jobFilePath(options.dataDir, this.serviceUrl), this.serviceUrl, () => [
      ...this.jobs.values(),
    ]);
    this.reachability = new Reachability(
      (signal) => this.probe(signal),
      this.clock,
      this.schedule,
      this.random,
      (reachable) => this.onReachabilityChange(reachable),
    );
  }

  get filePath(): string {
    return this.store.filePath;
  }

  get isServiceReachable(): boolean {
    return this.reachability.isReachable;
  }

  /** Subscribes to job events; returns the unsubscribe function. */
  onEvent(listener: JobListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Loads the job file and resumes: running jobs are polled again, queued ones are sent. A job caught in the
   * middle of its POST by a crash is NOT sent again (see recoverInterrupted).
   */
  async start(): Promise<void> {
    if (this.state !== 'new')
      throw new JobActionError('JOB_MANAGER_STOPPED', 'The job manager can only be started once.');
    const { jobs, skipped } = await this.store.load();
    if (skipped > 0)
      this.logger?.warn(`Jobs: ${skipped} unreadable job entries were skipped`, {
        file: this.store.filePath,
      });
    this.state = 'running';
    const changed: StoredJob[] = [];
    for (const job of jobs) {
      this.jobs.set(job.record.id, job);
      if (this.recoverInterrupted(job)) changed.push(job);
    }
    if (changed.length > 0) await this.store.save();
    for (const job of changed) this.emitUpdate(job);
    for (const job of this.jobs.values()) {
      if (job.record.status === 'running') this.schedulePoll(job, 0);
    }
    this.pump();
  }

  /**
   * A job persisted as `submitting` was in the middle of its POST when the app stopped. The POST may have
   * reached the service, which then froze credits and created the task; there is no operation to look a task
   * up by anything but its id (which never came back), so sending it again could create a second, paid task.
   * It becomes `unknown-outcome` and the user decides. Queued jobs are certainly unsent and simply go out.
   */
  private recoverInterrupted(job: StoredJob): boolean {
    const record = job.record;
    if (record.status === 'submitting' || (record.status === 'running' && record.remoteId === undefined)) {
      this.setStatus(job, 'unknown-outcome', { code: 'OUTCOME_UNKNOWN', message: OUTCOME_UNKNOWN_MESSAGE });
      record.finishedAt = record.updatedAt;
      return true;
    }
    return false;
  }

  /**
   * Stops cleanly: timers cancelled, polls aborted, submissions already on the wire given `stopGraceMs` to
   * finish (so an ordinary quit does not leave them with an unknown outcome) and then aborted, the file saved.
   */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    const wasRunning = this.state === 'running';
    this.state = 'stopped';
    this.cancelPumpTimer?.();
    this.reachability.stop();
    for (const poller of this.pollers.values()) {
      poller.cancelTimer?.();
      poller.controller?.abort();
    }
    this.pollers.clear();
    if (this.submissions.size > 0) {
      const cancelGrace = this.clock.setTimer(() => {
        for (const controller of this.submissions.values()) controller.abort();
      }, this.stopGraceMs);
      await Promise.allSettled([...this.inFlight]);
      cancelGrace();
    }
    await Promise.allSettled([...this.inFlight]);
    if (wasRunning) await this.store.save();
    for (const [jobId, waiting] of this.waiters) {
      for (const waiter of waiting)
        waiter.reject(new JobActionError('JOB_MANAGER_STOPPED', `Stopped before job ${jobId} finished.`));
    }
    this.waiters.clear();
  }

  /** After the machine wakes up: poll every running job now and probe the service if it was unreachable. */
  wake(): void {
    if (this.state !== 'running') return;
    for (const job of this.jobs.values()) {
      if (job.record.status !== 'running') continue;
      const poller = this.pollers.get(job.record.id);
      if (poller?.controller) continue;
      if (poller) {
        poller.pollIndex = 0;
        poller.failures = 0;
      }
      this.schedulePoll(job, 0);
    }
    this.reachability.probeNow();
    this.pump();
  }

  /**
   * Accepts a task: blocks are stripped to their type's keys and the body validated (violations are thrown
   * as a `validation` ServiceError naming block, field and rule). Resolves once the job is safely on disk;
   * follow it with events or waitFor().
   */
  async submitTask(input: SubmitTaskInput, links: { retryOf?: string } = {}): Promise<JobRecord> {
    this.assertRunning();
    const body = prepareTaskBody(input.body, input.sync);
    const violations = validateTaskRequest(body, { serviceOrigin: this.serviceUrl });
    if (violations.length > 0) throw validationError(violations);
    const now = this.isoNow();
    const job: StoredJob = {
      record: {
        id: randomUUID(),
        kind: 'task',
        serviceUrl: this.serviceUrl,
        status: this.reachability.isReachable ? 'queued' : 'queued-offline',
        createdAt: now,
        updatedAt: now,
        characters: estimateCharacters(body),
        ...(body.sync === true ? { sync: true } : {}),
        ...links,
        ...pickLinks(input),
      },
      request: { kind: 'task', body },
    };
    return this.accept(job);
  }

  /** Accepts a voice creation; files are checked now (size, limits) and uploaded when its turn comes. */
  async submitVoice(input: SubmitVoiceInput, links: { retryOf?: string } = {}): Promise<JobRecord> {
    this.assertRunning();
    const voice = input.voice;
    const violations = await checkVoiceJob(voice);
    if (violations.length > 0) throw validationError(violations);
    const now = this.isoNow();
    const job: StoredJob = {
      record: {
        id: randomUUID(),
        kind: 'voice',
        serviceUrl: this.serviceUrl,
        status: this.reachability.isReachable ? 'queued' : 'queued-offline',
        createdAt: now,
        updatedAt: now,
        voiceName: voice.name,
        ...links,
        ...pickLinks(input),
      },
      request: { kind: 'voice', voice },
    };
    return this.accept(job);
  }

  /** Submits a failed, stuck, cancelled or unknown-outcome job again, as a new job linked to the old one. */
  async retry(jobId: string): Promise<JobRecord> {
    this.assertRunning();
    const old = this.require(jobId);
    if (!RETRYABLE_STATUSES.includes(old.record.status)) {
      throw new JobActionError(
        'JOB_NOT_RETRYABLE',
        `Job ${jobId} is ${old.record.status}; only failed, stuck, cancelled or unknown-outcome jobs can be retried.`,
      );
    }
    const links = { retryOf: jobId };
    const common = pickLinks(old.record);
    const fresh =
      old.request.kind === 'task'
        ? await this.submitTask(
            {
              ...common,
              body: old.request.body,
              ...(old.record.kind === 'task' && old.record.sync ? { sync: true } : {}),
            },
            links,
          )
        : await this.submitVoice({ ...common, voice: old.request.voice }, links);
    old.record.retriedBy = fresh.id;
    old.record.updatedAt = this.isoNow();
    await this.store.save();
    this.emitUpdate(old);
    return fresh;
  }

  /** Cancels a job that has not been sent (or whose outcome is unknown: the user chose not to resend it). */
  async cancel(jobId: string): Promise<JobRecord> {
    const job = this.require(jobId);
    if (!CANCELLABLE_STATUSES.includes(job.record.status)) {
      throw new JobActionError(
        'JOB_NOT_CANCELLABLE',
        `Job ${jobId} is ${job.record.status}; only queued jobs (or ones with an unknown outcome) can be cancelled.`,
      );
    }
    this.finish(job, 'cancelled');
    await this.store.save();
    return snapshot(job.record);
  }

  /** Forgets a finished job (it disappears from the list and the file). */
  async remove(jobId: string): Promise<void> {
    const job = this.require(jobId);
    if (!FINAL_STATUSES.includes(job.record.status)) {
      throw new JobActionError(
        'JOB_NOT_REMOVABLE',
        `Job ${jobId} is ${job.record.status}; only finished jobs can be removed.`,
      );
    }
    this.jobs.delete(jobId);
    await this.store.save();
    this.emit({ type: 'job-removed', jobId });
  }

  /** Every job of this service, newest first. */
  list(): JobRecord[] {
    return [...this.jobs.values()]
      .reverse()
      .sort((a, b) => b.record.createdAt.localeCompare(a.record.createdAt))
      .map((job) => snapshot(job.record));
  }

  get(jobId: string): JobRecord | undefined {
    const job = this.jobs.get(jobId);
    return job ? snapshot(job.record) : undefined;
  }

  /** Resolves when the job reaches a final status (succeeded, failed, stuck, unknown-outcome, cancelled). */
  waitFor(jobId: string): Promise<JobRecord> {
    const job = this.require(jobId);
    if (FINAL_STATUSES.includes(job.record.status)) return Promise.resolve(snapshot(job.record));
    return new Promise((resolve, reject) => {
      const waiting = this.waiters.get(jobId) ?? [];
      waiting.push({ resolve, reject });
      this.waiters.set(jobId, waiting);
    });
  }

  // ---- submission -------------------------------------------------------------------------------------------

  private async accept(job: StoredJob): Promise<JobRecord> {
    this.jobs.set(job.record.id, job);
    await this.store.save();
    this.emitUpdate(job);
    this.pump();
    return snapshot(job.record);
  }

  /** Sends queued jobs while there are free submission slots and the service is reachable. */
  private pump(): void {
    if (this.state !== 'running') return;
    this.cancelPumpTimer?.();
    this.cancelPumpTimer = undefined;
    const queued = [...this.jobs.values()].filter(
      (job) => job.record.status === 'queued' || job.record.status === 'queued-offline',
    );
    if (!this.reachability.isReachable) {
      // Make the offline queue visible: everything waiting is waiting for the service now.
      for (const job of queued)
        if (job.record.status === 'queued')
          this.updateAndSave(job, () => this.setStatus(job, 'queued-offline'));
      return;
    }
    const now = this.clock.now();
    let earliest: number | undefined;
    for (const job of queued) {
      if (this.submissions.size >= this.maxConcurrentSubmissions) return;
      const due = job.record.nextAttemptAt === undefined ? 0 : Date.parse(job.record.nextAttemptAt);
      if (due > now) {
        earliest = Math.min(earliest ?? due, due);
        continue;
      }
      this.track(this.send(job));
    }
    if (earliest !== undefined) this.cancelPumpTimer = this.clock.setTimer(() => this.pump(), earliest - now);
  }

  private async send(job: StoredJob): Promise<void> {
    const record = job.record;
    const controller = new AbortController();
    // Taken synchronously, before any await, so pump() never picks the same job twice.
    this.submissions.set(record.id, controller);
    this.setStatus(job, 'submitting');
    delete record.nextAttemptAt;
    record.submittedAt = this.isoNow();
    try {
      // The intent is on disk BEFORE the request starts: if the app dies during the POST, the restart finds
      // `submitting` and does not send it blindly again.
      await this.store.save();
      this.emitUpdate(job);
      if (this.state !== 'running') {
        this.setStatus(job, 'queued');
        this.emitUpdate(job);
        return;
      }
      let result: ServiceResult<TaskData> | ServiceResult<VoiceData>;
      try {
        result = await this.post(job, controller.signal);
      } catch (caught) {
        this.onSubmitFailure(job, asServiceError(caught));
        // finish() has reported final outcomes; a job put back in a queue is reported here.
        if (!FINAL_STATUSES.includes(record.status)) this.emitUpdate(job);
        return;
      }
      // Recorded even when stopping: the remote id is what makes the job trackable after a restart.
      this.reachability.markReachable();
      record.remoteId = result.data.id;
      record.status = 'running';
      this.applyRemote(job, result.data, result.requestId);
      // finish() reports a job that ended at once; one the service is still working on is reported here, so the
      // UI moves from "Sending" to the service's own status (e.g. `creating`) without waiting for a change.
      if (!FINAL_STATUSES.includes(record.status)) this.emitUpdate(job);
    } finally {
      this.submissions.delete(record.id);
      await this.store
        .save()
        .catch((error: unknown) =>
          this.logger?.error('Jobs: saving the job file failed', { error: String(error) }),
        );
      if (this.state === 'running') this.pump();
    }
  }

  private post(
    job: StoredJob,
    signal: AbortSignal,
  ): Promise<ServiceResult<TaskData> | ServiceResult<VoiceData>> {
    const request = job.request;
    if (request.kind === 'task') return this.client.createTask(request.body, { signal });
    let lastEmit = 0;
    return this.client.createVoice(request.voice, {
      signal,
      onUploadProgress: ({ sentBytes, totalBytes }) => {
        const now = this.clock.now();
        if (sentBytes < totalBytes && now - lastEmit < PROGRESS_EVENT_INTERVAL_MS) return;
        lastEmit = now;
        this.emit({ type: 'job-progress', jobId: job.record.id, sentBytes, totalBytes });
      },
    });
  }

  private onSubmitFailure(job: StoredJob, error: ServiceError): void {
    if (error.kind === 'http') this.reachability.markReachable();
    const decision = decideSubmitFailure(error, errorDelayMs(1, this.schedule, this.random));
    switch (decision.next) {
      case 'failed':
      case 'unknown-outcome':
        this.finish(job, decision.next, decision.error);
        return;
      case 'queued-offline':
        this.setStatus(job, 'queued-offline');
        this.reachability.markUnreachable();
        return;
      case 'queued':
        this.setStatus(job, 'queued', decision.error);
        if (decision.waitMs !== undefined) {
          job.record.nextAttemptAt = new Date(this.clock.now() + decision.waitMs).toISOString();
        }
    }
  }

  // ---- polling ----------------------------------------------------------------------------------------------

  private schedulePoll(job: StoredJob, delayMs: number): void {
    if (this.state !== 'running') return;
    const poller = this.pollers.get(job.record.id) ?? { pollIndex: 0, failures: 0 };
    this.pollers.set(job.record.id, poller);
    poller.cancelTimer?.();
    poller.cancelTimer = this.clock.setTimer(() => this.track(this.poll(job)), delayMs);
  }

  private nextPoll(job: StoredJob): void {
    const poller = this.pollers.get(job.record.id) ?? { pollIndex: 0, failures: 0 };
    this.pollers.set(job.record.id, poller);
    const longRunning =
      job.record.kind === 'voice' && isLongRunningVoiceStatus(job.record.remoteStatus ?? '');
    const delay = pollDelayMs(poller.pollIndex, this.schedule, this.random, longRunning);
    poller.pollIndex += 1;
    this.schedulePoll(job, delay);
  }

  private async poll(job: StoredJob): Promise<void> {
    const record = job.record;
    const poller = this.pollers.get(record.id);
    if (this.state !== 'running' || !poller || record.status !== 'running' || record.remoteId === undefined)
      return;
    poller.cancelTimer = undefined;
    const controller = new AbortController();
    poller.controller = controller;
    let outcome:
      | { ok: true; result: ServiceResult<TaskData> | ServiceResult<VoiceData> }
      | { ok: false; error: ServiceError };
    try {
      // One attempt per poll: the schedule below does the waiting, so stop() never waits on a sleeping retry.
      const options = { signal: controller.signal, maxRetries: 0 };
      const result =
        record.kind === 'task'
          ? await this.client.getTask(record.remoteId, options)
          : await this.client.getVoice(record.remoteId, options);
      outcome = { ok: true, result };
    } catch (caught) {
      outcome = { ok: false, error: asServiceError(caught) };
    }
    poller.controller = undefined;
    // Re-checked after the await: stop(), cancel or remove may have happened meanwhile.
    if (this.state !== 'running' || record.status !== 'running' || this.jobs.get(record.id) !== job) return;
    if (outcome.ok) {
      poller.failures = 0;
      this.reachability.markReachable();
      this.updateAndSave(job, () => this.applyRemote(job, outcome.result.data, outcome.result.requestId));
    } else {
      this.updateAndSave(job, () => this.onPollFailure(job, poller, outcome.error));
    }
  }

  /** Applies a task or voice read from the service; returns whether anything worth saving changed. */
  private applyRemote(job: StoredJob, data: TaskData | VoiceData, requestId: string | undefined): boolean {
    const record = job.record;
    const before = fingerprint(record);
    record.remoteStatus = data.status;
    if (requestId !== undefined) record.requestId = requestId;
    delete record.error;
    if (record.kind === 'task') {
      const task = data as TaskData;
      record.result = task;
      if (task.metadata.characters !== undefined) record.characters = task.metadata.characters;
    } else {
      const voice = data as VoiceData;
      record.result = voice;
      if (voice.name !== undefined) record.voiceName = voice.name;
    }
    const decision = decideRemoteStatus(record.kind, data, {
      requestId: record.requestId,
      unknownSince: job.unknownSince,
      now: this.clock.now(),
      unknownStatusLimitMs: this.schedule.unknownStatusLimitMs,
    });
    if (decision.next === 'poll') {
      if (decision.unknownSince === undefined) delete job.unknownSince;
      else job.unknownSince = decision.unknownSince;
      this.nextPoll(job);
    } else {
      this.finish(job, decision.next, decision.next === 'succeeded' ? undefined : decision.error);
    }
    const after = fingerprint(record);
    if (before !== after) record.updatedAt = this.isoNow();
    return before !== after;
  }

  private onPollFailure(job: StoredJob, poller: Poller, error: ServiceError): boolean {
    const record = job.record;
    if (error.kind === 'http') this.reachability.markReachable();
    const decision = decidePollFailure(error, {
      failures: poller.failures + 1,
      pollIndex: poller.pollIndex,
      unknownSince: job.unknownSince,
      now: this.clock.now(),
      schedule: this.schedule,
      random: this.random,
    });
    if (decision.next === 'ignore') return false;
    if (error.requestId !== undefined) record.requestId = error.requestId;
    if (decision.next !== 'poll') {
      this.finish(job, decision.next, decision.error);
      return true;
    }
    poller.failures += 1;
    if (decision.unknownSince !== undefined) job.unknownSince = decision.unknownSince;
    if (decision.unreachable) this.reachability.markUnreachable();
    this.schedulePoll(job, decision.delayMs);
    const previousCode = record.error?.code;
    record.error = decision.error;
    if (previousCode === decision.error.code) return false;
    record.updatedAt = this.isoNow();
    return true;
  }

  // ---- reachability -----------------------------------------------------------------------------------------

  private async probe(signal: AbortSignal): Promise<boolean> {
    try {
      await this.client.getTask(PROBE_TASK_ID, { signal, maxRetries: 0, timeoutMs: PROBE_TIMEOUT_MS });
      return true;
    } catch (error) {
      return asServiceError(error).kind === 'http';
    }
  }

  private onReachabilityChange(reachable: boolean): void {
    this.emit({ type: 'service-reachability', serviceUrl: this.serviceUrl, reachable });
    if (reachable && this.state === 'running') {
      // Polls that were backing off because of the outage go again at once.
      for (const job of this.jobs.values()) {
        const poller = this.pollers.get(job.record.id);
        if (job.record.status === 'running' && poller && poller.failures > 0 && !poller.controller) {
          poller.failures = 0;
          this.schedulePoll(job, 0);
        }
      }
    }
    this.pump();
  }

  // ---- state helpers ----------------------------------------------------------------------------------------

  private setStatus(job: StoredJob, status: JobStatus, error?: JobError): void {
    job.record.status = status;
    job.record.updatedAt = this.isoNow();
    if (error) job.record.error = error;
    else if (status !== 'failed' && status !== 'stuck' && status !== 'unknown-outcome')
      delete job.record.error;
  }

  private finish(job: StoredJob, status: JobStatus, error?: JobError): void {
    this.setStatus(job, status, error);
    job.record.finishedAt = this.isoNow();
    delete job.record.nextAttemptAt;
    const poller = this.pollers.get(job.record.id);
    poller?.cancelTimer?.();
    poller?.controller?.abort();
    this.pollers.delete(job.record.id);
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
  private updateAndSave(job: StoredJob, change: () => boolean | void): void {
    const wasFinal = FINAL_STATUSES.includes(job.record.status);
    const changed = change() !== false;
    if (!changed) return;
    const becameFinal = !wasFinal && FINAL_STATUSES.includes(job.record.status);
    if (!becameFinal) this.emitUpdate(job);
    this.track(
      this.store
        .save()
        .catch((error: unknown) =>
          this.logger?.error('Jobs: saving the job file failed', { error: String(error) }),
        ),
    );
  }

  private emitUpdate(job: StoredJob): void {
    this.emit({ type: 'job-updated', job: snapshot(job.record) });
  }

  private emit(event: JobEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger?.error('Jobs: an event listener threw', { error: String(error) });
      }
    }
  }

  private track(promise: Promise<unknown>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  private require(jobId: string): StoredJob {
    const job = this.jobs.get(jobId);
    if (!job) throw new JobActionError('JOB_NOT_FOUND', `There is no job ${jobId} for ${this.serviceUrl}.`);
    return job;
  }

  private assertRunning(): void {
    if (this.state !== 'running')
      throw new JobActionError('JOB_MANAGER_STOPPED', 'The job manager is not running (start() it first).');
  }

  private isoNow(): string {
    return new Date(this.clock.now()).toISOString();
  }
}

/** What makes a poll result worth saving and reporting: a new status, remote status or error. */
function fingerprint(record: JobRecord): string {
  return `${record.status}|${record.remoteStatus ?? ''}|${record.error?.code ?? ''}`;
}

function snapshot(record: JobRecord): JobRecord {
  return structuredClone(record);
}
