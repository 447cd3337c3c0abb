import { holdsItsContent } from '../../../common/generation/charge-twice-holds.js';
import { jobTexts, mayChargeTwice, sentTexts } from '../../../common/jobs/job-texts.js';
import { refuseContentElsewhere } from './content-elsewhere.js';
import { JobActionError } from './job-errors.js';
import { pickLinks } from './job-inputs.js';
import type { JobLedger } from './job-ledger.js';
import { snapshot } from './job-ledger.js';
import type { JobPoller } from './job-poller.js';
import type { StoredJob } from './job-store.js';
import type { JobRecord, JobStatus, SubmitTaskInput, SubmitVoiceInput } from './job-types.js';
import { CANCELLABLE_STATUSES, FINAL_STATUSES, RETRYABLE_STATUSES } from './job-types.js';

/** Jobs that may need the user: the ones they can set aside. */
export const DISMISSABLE_STATUSES: readonly JobStatus[] = ['failed', 'stuck', 'unknown-outcome'];

export interface JobActionsOptions {
  ledger: JobLedger;
  poller: JobPoller;
  /** JobManager's submissions, which a retry goes through as a new job linked to the old one. */
  submitTask(input: SubmitTaskInput, links: { retryOf?: string }): Promise<JobRecord>;
  submitVoice(input: SubmitVoiceInput, links: { retryOf?: string }): Promise<JobRecord>;
  /** The other shells' jobs for this service, whose blocks count for a retry too. */
  otherShellJobs(): Promise<JobRecord[]>;
  /** Throws JOB_MANAGER_STOPPED unless the manager runs. */
  assertRunning(): void;
}

/**
 * What the user does to a job on the Tasks page: retry it (never paying twice unasked), look at a stuck one again,
 * cancel, dismiss or remove it. Each refuses, with a JobActionError naming the job and why, what would pay for
 * the same work again or does not apply to the job's status.
 */
export class JobActions {
  /** Jobs whose retry is being submitted: a second Retry meanwhile (a double click) must not send them again. */
  private readonly retrying = new Set<string>();

  constructor(private readonly options: JobActionsOptions) {}

  /**
   * Submits a failed, stuck, cancelled or unknown-outcome job again, as a new job linked to the old one. One the
   * service may have charged already (mayChargeTwice), or whose blocks another task holds that way, is only sent
   * with `confirmChargeTwice`: the user saw what it may cost twice and said yes (a stale or hostile page's plain
   * retry is refused). One whose blocks are on their way in another task is refused (content-elsewhere.ts).
   */
  async retry(jobId: string, options: { confirmChargeTwice?: boolean } = {}): Promise<JobRecord> {
    this.options.assertRunning();
    const old = this.options.ledger.require(jobId);
    if (!RETRYABLE_STATUSES.includes(old.record.status)) {
      throw new JobActionError(
        'JOB_NOT_RETRYABLE',
        `Job ${jobId} is ${old.record.status}; only failed, stuck, cancelled or unknown-outcome jobs can be retried.`,
      );
    }
    // Checked here, not only by the Tasks page hiding its button: a double click, or a page listing the job from
    // before it was retried or superseded, would pay for the same work again.
    const already =
      old.record.retriedBy !== undefined || this.retrying.has(jobId)
        ? 'was retried already'
        : old.record.supersededAt !== undefined
          ? 'is no longer needed: a later task delivered all of its blocks'
          : undefined;
    if (already !== undefined) {
      throw new JobActionError(
        'JOB_NOT_RETRYABLE',
        `Job ${jobId} ${already}${old.record.retriedBy === undefined ? '' : ` (as job ${old.record.retriedBy})`}; retrying it would send and pay for the same work again.`,
      );
    }
    if (mayChargeTwice(old.record) && options.confirmChargeTwice !== true) {
      throw new JobActionError('JOB_NEEDS_CONFIRMATION', chargeTwiceRefusal(old));
    }
    this.retrying.add(jobId);
    const links = { retryOf: jobId };
    const common = pickLinks(old.record);
    let fresh: JobRecord;
    try {
      // Another task may carry the same blocks: on their way, or held as possibly charged (issue 37).
      const others = [...this.options.ledger.jobs.values()]
        .map((job) => job.record)
        .filter((record) => record.id !== jobId)
        .concat(await this.options.otherShellJobs());
      refuseContentElsewhere(old, others, options.confirmChargeTwice === true);
      fresh =
        old.request.kind === 'task'
          ? await this.options.submitTask(
              {
                ...common,
                body: old.request.body,
                ...(old.record.kind === 'task' && old.record.sync ? { sync: true } : {}),
              },
              links,
            )
          : await this.options.submitVoice({ ...common, voice: old.request.voice }, links);
    } finally {
      this.retrying.delete(jobId);
    }
    old.record.retriedBy = fresh.id;
    old.record.updatedAt = this.options.ledger.isoNow();
    await this.options.ledger.store.save();
    this.options.ledger.emitUpdate(old);
    return fresh;
  }

  /**
   * Looks at a stuck job again: the service has it (its id is known) and may yet finish it, so it is polled
   * again from the start of the schedule, its ten minutes of unknown statuses counted afresh. Nothing is sent or
   * charged. A job without an id (unknown outcome) has nothing to look up: the contract finds tasks only by id.
   */
  async lookAgain(jobId: string): Promise<JobRecord> {
    this.options.assertRunning();
    const job = this.options.ledger.require(jobId);
    const record = job.record;
    if (record.status !== 'stuck' || record.remoteId === undefined) {
      throw new JobActionError(
        'JOB_NOT_LOOKABLE',
        record.status === 'unknown-outcome'
          ? `Job ${jobId} has no id at the service (its answer was lost), and the service finds a task only by its id: there is nothing to look up.`
          : `Job ${jobId} is ${record.status}; only a stuck job, whose id the service gave, can be looked at again.`,
      );
    }
    delete job.unknownSince;
    delete record.finishedAt;
    this.options.ledger.setStatus(job, 'running');
    await this.options.ledger.store.save();
    this.options.ledger.emitUpdate(job);
    this.options.poller.pollAfter(job, 0);
    return snapshot(record);
  }

  /** Cancels a job that has not been sent (or whose outcome is unknown: the user chose not to resend it). */
  async cancel(jobId: string): Promise<JobRecord> {
    const job = this.options.ledger.require(jobId);
    if (!CANCELLABLE_STATUSES.includes(job.record.status)) {
      throw new JobActionError(
        'JOB_NOT_CANCELLABLE',
        `Job ${jobId} is ${job.record.status}; only queued jobs (or ones with an unknown outcome) can be cancelled.`,
      );
    }
    this.options.ledger.finish(job, 'cancelled');
    await this.options.ledger.store.save();
    return snapshot(job.record);
  }

  /**
   * Sets a failed, stuck or unknown-outcome job aside: the Tasks page stops counting it under "Needs
   * attention". Nothing is sent or changed at the service; it can still be retried. It also lifts the hold such a
   * job puts on its blocks (charge-twice-holds.ts): a later Generate sends them without asking, which is why a
   * job cancelled after its answer was lost can be dismissed too.
   */
  async dismiss(jobId: string): Promise<JobRecord> {
    const job = this.options.ledger.require(jobId);
    if (!DISMISSABLE_STATUSES.includes(job.record.status) && !holdsItsContent(job.record)) {
      throw new JobActionError(
        'JOB_NOT_DISMISSABLE',
        `Job ${jobId} is ${job.record.status}; only failed, stuck or unknown-outcome jobs (also once cancelled) can be dismissed.`,
      );
    }
    job.record.dismissedAt = this.options.ledger.isoNow();
    job.record.updatedAt = job.record.dismissedAt;
    await this.options.ledger.store.save();
    this.options.ledger.emitUpdate(job);
    return snapshot(job.record);
  }

  /** Forgets a finished job (it disappears from the list and the file). */
  async remove(jobId: string): Promise<void> {
    const job = this.options.ledger.require(jobId);
    if (!FINAL_STATUSES.includes(job.record.status)) {
      throw new JobActionError(
        'JOB_NOT_REMOVABLE',
        `Job ${jobId} is ${job.record.status}; only finished jobs can be removed.`,
      );
    }
    this.options.ledger.jobs.delete(jobId);
    await this.options.ledger.store.save();
    this.options.ledger.emit({ type: 'job-removed', jobId });
  }
}

/** Why a retry that may pay twice waits for the user's yes, naming the job, the cost and how to say yes. */
function chargeTwiceRefusal(job: StoredJob): string {
  const { record, request } = job;
  const why =
    record.status === 'stuck'
      ? 'the service has it and may still finish it'
      : 'the service may have received it without the app learning its id';
  const cost =
    request.kind === 'task'
      ? `about ${jobTexts(sentTexts(request.body)).credits.toLocaleString('en-US')} credits`
      : 'a second voice (and, for a professional clone, its quota)';
  return (
    `Job ${record.id} was not sent again: ${why}, so sending it again may charge ${cost} twice. ` +
    'It is sent again only once you confirm that second charge (Submit again… on the Tasks page asks first).'
  );
}
