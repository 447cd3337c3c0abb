export interface BackgroundActivity {
  /** Generation tasks and voice clones submitted and not yet finished. */
  runningJobs: number;
  /** Submissions waiting for the service to be reachable. */
  queuedOfflineJobs: number;
  /** Exports (single or batch) being rendered. */
  runningExports: number;
}

export type QuitDecision =
  | { action: 'quit' }
  | { action: 'ask'; message: string; detail: string; quitLabel: string; stayLabel: string };

/**
 * Quitting with work under way asks first, saying what happens to each kind of work: jobs are on the service and
 * resume at the next start; queued submissions wait on disk; exports in progress are cancelled (never half-written).
 */
export function decideQuit(activity: BackgroundActivity, alreadyConfirmed: boolean): QuitDecision {
  const { runningJobs, queuedOfflineJobs, runningExports } = activity;
  if (alreadyConfirmed || runningJobs + queuedOfflineJobs + runningExports === 0) return { action: 'quit' };
  const lines: string[] = [];
  if (runningJobs > 0) {
    lines.push(
      `${plural(runningJobs, 'task is', 'tasks are')} still being processed by the service. They will finish there, and Timbre Studio picks up their results at the next start.`,
    );
  }
  if (queuedOfflineJobs > 0) {
    lines.push(
      `${plural(queuedOfflineJobs, 'submission waits', 'submissions wait')} for the service to be reachable. They are kept and go out at the next start.`,
    );
  }
  if (runningExports > 0) {
    lines.push(
      `${plural(runningExports, 'export is', 'exports are')} in progress and will be cancelled. No partial file is left behind.`,
    );
  }
  return {
    action: 'ask',
    message: runningExports > 0 ? 'Quit and cancel the export in progress?' : 'Quit while tasks are running?',
    detail: lines.join('\n\n'),
    quitLabel: 'Quit',
    stayLabel: 'Keep working',
  };
}

function plural(count: number, singular: string, pluralForm: string): string {
  return count === 1 ? `1 ${singular}` : `${count} ${pluralForm}`;
}
