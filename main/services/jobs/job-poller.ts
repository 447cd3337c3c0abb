import { isLongRunningVoiceStatus } from '../../../common/rules/index.js';
import type { Clock, ServiceError, ServiceResult, TaskData, VoiceData } from '../service-client/index.js';
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
  cancelTimer?: () => void;
  controller?: AbortController;
}

/**
 * Follows running jobs on the service: one chained timer per job on a backing-off schedule with jitter
 * (poll-schedule.ts), one GET per poll, the job's state re-checked after every await, and the remote status
 * turned into the job's next step (job-decisions.ts).
 */
export class JobPoller {
  private readonly polls = new Map<string, PollState>();

  constructor(
    private readonly ledger: JobLedger,
    private readonly client: JobServiceClient,
    private readonly clock: Clock,
    private readonly schedule: PollSchedule,
    private readonly random: () => number,
    private readonly reachability: Reachability,
  ) {}

  /** Polls a running job after `delayMs`, replacing any poll already scheduled for it. */
  pollAfter(job: StoredJob, delayMs: number): void {
    if (!this.ledger.isRunning) return;
    const state = this.stateOf(job);
    state.cancelTimer?.();
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
      this.ledger.finish(job, decision.next, decision.next === 'succeeded' ? undefined : decision.error);
    }
    const after = fingerprint(record);
    if (before !== after) record.updatedAt = this.ledger.isoNow();
    return before !== after;
  }

  private stateOf(job: StoredJob): PollState {
    const state = this.polls.get(job.record.id) ?? { pollIndex: 0, failures: 0 };
    this.polls.set(job.record.id, state);
    return state;
  }

  private scheduleNext(job: StoredJob): void {
    const state = this.stateOf(job);
    const longRunning =
      job.record.kind === 'voice' && isLongRunningVoiceStatus(job.record.remoteStatus ?? '');
    const delay = pollDelayMs(state.pollIndex, this.schedule, this.random, longRunning);
    state.pollIndex += 1;
    this.pollAfter(job, delay);
  }

  private async poll(job: StoredJob): Promise<void> {
    const record = job.record;
    const state = this.polls.get(record.id);
    if (!this.ledger.isRunning || !state || record.status !== 'running' || record.remoteId === undefined)
      return;
    state.cancelTimer = undefined;
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
