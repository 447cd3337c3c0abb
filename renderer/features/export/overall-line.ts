import type { BatchOverall, BatchQueueState } from '../../../common/batch/batch-types.js';

/**
 * The queue at a glance: `1 running, 1 to go`, `1 done, 1 failed`, `2 done`. Only the parts that have items are
 * named (a line of zeros hides the one figure that matters), and the project being worked on is said as running
 * rather than counted among those to go.
 */
export function overallLine(overall: BatchOverall, state: BatchQueueState): string {
  const parts: string[] = [];
  if (overall.done > 0) parts.push(`${overall.done} done`);
  if (overall.failed > 0) parts.push(`${overall.failed} failed`);
  if (overall.cancelled > 0) parts.push(`${overall.cancelled} cancelled`);
  if (overall.running > 0) parts.push(`${overall.running} running`);
  if (overall.queued > 0) parts.push(`${overall.queued} to go`);
  const line = parts.join(', ');
  if (state === 'paused') return `${line} (paused)`;
  if (state === 'pausing') return `${line} (pausing after this project)`;
  return line;
}
