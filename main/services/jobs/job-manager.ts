import { randomUUID } from 'node:crypto';
import { validateTaskRequest } from '../../../common/rules/index.js';
import type { Logger } from '../logging/logger.js';
import type { Clock } from '../service-client/index.js';
import { systemClock, validationError } from '../service-client/index.js';
import { CompletionForecast } from './completion-forecast.js';
import type { ForecastTuning } from './completion-forecast.js';
import { asServiceError } from './job-decisions.js';
import type { JobTexts } from '../../../common/jobs/job-texts.js';
import { jobTexts, mayChargeTwice, sentTexts } from '../../../common/jobs/job-texts.js';
import { JobActionError } from './job-errors.js';
import { checkVoiceJob, estimateCharacters, pickLinks, prepareTaskBody } from './job-inputs.js';
import { JobLedger, snapshot } from './job-ledger.js';
import { JobPoller } from './job-poller.js';
import type { JobServiceClient } from './job-service-client.js';
import type { StoredJob } from './job-store.js';
import { JobStore, jobFilePath, normaliseServiceUrl, readOtherJobs } from './job-store.js';
import { JobSubmitter } from './job-submitter.js';
import type { JobListener, JobRecord, SubmitTaskInput, SubmitVoiceInput } from './job-types.js';
import type { PollSchedule } from './poll-schedule.js';
import { DEFAULT_POLL_SCHEDULE } from './poll-schedule.js';
import { Reachability } from './reachability.js';
import { supersededTasks } from './superseded-tasks.js';
import { DISMISSABLE_STATUSES, JobActions } from './job-actions.js';
import { recoverInterrupted, replaceOldAdvice } from './job-recovery.js';
import { isoLaterFirst } from '../../../common/text/iso-order.js';

export type { JobServiceClient } from './job-service-client.js';

export interface JobManagerOptions {
  client: JobServiceClient;
  /** The app's data folder; jobs go to `<dataDir>/jobs/<service>.json`. */
  dataDir: string;
  clock?: Clock;
  random?: () => number;
  schedule?: Partial<PollSchedule>;
  /** How the task forecast aims its polls (tests and benchmarks); defaults in completion-forecast.ts. */
  forecastTuning?: Partial<ForecastTuning>;
  /** Submissions in flight at once; the rest wait as `queued`. Default 4. */
  maxConcurrentSubmissions?: number;
  /** How long stop() lets submissions already on the wire finish before cancelling them. Default 2 s. */
  stopGraceMs?: number;
  logger?: Logger;
  /**
   * The data folders of the other shells (the app's for the CLI, the CLI's for the app), whose job files for this
   * service are read, never written: content their tasks hold back or carry is not sent again unasked from here
   * either (otherShellJobs).
   */
  otherShellDataDirs?: readonly string[];
}

/** A GET for an id that cannot exist: any HTTP answer (404 included) proves the service is reachable. */
const PROBE_TASK_ID = '00000000-0000-0000-0000-000000000000';
const PROBE_TIMEOUT_MS = 5_000;

/**
 * Owns every task and voice job of one service: submits them (validated first, never twice; job-submitter.ts),
 * polls them on a backing-off schedule (job-poller.ts), keeps them in a per-service JSON file across restarts
 * (job-store.ts), queues submissions while the service is unreachable and reports every change as a small event.
 */

export class JobManager {
  readonly serviceUrl: string;
  private readonly client: JobServiceClient;
  private readonly ledger: JobLedger;
  private readonly reachability: Reachability;
  private readonly poller: JobPoller;
  private readonly submitter: JobSubmitter;
  private readonly forecast: CompletionForecast;
  /** Retry, look again, cancel, dismiss and remove (job-actions.ts). */
  private readonly actions: JobActions;
  /** The other shells' job files for this service (read only). */
  private readonly otherJobFiles: readonly string[];

  constructor(options: JobManagerOptions) {
    this.client = options.client;
    this.serviceUrl = normaliseServiceUrl(options.client.baseUrl);
    this.otherJobFiles = (options.otherShellDataDirs ?? []).map((dir) => jobFilePath(dir, this.serviceUrl));
    const clock = options.clock ?? systemClock;
    const random = options.random ?? Math.random;
    const schedule = { ...DEFAULT_POLL_SCHEDULE, ...options.schedule };
    // A task's first poll never waits longer than the plain schedule's longest gap (issue 36).
    this.forecast = new CompletionForecast({
      maxFirstWaitMs: schedule.maxDelayMs,
      ...options.forecastTuning,
    });
    const store = new JobStore(
      jobFilePath(options.dataDir, this.serviceUrl),
      this.serviceUrl,
      () => [...this.ledger.jobs.values()],
      () => this.forecast.toJSON(),
    );
    // The poller is built below; the ledger only calls this once jobs run, after construction.
    this.ledger = new JobLedger(store, clock, options.logger, (jobId) => this.poller.forget(jobId));
    this.reachability = new Reachability(
      (signal) => this.probe(signal),
      clock,
      schedule,
      random,
      (reachable) => this.onReachabilityChange(reachable),
    );
    this.poller = new JobPoller(
      this.ledger,
      this.client,
      clock,
      schedule,
      random,
      this.reachability,
      this.forecast,
    );
    // A task that succeeds may settle earlier failed ones carrying the same blocks.
    this.ledger.listen((event) => {
      if (event.type === 'job-updated' && event.job.kind === 'task' && event.job.status === 'succeeded')
        this.settleSuperseded();
    });
    this.submitter = new JobSubmitter(
      this.ledger,
      this.client,
      this.poller,
      this.reachability,
      clock,
      schedule,
      random,
      {
        maxConcurrent: options.maxConcurrentSubmissions ?? 4,
        stopGraceMs: options.stopGraceMs ?? 2_000,
      },
    );
    this.actions = new JobActions({
      ledger: this.ledger,
      poller: this.poller,
      submitTask: (input, links) => this.submitTask(input, links),
      submitVoice: (input, links) => this.submitVoice(input, links),
      otherShellJobs: () => this.otherShellJobs(),
      assertRunning: () => this.assertRunning(),
    });
  }

  get filePath(): string {
    return this.ledger.store.filePath;
  }

  get isServiceReachable(): boolean {
    return this.reachability.isReachable;
  }

  /** Subscribes to job events; returns the unsubscribe function. */
  onEvent(listener: JobListener): () => void {
    return this.ledger.listen(listener);
  }

  /**
   * Loads the job file and resumes: running jobs are polled again, queued ones are sent. A job caught in the
   * middle of its POST by a crash is NOT sent again (see recoverInterrupted).
   */
  async start(): Promise<void> {
    if (this.ledger.lifecycle !== 'new')
      throw new JobActionError('JOB_MANAGER_STOPPED', 'The job manager can only be started once.');
    const { jobs, skipped, forecast } = await this.ledger.store.load();
    if (skipped > 0) this.ledger.logSkipped(skipped);
    this.forecast.restore(forecast);
    this.ledger.lifecycle = 'running';
    const changed: StoredJob[] = [];
    for (const job of jobs) {
      this.ledger.jobs.set(job.record.id, job);
      // Both run: a job can carry the old advice and be recovered.
      const recovered = recoverInterrupted(this.ledger, job);
      if (replaceOldAdvice(job) || recovered) changed.push(job);
    }
    if (changed.length > 0) await this.ledger.store.save();
    for (const job of changed) this.ledger.emitUpdate(job);
    this.settleSuperseded();
    const resumedAt = this.ledger.isoNow();
    for (const job of this.ledger.jobs.values()) {
      if (job.record.status !== 'running') continue;
      job.record.resumedAt = resumedAt;
      this.poller.pollAfter(job, 0);
    }
    this.submitter.pump();
  }

  /**
   * Stops cleanly: timers cancelled, polls aborted, submissions already on the wire given `stopGraceMs` to
   * finish (so an ordinary quit does not leave them with an unknown outcome) and then aborted, the file saved.
   */
  async stop(): Promise<void> {
    if (this.ledger.lifecycle === 'stopped') return;
    const wasRunning = this.ledger.isRunning;
    this.ledger.lifecycle = 'stopped';
    this.reachability.stop();
    this.poller.stopAll();
    await this.submitter.stop();
    await this.ledger.settleInFlight();
    if (wasRunning) await this.ledger.store.save();
    this.ledger.rejectWaiters();
  }

  /** After the machine wakes up: poll every running job now and probe the service if it was unreachable. */
  wake(): void {
    if (!this.ledger.isRunning) return;
    this.poller.pollAllNow();
    this.reachability.probeNow();
    this.submitter.pump();
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
    const now = this.ledger.isoNow();
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
    const now = this.ledger.isoNow();
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

  /**
   * Submits a failed, stuck, cancelled or unknown-outcome job again, as a new job linked to the old one; one that
   * may be charged twice only with `confirmChargeTwice` (JobActions.retry says when).
   */
  retry(jobId: string, options: { confirmChargeTwice?: boolean } = {}): Promise<JobRecord> {
    return this.actions.retry(jobId, options);
  }

  /**
   * This service's jobs kept by the other shells (the app's, or the CLI's), read from their files: their tasks'
   * holds and blocks on their way count here too. A missing or unreadable file counts as none.
   */
  async otherShellJobs(): Promise<JobRecord[]> {
    const files = await Promise.all(this.otherJobFiles.map((file) => readOtherJobs(file)));
    return files.flat();
  }

  /**
   * The texts a task sent (pronunciation rules applied), kept with the job across restarts, with their estimated
   * credits: the user checks them against the service's records before sending a task with a lost answer again.
   * A voice job has none.
   */
  texts(jobId: string): JobTexts {
    const request = this.ledger.require(jobId).request;
    return jobTexts(request.kind === 'task' ? sentTexts(request.body) : []);
  }

  /** Polls a stuck job again by its id; nothing is sent or charged. */
  lookAgain(jobId: string): Promise<JobRecord> {
    return this.actions.lookAgain(jobId);
  }

  /** Cancels a job that has not been sent (or whose outcome is unknown: the user chose not to resend it). */
  cancel(jobId: string): Promise<JobRecord> {
    return this.actions.cancel(jobId);
  }

  /** Sets a failed, stuck or unknown-outcome job aside, lifting the hold it puts on its blocks. */
  dismiss(jobId: string): Promise<JobRecord> {
    return this.actions.dismiss(jobId);
  }

  /** Forgets a finished job (it disappears from the list and the file). */
  remove(jobId: string): Promise<void> {
    return this.actions.remove(jobId);
  }

  /** Every job of this service, newest first. */
  list(): JobRecord[] {
    return [...this.ledger.jobs.values()]
      .reverse()
      .sort((a, b) => isoLaterFirst(a.record.createdAt, b.record.createdAt))
      .map((job) => snapshot(job.record));
  }

  get(jobId: string): JobRecord | undefined {
    const job = this.ledger.jobs.get(jobId);
    return job ? snapshot(job.record) : undefined;
  }

  /** Resolves when the job reaches a final status (succeeded, failed, stuck, unknown-outcome, cancelled). */
  waitFor(jobId: string): Promise<JobRecord> {
    return this.ledger.waitFor(jobId);
  }

  private async accept(job: StoredJob): Promise<JobRecord> {
    this.ledger.jobs.set(job.record.id, job);
    await this.ledger.store.save();
    this.ledger.emitUpdate(job);
    this.submitter.pump();
    return snapshot(job.record);
  }

  /**
   * Failed, stuck and unknown-outcome tasks whose every block content was delivered by a task submitted after
   * them are marked `supersededAt`: the Tasks page stops listing them under "Needs attention" (issue 36), and
   * they are not offered to be sent again. So is one cancelled after its answer was lost: it holds its blocks back
   * from Generate (charge-twice-holds.ts), and once they are delivered there is nothing left to hold.
   */
  private settleSuperseded(): void {
    const records = [...this.ledger.jobs.values()].map((job) => job.record);
    const settled: StoredJob[] = [];
    for (const record of supersededTasks(
      records,
      (task) => DISMISSABLE_STATUSES.includes(task.status) || mayChargeTwice(task),
    )) {
      const job = this.ledger.jobs.get(record.id);
      if (job === undefined) continue;
      record.supersededAt = this.ledger.isoNow();
      record.updatedAt = record.supersededAt;
      settled.push(job);
    }
    if (settled.length === 0) return;
    for (const job of settled) this.ledger.emitUpdate(job);
    this.ledger.track(this.ledger.saveLogged());
  }

  private async probe(signal: AbortSignal): Promise<boolean> {
    try {
      await this.client.getTask(PROBE_TASK_ID, { signal, maxRetries: 0, timeoutMs: PROBE_TIMEOUT_MS });
      return true;
    } catch (error) {
      return asServiceError(error).kind === 'http';
    }
  }

  private onReachabilityChange(reachable: boolean): void {
    this.ledger.emit({ type: 'service-reachability', serviceUrl: this.serviceUrl, reachable });
    if (reachable && this.ledger.isRunning) this.poller.retryFailedNow();
    this.submitter.pump();
  }

  private assertRunning(): void {
    if (!this.ledger.isRunning)
      throw new JobActionError('JOB_MANAGER_STOPPED', 'The job manager is not running (start() it first).');
  }
}
