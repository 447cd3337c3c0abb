import type { Clock, ServiceError, ServiceResult, TaskData, VoiceData } from '../service-client/index.js';
import { asServiceError, decideSubmitFailure } from './job-decisions.js';
import { lostAnswerCause, lostAnswerDetail, outcomeUnknownMessage } from './job-errors.js';
import type { JobLedger } from './job-ledger.js';
import type { JobPoller } from './job-poller.js';
import type { JobServiceClient } from './job-service-client.js';
import type { StoredJob } from './job-store.js';
import { FINAL_STATUSES } from './job-types.js';
import type { PollSchedule } from './poll-schedule.js';
import { errorDelayMs } from './poll-schedule.js';
import type { Reachability } from './reachability.js';

const PROGRESS_EVENT_INTERVAL_MS = 100;

export interface SubmitterLimits {
  /** Submissions in flight at once; the rest wait as `queued`. */
  readonly maxConcurrent: number;
  /** How long stop() lets submissions already on the wire finish before cancelling them. */
  readonly stopGraceMs: number;
}

/**
 * Sends queued jobs, a few at a time, while the service is reachable. The intent to send is saved before the
 * POST starts, so a crash during it is found at the next start and never sent blindly again; a job whose POST
 * may have reached the service is never re-sent without the user (job-decisions.ts).
 */
export class JobSubmitter {
  private readonly submissions = new Map<string, AbortController>();
  private cancelPumpTimer: (() => void) | undefined;

  constructor(
    private readonly ledger: JobLedger,
    private readonly client: JobServiceClient,
    private readonly poller: JobPoller,
    private readonly reachability: Reachability,
    private readonly clock: Clock,
    private readonly schedule: PollSchedule,
    private readonly random: () => number,
    private readonly limits: SubmitterLimits,
  ) {}

  /** Sends queued jobs while there are free submission slots and the service is reachable. */
  pump(): void {
    if (!this.ledger.isRunning) return;
    this.cancelPumpTimer?.();
    this.cancelPumpTimer = undefined;
    const queued = [...this.ledger.jobs.values()].filter(
      (job) => job.record.status === 'queued' || job.record.status === 'queued-offline',
    );
    if (!this.reachability.isReachable) {
      // Make the offline queue visible: everything waiting is waiting for the service now.
      for (const job of queued)
        if (job.record.status === 'queued')
          this.ledger.updateAndSave(job, () => this.ledger.setStatus(job, 'queued-offline'));
      return;
    }
    const now = this.clock.now();
    let earliest: number | undefined;
    for (const job of queued) {
      if (this.submissions.size >= this.limits.maxConcurrent) return;
      const due = job.record.nextAttemptAt === undefined ? 0 : Date.parse(job.record.nextAttemptAt);
      if (due > now) {
        earliest = Math.min(earliest ?? due, due);
        continue;
      }
      this.ledger.track(this.send(job));
    }
    if (earliest !== undefined) this.cancelPumpTimer = this.clock.setTimer(() => this.pump(), earliest - now);
  }

  /**
   * Stops sending: the pump's timer is cancelled, and submissions already on the wire get the grace period to
   * finish (so an ordinary quit does not leave them with an unknown outcome) before they are aborted.
   */
  async stop(): Promise<void> {
    this.cancelPumpTimer?.();
    if (this.submissions.size === 0) return;
    const cancelGrace = this.clock.setTimer(() => {
      for (const controller of this.submissions.values()) controller.abort();
    }, this.limits.stopGraceMs);
    await this.ledger.settleInFlight();
    cancelGrace();
  }

  private async send(job: StoredJob): Promise<void> {
    const record = job.record;
    const controller = new AbortController();
    // Taken synchronously, before any await, so pump() never picks the same job twice.
    this.submissions.set(record.id, controller);
    this.ledger.setStatus(job, 'submitting');
    delete record.nextAttemptAt;
    record.submittedAt = this.ledger.isoNow();
    try {
      // The intent is on disk BEFORE the request starts: if the app dies during the POST, the restart finds
      // `submitting` and does not send it blindly again.
      await this.ledger.store.save();
      this.ledger.emitUpdate(job);
      if (!this.ledger.isRunning) {
        this.ledger.setStatus(job, 'queued');
        this.ledger.emitUpdate(job);
        return;
      }
      let result: ServiceResult<TaskData> | ServiceResult<VoiceData>;
      try {
        result = await this.post(job, controller.signal);
      } catch (caught) {
        this.onFailure(job, asServiceError(caught));
        // finish() has reported final outcomes; a job put back in a queue is reported here.
        if (!FINAL_STATUSES.includes(record.status)) this.ledger.emitUpdate(job);
        return;
      }
      // Recorded even when stopping: the remote id is what makes the job trackable after a restart.
      this.reachability.markReachable();
      record.remoteId = result.data.id;
      record.status = 'running';
      this.poller.applyRemote(job, result.data, result.requestId);
      // finish() reports a job that ended at once; one the service is still working on is reported here, so the
      // UI moves from "Sending" to the service's own status (e.g. `creating`) without waiting for a change.
      if (!FINAL_STATUSES.includes(record.status)) this.ledger.emitUpdate(job);
    } finally {
      this.submissions.delete(record.id);
      await this.ledger.saveLogged();
      if (this.ledger.isRunning) this.pump();
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
        this.ledger.emit({ type: 'job-progress', jobId: job.record.id, sentBytes, totalBytes });
      },
    });
  }

  private onFailure(job: StoredJob, error: ServiceError): void {
    if (error.kind === 'http') this.reachability.markReachable();
    const decision = decideSubmitFailure(
      error,
      errorDelayMs(1, this.schedule, this.random),
      outcomeUnknownMessage(job.request, lostAnswerCause(error), error.requestId) + lostAnswerDetail(error),
    );
    switch (decision.next) {
      case 'failed':
      case 'unknown-outcome':
        this.ledger.finish(job, decision.next, decision.error);
        return;
      case 'queued-offline':
        this.ledger.setStatus(job, 'queued-offline');
        this.reachability.markUnreachable();
        return;
      case 'queued':
        this.ledger.setStatus(job, 'queued', decision.error);
        if (decision.waitMs !== undefined) {
          job.record.nextAttemptAt = new Date(this.clock.now() + decision.waitMs).toISOString();
        }
    }
  }
}
