import type { BatchItemRecord, BatchSummary } from './batch-types.js';

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

/** What the queue's items came to: those done with their files, those failed with why, and what is left. */
export function summarise(items: readonly BatchItemRecord[], paused: boolean): BatchSummary {
  const summary: BatchSummary = { done: [], failed: [], cancelled: [], queued: 0, line: '' };
  for (const item of items) {
    const { id, label } = item;
    switch (item.status) {
      case 'done':
        if (item.outputs)
          summary.done.push({ id, label, outputs: item.outputs, warnings: [...item.warnings] });
        break;
      case 'failed':
        summary.failed.push({
          id,
          label,
          error: item.error ?? { code: 'EXPORT_FAILED', message: 'Unknown failure' },
        });
        break;
      case 'cancelled':
        summary.cancelled.push({ id, label });
        break;
      case 'queued':
      case 'running':
        summary.queued += 1;
        break;
      default: {
        const exhaustive: never = item.status;
        throw new Error(`Unknown item status ${String(exhaustive)}`);
      }
    }
  }
  summary.line = summaryLine(summary, paused);
  return summary;
}
