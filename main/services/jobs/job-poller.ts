import { isLongRunningVoiceStatus } from '../../../common/rules/index.js';
import type { Clock, ServiceError, ServiceResult, TaskData, VoiceData } from '../service-client/index.js';
import type { ChainTask, CompletionForecast } from './completion-forecast.js';
import { asServiceError, decidePollFailure, decideRemoteStatus } from './job-decisions.js';
import type { JobLedger } from './job-ledger.js';
import type { JobServiceClient } from './job-service-client.js';
import type { StoredJob } from './job-store.js';
import type { JobRecord } from './job-types.js';
import type { PollSchedule } from './poll-schedule.js';
import { pollDelayMs } from './poll-schedule.js';
import type { Reachability } from './reachability.js';

interface PollState {
  pollIndex: number;
  failures: number;
  // Each optional field is cleared by assigning undefined as a poll goes through its steps.
  cancelTimer?: (() => void) | undefined;
  controller?: AbortController | undefined;
  /** Set while the pending timer is the forecast's aim (replanning may move it); epoch ms. */
  plannedAt?: number | undefined;
  /** Polls in a row that found the task unfinished since its forecast took over, and when the last was sent. */
  misses: number;
  missedAt?: number | undefined;
  /** The finish the first forecast poll aimed at (learned against the real finish). */
  aimedAt?: number | undefined;
  sentAt?: number | undefined;
  /** The pending forecast poll goes before the predicted finish (a first look, capped): unfinished is no miss. */
  early?: boolean | undefined;
}

/** A planned poll is moved only when its new time differs by more than this (or 5 % of the wait). */
const REPLAN_TOLERANCE_MS = 10;

/**
 * Follows running jobs on the service: one chained timer per job, one GET per poll, the job's state re-checked
 * after every await, and the remote status turned into the job's next step (job-decisions.ts).
 *
 * Tasks are polled when the service's learned speed says they finish (completion-forecast.ts), replanned as
 * finishes and misses come in; voices, and tasks before anything is learned, on the backing-off schedule with
 * jitter (poll-schedule.ts). Failures and 429s always wait their own backoff.
 */
export class JobPoller {
  private readonly polls = new Map<string, PollState>();
  private replanQueued = false;

  constructor(
    private readonly ledger: JobLedger,
    private readonly client: JobServiceClient,
    private readonly clock: Clock,
    private readonly schedule: PollSchedule,
    private readonly random: () => number,
    private readonly reachability: Reachability,
    private readonly forecast: CompletionForecast,
  ) {}

  /** Polls a running job after `delayMs`, replacing any poll already scheduled for it. */
  pollAfter(job: StoredJob, delayMs: number, plannedAt?: number): void {
    if (!this.ledger.isRunning) return;
    const state = this.stateOf(job);
    state.cancelTimer?.();
    state.plannedAt = plannedAt;
    state.cancelTimer = this.clock.setTimer(() => this.ledger.track(this.poll(job)), delayMs);
  }

  /** Stops following a job: its timer is cancelled and a poll on the wire aborted. */
  forget(jobId: string): void {
    const state = this.polls.get(jobId);
    state?.cancelTimer?.();
    state?.controller?.abort();
    this.polls.delete(jobId);
  }

  stopAll(): void {
    for (const jobId of [...this.polls.keys()]) this.forget(jobId);
  }

  /** After the machine wakes up: every running job is polled now, its schedule started over. */
  pollAllNow(): void {
    for (const job of this.ledger.jobs.values()) {
      if (job.record.status !== 'running') continue;
      const state = this.polls.get(job.record.id);
      if (state?.controller) continue;
      if (state) {
        state.pollIndex = 0;
        state.failures = 0;
        state.misses = 0;
      }
      this.pollAfter(job, 0);
    }
  }

  /** When the service is back: polls that were backing off because of the outage go again at once. */
  retryFailedNow(): void {
    for (const job of this.ledger.jobs.values()) {
      const state = this.polls.get(job.record.id);
      if (job.record.status === 'running' && state && state.failures > 0 && !state.controller) {
        state.failures = 0;
        this.pollAfter(job, 0);
      }
    }
  }

  /** Applies a task or voice read from the service; returns whether anything worth saving changed. */
  applyRemote(job: StoredJob, data: TaskData | VoiceData, requestId: string | undefined): boolean {
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
      this.scheduleNext(job);
    } else {
      if (decision.next === 'succeeded' && record.kind === 'task') this.learnFinish(job, data as TaskData);
      this.ledger.finish(job, decision.next, decision.next === 'succeeded' ? undefined : decision.error);
    }
    const after = fingerprint(record);
    if (before !== after) record.updatedAt = this.ledger.isoNow();
    return before !== after;
  }

  private stateOf(job: StoredJob): PollState {
    const state = this.polls.get(job.record.id) ?? { pollIndex: 0, failures: 0, misses: 0 };
    this.polls.set(job.record.id, state);
    return state;
  }

  private scheduleNext(job: StoredJob): void {
    const state = this.stateOf(job);
    if (job.record.kind === 'task' && this.forecast.isReady) {
      if (state.sentAt !== undefined) {
        if (!state.early) state.misses += 1;
        state.missedAt = state.sentAt;
      }
      state.early = false;
      state.pollIndex += 1;
      // Aimed with the others in one pass below; until then no timer, so nothing polls early.
      state.cancelTimer?.();
      state.cancelTimer = undefined;
      state.plannedAt = Number.NaN;
      this.queueReplan();
      return;
    }
    const longRunning =
      job.record.kind === 'voice' && isLongRunningVoiceStatus(job.record.remoteStatus ?? '');
    const delay = pollDelayMs(state.pollIndex, this.schedule, this.random, longRunning);
    state.pollIndex += 1;
    // A task on the backing-off schedule is handed to the forecast as soon as it has learned something.
    this.pollAfter(job, delay, job.record.kind === 'task' ? this.clock.now() + delay : undefined);
  }

  private async poll(job: StoredJob): Promise<void> {
    const record = job.record;
    const state = this.polls.get(record.id);
    if (!this.ledger.isRunning || !state || record.status !== 'running' || record.remoteId === undefined)
      return;
    state.cancelTimer = undefined;
    state.plannedAt = undefined;
    state.sentAt = this.clock.now();
    const controller = new AbortController();
    state.controller = controller;
    let outcome:
      | { ok: true; result: ServiceResult<TaskData> | ServiceResult<VoiceData> }
      | { ok: false; error: ServiceError };
    try {
      // One attempt per poll: the schedule does the waiting, so stop() never waits on a sleeping retry.
      const options = { signal: controller.signal, maxRetries: 0 };
      const result =
        record.kind === 'task'
          ? await this.client.getTask(record.remoteId, options)
          : await this.client.getVoice(record.remoteId, options);
      outcome = { ok: true, result };
    } catch (caught) {
      outcome = { ok: false, error: asServiceError(caught) };
    }
    state.controller = undefined;
    // Re-checked after the await: stop(), cancel or remove may have happened meanwhile.
    if (!this.ledger.isRunning || record.status !== 'running' || this.ledger.jobs.get(record.id) !== job)
      return;
    if (outcome.ok) {
      state.failures = 0;
      this.reachability.markReachable();
      this.ledger.updateAndSave(job, () =>
        this.applyRemote(job, outcome.result.data, outcome.result.requestId),
      );
    } else {
      this.ledger.updateAndSave(job, () => this.onFailure(job, state, outcome.error));
    }
  }

  /** Replanning is coalesced: a burst of submissions or finishes aims the chain once. */
  private queueReplan(): void {
    if (this.replanQueued) return;
    this.replanQueued = true;
    queueMicrotask(() => {
      this.replanQueued = false;
      this.replan();
    });
  }

  /** Aims every task waiting on the forecast at its predicted finish, in submission order. */
  private replan(): void {
    if (!this.ledger.isRunning) return;
    const chain: { job: StoredJob; state: PollState; task: ChainTask }[] = [];
    for (const job of this.ledger.jobs.values()) {
      const record = job.record;
      if (record.kind !== 'task' || record.status !== 'running' || record.remoteId === undefined) continue;
      const state = this.polls.get(record.id);
      if (!state) continue;
      chain.push({
        job,
        state,
        task: {
          id: record.id,
          submittedAt: Date.parse(record.submittedAt ?? record.createdAt),
          characters: record.characters ?? 0,
          missedAt: state.missedAt,
          misses: state.misses,
          polled: state.sentAt !== undefined,
        },
      });
    }
    chain.sort((a, b) => a.task.submittedAt - b.task.submittedAt);
    const due = this.forecast.predict(chain.map((entry) => entry.task));
    const now = this.clock.now();
    for (const { job, state, task } of chain) {
      const finish = due.get(task.id);
      // Only timers the forecast owns move: a poll on the wire or a failure's backoff keeps its own time.
      if (finish === undefined || state.controller || state.plannedAt === undefined) continue;
      const at = this.forecast.pollAt(task, finish);
      const tolerance = Math.max(REPLAN_TOLERANCE_MS, (at - now) * 0.05);
      if (Number.isFinite(state.plannedAt) && Math.abs(at - state.plannedAt) <= tolerance) continue;
      if (task.misses === 0) state.aimedAt = finish;
      state.early = at < finish;
      this.pollAfter(job, Math.max(0, Math.round(at - now)), at);
    }
  }

  private learnFinish(job: StoredJob, task: TaskData): void {
    const record = job.record;
    const state = this.polls.get(record.id);
    const now = this.clock.now();
    const generatedAt = Date.parse(task.metadata.generatedAt ?? '');
    const submittedAt = Date.parse(record.submittedAt ?? '');
    if (!Number.isFinite(submittedAt)) return;
    let aheadInFlight = 0;
    for (const other of this.ledger.jobs.values()) {
      const otherRecord = other.record;
      if (otherRecord.kind !== 'task' || otherRecord.status !== 'running' || otherRecord === record) continue;
      if (Date.parse(otherRecord.submittedAt ?? '') < submittedAt) aheadInFlight += 1;
    }
    const reported = Number.isFinite(generatedAt) ? generatedAt : undefined;
    const seenBy = state?.sentAt;
    this.forecast.learn({
      aheadInFlight,
      submittedAt,
      characters: task.metadata.characters ?? 0,
      // The service's clock may differ from ours: its time is kept between what we know for certain — after
      // the last poll that found the task unfinished (or its submission) and before this answer.
      finishedAt: Math.min(now, Math.max(state?.missedAt ?? submittedAt, reported ?? now)),
      aimedAt: state?.aimedAt,
      // A finish not reported before the read that saw it may be that read's doing (completion-forecast.ts).
      finishedAtRead: reported === undefined || (seenBy !== undefined && reported >= seenBy),
    });
    this.queueReplan();
  }

  private onFailure(job: StoredJob, state: PollState, error: ServiceError): boolean {
    const record = job.record;
    if (error.kind === 'http') this.reachability.markReachable();
    const decision = decidePollFailure(error, {
      failures: state.failures + 1,
      pollIndex: state.pollIndex,
      unknownSince: job.unknownSince,
      now: this.clock.now(),
      schedule: this.schedule,
      random: this.random,
    });
    if (decision.next === 'ignore') return false;
    if (error.requestId !== undefined) record.requestId = error.requestId;
    if (decision.next !== 'poll') {
      this.ledger.finish(job, decision.next, decision.error);
      return true;
    }
    state.failures += 1;
    if (decision.unknownSince !== undefined) job.unknownSince = decision.unknownSince;
    if (decision.unreachable) this.reachability.markUnreachable();
    this.pollAfter(job, decision.delayMs);
    const previousCode = record.error?.code;
    record.error = decision.error;
    if (previousCode === decision.error.code) return false;
    record.updatedAt = this.ledger.isoNow();
    return true;
  }
}

/** What makes a poll result worth saving and reporting: a new status, remote status or error. */
function fingerprint(record: JobRecord): string {
  return `${record.status}|${record.remoteStatus ?? ''}|${record.error?.code ?? ''}`;
}
