import type { BatchSummary } from './batch-types.js';

/**
 * `3 exported, 1 failed` (cancelled and not yet run only when there are any), for people and for the CLI. Items
 * of a paused queue are waiting for it to resume, not "not run".
 */
export function summaryLine(
  summary: Pick<BatchSummary, 'done' | 'failed' | 'cancelled' | 'queued'>,
  paused = false,
): string {
  const parts = [`${summary.done.length} exported`, `${summary.failed.length} failed`];
  if (summary.cancelled.length > 0) parts.push(`${summary.cancelled.length} cancelled`);
  if (summary.queued > 0)
    parts.push(paused ? `${summary.queued} waiting (paused)` : `${summary.queued} not run`);
  return parts.join(', ');
}
