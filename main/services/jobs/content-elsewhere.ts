import { blockHashesOf, chargeTwiceHolds, whyHeld } from '../../../common/generation/charge-twice-holds.js';
import { jobTexts, sentTexts } from '../../../common/jobs/job-texts.js';
import { JobActionError } from './job-errors.js';
import type { StoredJob } from './job-store.js';
import type { JobRecord } from './job-types.js';
import { FINAL_STATUSES } from './job-types.js';

/**
 * Why a retry must not go out as asked because of OTHER tasks (issue 37): a retry resends every block of the task,
 * and some of them may be on their way in a task that has not ended (sending them now pays for them twice, for
 * sure), or in a task whose answer was lost and that holds them (charge-twice-holds.ts: the service may have
 * charged them already). The first is refused outright (wait for that task; Generate in the editor sends only
 * what is missing); the second needs the user's yes, as Generate asks it. `others`: every task of the service but
 * the retried one, the other shell's (the app's or the CLI's) included. Throws; returns when nothing stands in the way.
 */
export function refuseContentElsewhere(
  retried: StoredJob,
  others: readonly JobRecord[],
  confirmChargeTwice: boolean,
): void {
  const hashes = new Set(blockHashesOf(retried.record));
  if (hashes.size === 0) return;
  const shared = (job: JobRecord): string[] => blockHashesOf(job).filter((hash) => hashes.has(hash));
  const id = retried.record.id;

  const onItsWay = others.find(
    (job) => job.kind === 'task' && !FINAL_STATUSES.includes(job.status) && shared(job).length > 0,
  );
  if (onItsWay !== undefined) {
    throw new JobActionError(
      'JOB_NOT_RETRYABLE',
      `Job ${id} was not sent again: ${blocks(shared(onItsWay).length)} already on ${shared(onItsWay).length === 1 ? 'its' : 'their'} way in task ${onItsWay.id}, ` +
        'so sending them again now would pay for them twice. Wait for that task to end; Generate in the editor then sends only the blocks still missing.',
    );
  }

  if (confirmChargeTwice) return;
  const holds = chargeTwiceHolds(others.filter((job) => job.id !== id));
  const held = [...hashes].filter((hash) => holds.has(hash));
  const holder = held.length > 0 ? holds.get(held[0] ?? '') : undefined;
  if (holder === undefined) return;
  throw new JobActionError(
    'JOB_NEEDS_CONFIRMATION',
    `Job ${id} was not sent again: ${blocks(held.length)} in task ${holder.id}, and ${whyHeld(holder.status)}; ` +
      `sending ${held.length === 1 ? 'it' : 'them'} again may charge about ${heldCredits(retried, new Set(held)).toLocaleString('en-US')} credits twice. ` +
      `It is sent again only once you confirm that second charge (Submit again… on the Tasks page asks first), or once you dismiss task ${holder.id}.`,
  );
}

function blocks(count: number): string {
  return count === 1 ? '1 of its blocks is' : `${count.toLocaleString('en-US')} of its blocks are`;
}

/**
 * The credits of the retried task's blocks whose content is held: each block's text counted as sent (its body's
 * contents line up with its content hashes), or the whole task's when they do not (a task sent as one text).
 */
function heldCredits(job: StoredJob, held: ReadonlySet<string>): number {
  const request = job.request;
  if (request.kind !== 'task') return 0;
  const hashes = blockHashesOf(job.record);
  const body = request.body;
  if (!('contents' in body) || body.contents.length !== hashes.length)
    return jobTexts(sentTexts(body)).credits;
  const texts = body.contents.flatMap((content, index) =>
    held.has(hashes[index] ?? '') && typeof content.text === 'string'
      ? [{ type: content.type, text: content.text }]
      : [],
  );
  return jobTexts(texts).credits;
}
