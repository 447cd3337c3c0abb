import { isoLaterFirst } from '../../../common/text/iso-order.js';
import type { JobRecord } from './job-types.js';

/**
 * The `settleable` tasks (failed, stuck, unknown outcome, or cancelled after its answer was lost), not settled yet, whose every
 * block content was delivered by a task submitted after them (a later Generate made those blocks).
 *
 * One pass from the newest task to the oldest, gathering what the later tasks delivered as it goes: a job file
 * keeps its whole history, and this runs on every success (it was one scan of the history per failed task).
 */
export function supersededTasks(
  tasks: readonly JobRecord[],
  settleable: (task: JobRecord) => boolean,
): JobRecord[] {
  const newestFirst = tasks
    .filter((task) => task.kind === 'task')
    .sort((a, b) => isoLaterFirst(a.createdAt, b.createdAt));
  const deliveredLater = new Set<string>();
  const superseded: JobRecord[] = [];
  let start = 0;
  while (start < newestFirst.length) {
    // Tasks created at the same instant are not "after" one another: a group is judged before it delivers.
    let end = start;
    while (end < newestFirst.length && newestFirst[end]?.createdAt === newestFirst[start]?.createdAt)
      end += 1;
    const group = newestFirst.slice(start, end);
    for (const task of group) {
      if (!settleable(task) || task.supersededAt !== undefined) continue;
      const hashes = blockHashesOf(task);
      if (hashes.length > 0 && hashes.every((hash) => deliveredLater.has(hash))) superseded.push(task);
    }
    for (const task of group)
      if (task.status === 'succeeded') for (const hash of blockHashesOf(task)) deliveredLater.add(hash);
    start = end;
  }
  return superseded;
}

/** The block contents a task carries (for another take, the blocks' hashes, not the take keys). */
function blockHashesOf(record: JobRecord): readonly string[] {
  return record.takeOf ?? record.contentHashes ?? [];
}
