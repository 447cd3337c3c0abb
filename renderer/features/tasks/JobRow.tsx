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
import { formatDateTime } from '../../shared/date-format.js';
import { formatCount } from '../../shared/format.js';
import { selectUploads } from '../../stores/generation-store.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores, useGenerationStore } from '../../stores/stores-context.js';
import { ChargeTwiceDialog } from '../generation/ChargeTwiceDialog.js';
import { JobTextsPanel } from './JobTextsPanel.js';

/** A task's moments, to the second, in the form the rest of the app writes dates in. */
const at = (iso: string | undefined): string => (iso ? formatDateTime(iso, undefined, 'second') : '—');

function describeJob(job: JobView): string {
  if (job.kind === 'voice') return `Voice clone${job.voiceName ? `: ${job.voiceName}` : ''}`;
  const blocks = job.blockIds?.length ?? 0;
  const source = job.projectTitle ?? 'Generation task';
  return blocks > 0 ? `${source} — ${blocks} block${blocks === 1 ? '' : 's'}` : source;
}

export function JobRow({ job }: { job: JobView }) {
  const stores = useAppStores();
  const upload = useGenerationStore(selectUploads)[job.id];
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
  // Its answer was lost: the service may have made (and charged) it, and the app can never look it up.
  const lost = job.status === 'unknown-outcome' || job.outcomeUnknownAt !== undefined;
  // Retried, dismissed or superseded: the row says where it stands now; why it needed attention is kept folded.
  const settled =
    job.retriedBy !== undefined || job.dismissedAt !== undefined || job.supersededAt !== undefined;
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
        {job.characters !== undefined ? <span>{formatCount(job.characters)} characters</span> : null}
        <JobTimes job={job} lost={lost} />
        {job.nextAttemptAt ? <span>Next try {at(job.nextAttemptAt)}</span> : null}
      </div>
      {job.retriedBy ? (
        <p className="hint" data-testid="job-retried">
          {lost
            ? 'Submitted again as a new task, which carries on. If the service did receive this one, it may have been charged too.'
            : 'Retried: the new task carries on.'}
        </p>
      ) : job.dismissedAt ? (
        <p className="hint" data-testid="job-dismissed">
          {lost
            ? 'Dismissed: you checked your account. Its blocks are generated again without asking, which charges them again if the service did make this task.'
            : 'Dismissed: no longer counted under Needs attention.'}
        </p>
      ) : job.supersededAt ? (
        <p className="hint" data-testid="job-superseded">
          Its blocks were generated since by a later task: nothing more to do.
        </p>
      ) : null}
      {job.error && settled ? (
        <details className="hint" data-testid="job-error-details">
          <summary>Why it needed attention</summary>
          <p data-testid="job-error">{job.error.message}</p>
        </details>
      ) : job.error ? (
        <p className="job-error" data-testid="job-error">
          {job.error.message}
        </p>
      ) : null}
      {lost && !settled && job.status === 'unknown-outcome' ? (
        <p className="hint" data-testid="job-lost-choices">
          Dismiss it once you have checked your account: the app then stops holding its blocks back, and
          Generate may send them again. It cannot be cancelled: the app cannot reach it at the service.
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
            title={
              lost
                ? 'You checked your account: stop holding its blocks back. They may be generated again, and charged again if the service made this task.'
                : 'Stop counting it under Needs attention (it can still be retried)'
            }
            onClick={() => act('jobs.dismiss')}
          >
            Dismiss
          </button>
        ) : null}
        {/* Cancelling a task whose answer was lost changes nothing at the service (it cannot be reached there) and
            would only call a task that may have been charged "Cancelled": Dismiss says what it does instead. */}
        {CANCELLABLE_STATUSES.includes(job.status) && job.status !== 'unknown-outcome' ? (
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

/**
 * When it was sent and how it ended. A task whose answer was lost did not finish: it was sent, and its answer
 * never came (its "finished" time was only when the app gave up waiting), so it says that (issue 37).
 */
function JobTimes({ job, lost }: { job: JobView; lost: boolean }) {
  if (!lost) {
    return (
      <>
        <span>Submitted {at(job.submittedAt)}</span>
        {job.finishedAt ? <span>Finished {at(job.finishedAt)}</span> : null}
      </>
    );
  }
  return (
    <>
      <span data-testid="job-sent-lost">Sent {at(job.submittedAt ?? job.createdAt)} · answer lost</span>
      {job.status === 'cancelled' && job.finishedAt ? <span>Cancelled {at(job.finishedAt)}</span> : null}
    </>
  );
}
