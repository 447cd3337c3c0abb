import { useState } from 'react';
import { mayChargeTwice } from '../../../common/jobs/job-texts.js';
import { holdsItsContent } from '../../../common/generation/charge-twice-holds.js';
import type { JobView } from '../../../common/jobs/job-view.js';
import {
  CANCELLABLE_STATUSES,
  jobListGroup,
  jobStatusLabels,
  RETRYABLE_STATUSES,
} from '../../../common/jobs/job-view.js';
import { RequestId } from '../../components/RequestId.js';
import { selectUploads } from '../../stores/jobs-store.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores, useJobsStore } from '../../stores/stores-context.js';
import { ChargeTwiceDialog } from './ChargeTwiceDialog.js';
import { JobTextsPanel } from './JobTextsPanel.js';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

function describeJob(job: JobView): string {
  if (job.kind === 'voice') return `Voice clone${job.voiceName ? `: ${job.voiceName}` : ''}`;
  const blocks = job.blockIds?.length ?? 0;
  const source = job.projectTitle ?? 'Generation task';
  return blocks > 0 ? `${source} — ${blocks} block${blocks === 1 ? '' : 's'}` : source;
}

export function JobRow({ job }: { job: JobView }) {
  const stores = useAppStores();
  const upload = useJobsStore(selectUploads)[job.id];
  /** Asking before a retry: `heldElsewhere` is main's reason when another task holds some of its blocks. */
  const [confirming, setConfirming] = useState<false | { heldElsewhere?: string }>(false);
  const [showTexts, setShowTexts] = useState(false);
  const act = (method: 'jobs.cancel' | 'jobs.dismiss' | 'jobs.lookAgain'): void => {
    stores.client
      .invoke(method, { id: job.id })
      .catch((error: unknown) => stores.notices.getState().showError(error));
  };
  // One the service may have charged is asked about first. Any other goes, unless main finds its blocks held by
  // another task whose answer was lost (it alone sees every task, the CLI's too): then the same question is asked.
  const retry = (): void => {
    if (mayChargeTwice(job)) {
      setConfirming({});
      return;
    }
    stores.client.invoke('jobs.retry', { id: job.id }).catch((error: unknown) => {
      const data = errorData(error);
      if (data.code === 'CONFLICT' && data.field === 'confirmChargeTwice')
        setConfirming({ heldElsewhere: data.message });
      else stores.notices.getState().showError(error);
    });
  };
  const requestId = job.error?.requestId ?? job.requestId;
  return (
    <li
      className={`job-row job-${job.status}`}
      data-testid="job-row"
      data-job-id={job.id}
      data-status={job.status}
    >
      <div className="job-main">
        <strong>{describeJob(job)}</strong>
        <span className="job-status" data-testid="job-status">
          {jobStatusLabels[job.status]}
          {job.remoteStatus && job.status === 'running' ? ` (${job.remoteStatus})` : ''}
        </span>
        {job.status === 'submitting' && upload ? (
          <progress value={upload.sentBytes} max={upload.totalBytes} aria-label="Upload progress" />
        ) : null}
      </div>
      <div className="job-meta">
        {job.characters !== undefined ? <span>{job.characters.toLocaleString()} characters</span> : null}
        <span>Submitted {job.submittedAt ? timeFormat.format(new Date(job.submittedAt)) : '—'}</span>
        {job.finishedAt ? <span>Finished {timeFormat.format(new Date(job.finishedAt))}</span> : null}
        {job.nextAttemptAt ? <span>Next try {timeFormat.format(new Date(job.nextAttemptAt))}</span> : null}
      </div>
      {job.retriedBy ? (
        <p className="hint" data-testid="job-retried">
          Retried: the new task carries on.
        </p>
      ) : job.dismissedAt ? (
        <p className="hint" data-testid="job-dismissed">
          Dismissed: no longer counted under Needs attention.
        </p>
      ) : job.supersededAt ? (
        <p className="hint" data-testid="job-superseded">
          Its blocks were generated since by a later task: nothing more to do.
        </p>
      ) : null}
      {job.error ? (
        <p className="job-error" data-testid="job-error">
          {job.error.message}
        </p>
      ) : null}
      {requestId ? <RequestId requestId={requestId} /> : null}
      <div className="row-actions">
        {/* A task whose blocks were generated since would pay for them twice. */}
        {RETRYABLE_STATUSES.includes(job.status) && !job.retriedBy && !job.supersededAt ? (
          <button type="button" data-testid="job-retry" onClick={retry}>
            {mayChargeTwice(job) ? 'Submit again…' : 'Retry'}
          </button>
        ) : null}
        {job.status === 'stuck' && job.remoteId !== undefined ? (
          <button
            type="button"
            data-testid="job-look-again"
            title="Check it at the service again by its id: nothing is sent or charged"
            onClick={() => act('jobs.lookAgain')}
          >
            Look again
          </button>
        ) : null}
        {job.kind === 'task' ? (
          <button
            type="button"
            data-testid="job-show-texts"
            aria-expanded={showTexts}
            onClick={() => setShowTexts((shown) => !shown)}
          >
            {showTexts ? 'Hide texts' : 'Show texts'}
          </button>
        ) : null}
        {/* A task cancelled after its answer was lost still holds its blocks back from Generate until dismissed. */}
        {jobListGroup(job) === 'problem' || holdsItsContent(job) ? (
          <button
            type="button"
            data-testid="job-dismiss"
            title="Stop counting it under Needs attention (it can still be retried)"
            onClick={() => act('jobs.dismiss')}
          >
            Dismiss
          </button>
        ) : null}
        {CANCELLABLE_STATUSES.includes(job.status) ? (
          <button type="button" data-testid="job-cancel" onClick={() => act('jobs.cancel')}>
            Cancel
          </button>
        ) : null}
      </div>
      {showTexts ? <JobTextsPanel jobId={job.id} /> : null}
      {confirming ? (
        <ChargeTwiceDialog
          job={job}
          heldElsewhere={confirming.heldElsewhere}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </li>
  );
}
