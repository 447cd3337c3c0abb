import { useState } from 'react';
import type { ChargeTwiceRefusal } from '../../../common/generation/charge-twice-holds.js';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import { creditsFor } from '../../../common/jobs/job-texts.js';
import type { JobView } from '../../../common/jobs/job-view.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores } from '../../stores/stores-context.js';
import { formatCount } from '../../shared/format.js';
import { blocksSinceSentIn } from './blocks-since-sent.js';

/** The editor's Generate found blocks whose content may be charged twice (main sent nothing): the user's choices. */
export interface HeldGeneration {
  projectTitle: string;
  refusal: ChargeTwiceRefusal;
  /** Sends every other block (the safe default). */
  sendOthers(): void;
  /** Sends the held blocks too, with the confirmation main requires. */
  sendAll(): void;
}

/**
 * Asked before sending again a job the service may have charged already (mayChargeTwice): what it may cost twice,
 * and why the app cannot find out itself. The contract finds a task only by its id, so a job whose answer was lost
 * (no id) cannot be looked up, and the dialog says so; a stuck one (its id known) can be looked at again, which is
 * then the first choice. The safe choice has the focus; only the explicit "Submit again" sends, with the
 * confirmation main requires. Asked too (`held`) when Generate would send blocks whose content is in such a job.
 */
export function ChargeTwiceDialog(
  props:
    | { job: JobView; heldElsewhere?: string | undefined; onClose(): void }
    | { held: HeldGeneration; onClose(): void },
) {
  if ('held' in props) return <HeldBlocksQuestion held={props.held} onClose={props.onClose} />;
  return <RetryQuestion job={props.job} heldElsewhere={props.heldElsewhere} onClose={props.onClose} />;
}

/**
 * `heldElsewhere`: main refused the plain retry of a job that itself was not charged, because another task whose
 * answer was lost carries some of its blocks; its sentence names that task and what they may cost twice.
 */
function RetryQuestion({
  job,
  heldElsewhere,
  onClose,
}: {
  job: JobView;
  heldElsewhere?: string | undefined;
  onClose(): void;
}) {
  const stores = useAppStores();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcErrorData | null>(null);
  const canLookAgain = job.status === 'stuck' && job.remoteId !== undefined;

  const run = async (method: 'jobs.retry' | 'jobs.lookAgain'): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      if (method === 'jobs.retry')
        await stores.client.invoke('jobs.retry', { id: job.id, confirmChargeTwice: true });
      else await stores.client.invoke('jobs.lookAgain', { id: job.id });
      onClose();
    } catch (caught) {
      setError(errorData(caught));
      setBusy(false);
    }
  };

  const what = job.kind === 'task' ? 'task' : 'voice clone';
  const { held, twice } =
    heldElsewhere === undefined
      ? wordsFor(job)
      : { held: '', twice: 'charge the blocks that other task carries twice' };
  // The service's id of the request, when it sent one (a server error does; a lost connection does not).
  const requestId = job.error?.requestId ?? job.requestId;
  const trace = requestId === undefined ? '' : ` Its support can trace the request by its id, ${requestId}.`;
  return (
    <Dialog title="Submit again? It may be charged twice" testId="charge-twice-dialog" onClose={onClose}>
      {heldElsewhere !== undefined ? (
        <p data-testid="charge-twice-held-elsewhere">{heldElsewhere}</p>
      ) : canLookAgain ? (
        <p>
          The service has this {what} (id <code>{job.remoteId}</code>) but kept reporting a status the app
          cannot read, so it may still finish it: {held}. Waiting and looking again sends nothing and costs
          nothing.
        </p>
      ) : (
        <p data-testid="charge-twice-nothing-to-look-up">
          The app never learned whether the service received this {what}: its answer was lost before the{' '}
          {what}’s id came back. If the service did receive it, {held}, and it will never show up in the app.
          The service finds a {what} only by its id, so there is nothing the app can look up, and waiting will
          not change that.
        </p>
      )}
      <p data-testid="charge-twice-cost">
        <strong>
          Submitting it again sends it as a new {what} and may {twice}.
        </strong>
      </p>
      {job.kind === 'task' && heldElsewhere === undefined ? <TextsThen job={job} /> : null}
      <p className="hint" data-testid="charge-twice-check">
        {job.kind === 'task'
          ? `Check its texts (Show texts in its row) against your account’s records at the service first.${trace}`
          : `Check your voices at the service first.${trace}`}
      </p>
      {error ? <ErrorNotice error={error} testId="charge-twice-error" /> : null}
      <div className="form-actions">
        {canLookAgain ? (
          <button
            type="button"
            className="primary"
            data-testid="charge-twice-look-again"
            data-autofocus
            disabled={busy}
            onClick={() => void run('jobs.lookAgain')}
          >
            Wait and look again
          </button>
        ) : null}
        <button
          type="button"
          className={canLookAgain ? undefined : 'primary'}
          data-testid="charge-twice-cancel"
          data-autofocus={canLookAgain ? undefined : true}
          onClick={onClose}
        >
          Don’t submit
        </button>
        <button
          type="button"
          className="danger"
          data-testid="charge-twice-submit"
          disabled={busy}
          onClick={() => void run('jobs.retry')}
        >
          Submit again, may {twice}
        </button>
      </div>
    </Dialog>
  );
}

/** Held blocks named in the question; the rest are counted. */
const LISTED_HELD_BLOCKS = 5;

/**
 * Generate would send blocks whose content is in a task the service may already have charged: how many, what
 * they may cost twice, and the choices, the safe one (the others only, or Cancel when there are none) focused.
 */
function HeldBlocksQuestion({ held, onClose }: { held: HeldGeneration; onClose(): void }) {
  const { refusal } = held;
  const count = refusal.blocks.length;
  const them = count === 1 ? 'it' : 'them';
  const credits = `≈ ${formatCount(refusal.credits)} credits`;
  const others = refusal.otherBlocks;
  const choose = (send: () => void) => () => {
    onClose();
    send();
  };
  return (
    <Dialog title="Generate again? It may be charged twice" testId="charge-twice-dialog" onClose={onClose}>
      <p>
        {count === 1 ? '1 block' : `${formatCount(count)} blocks`} of “{held.projectTitle}”{' '}
        {count === 1 ? 'was' : 'were'} in a task whose answer was lost (or that got stuck): the service may
        already have made and charged {them}, and the app cannot find out, since the service finds a task only
        by its id.
      </p>
      <ul data-testid="charge-twice-blocks">
        {refusal.blocks.slice(0, LISTED_HELD_BLOCKS).map((block) => (
          <li key={block.blockId}>“{block.label}”</li>
        ))}
        {count > LISTED_HELD_BLOCKS ? <li>and {formatCount(count - LISTED_HELD_BLOCKS)} more</li> : null}
      </ul>
      <p data-testid="charge-twice-cost">
        <strong>
          Generating {them} again may charge {credits} twice.
        </strong>
      </p>
      <p className="hint">
        Check the task’s texts (Tasks page, Show texts) against your account’s records at the service. Once
        you dismiss the task there, these blocks are generated without asking.
      </p>
      <div className="form-actions">
        {others > 0 ? (
          <button
            type="button"
            className="primary"
            data-testid="charge-twice-send-others"
            data-autofocus
            onClick={choose(held.sendOthers)}
          >
            Generate the others only ({formatCount(others)} block{others === 1 ? '' : 's'})
          </button>
        ) : null}
        <button
          type="button"
          className={others > 0 ? undefined : 'primary'}
          data-testid="charge-twice-cancel"
          data-autofocus={others > 0 ? undefined : true}
          onClick={onClose}
        >
          Cancel
        </button>
        <button
          type="button"
          className="danger"
          data-testid="charge-twice-send-all"
          onClick={choose(held.sendAll)}
        >
          Generate all, may charge {credits} twice
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Submitting again sends the texts the task sent then, not the blocks as they read now: says how many of its
 * blocks no longer read that way in the open project (their new audio would not be theirs), or, when the task's
 * project is not open here, that the texts go as they were.
 */
function TextsThen({ job }: { job: JobView }) {
  const stores = useAppStores();
  const since = blocksSinceSentIn(stores, job);
  let words: string;
  if (since === undefined) {
    words = 'It sends its texts as they were sent then (Show texts), whatever its blocks say now.';
  } else if (since.changed === 0) {
    words = `Its texts are still those of its ${since.total === 1 ? 'block' : `${formatCount(since.total)} blocks`} in the open project.`;
  } else {
    const blocks = since.changed === 1 ? '1 of its blocks' : `${formatCount(since.changed)} of its blocks`;
    words =
      `${blocks} no longer ${since.changed === 1 ? 'reads' : 'read'} as it sent ${since.changed === 1 ? 'it' : 'them'} in the open project (edited or deleted since): ` +
      `it sends the old ${since.changed === 1 ? 'text' : 'texts'} all the same, and that audio will not be used for ${since.changed === 1 ? 'that block' : 'those blocks'}.`;
  }
  return <p data-testid="charge-twice-texts-then">{words}</p>;
}

/**
 * What the job holds at the service if it was received, and what a second submission may do. Credits are frozen
 * when a task is received and charged once it is generated (service contract), and the service may have finished
 * it long since: so they "may have been charged", not "are frozen" (issue 37).
 */
function wordsFor(job: JobView): { held: string; twice: string } {
  if (job.kind === 'voice') {
    return {
      held: 'the voice may exist already (a professional clone uses quota)',
      twice: 'create the voice, and use its quota, twice',
    };
  }
  const credits = `≈ ${formatCount(creditsFor(job.characters ?? 0))} credits`;
  // A stuck task is at the service: its credits are frozen, or charged if it finished meanwhile.
  const held =
    job.status === 'stuck'
      ? `${credits} are frozen for it, or already charged`
      : `it may already have been charged (${credits})`;
  return { held, twice: `charge ${credits} twice` };
}
