/**
 * Where the installed app's update stands. `disabled` says why checks never run (a development build or the
 * browser shell has no feed; the user switched automatic checks off still allows "Check now").
 */
export type UpdateState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'available'; version: string }
  | { state: 'downloading'; version: string; percent: number }
  | { state: 'ready'; version: string; notes: string }
  | { state: 'failed'; reason: string }
  | { state: 'up-to-date'; checkedAt: string }
  | { state: 'disabled'; reason: string };

/** What Settings shows: the state, the app's version, and whether "Restart to update" may be offered now. */
export interface UpdateView {
  currentVersion: string;
  automaticChecks: boolean;
  update: UpdateState;
  /** Why a restart cannot happen now (work in flight), or null when a ready update may be installed. */
  restartBlockedBy: string | null;
}

/** What is running that a restart would cut short (main's own count; the page adds its unsaved edits). */
export interface UpdateActivity {
  runningJobs: number;
  queuedOfflineJobs: number;
  runningExports: number;
  runningImports: number;
  /** The export queue is working through its items (between two items no export runs, yet the next starts). */
  batchInFlight: boolean;
  /**
   * A `timbre` command running on this computer (its lock in `<data>/cli/`; pid null while the lock is being
   * written): installing would end it (Windows' installer ends every copy of the binary `timbre` runs) or replace
   * the files under it, so the restart waits for it.
   */
  runningCliCommand: { pid: number | null } | null;
  /** The open project has edits not yet written to its file (known to the page, which says so). */
  unsavedProject: boolean;
}

/**
 * Why restarting to install an update must wait, in a sentence, or null. Jobs on the service would survive a
 * restart, but their results, exports and imports would be cut off mid-way: the user finishes them first.
 */
export function restartBlocker(activity: UpdateActivity): string | null {
  const reasons: string[] = [];
  if (activity.runningExports > 0) reasons.push(count(activity.runningExports, 'export', 'exports'));
  if (activity.batchInFlight && activity.runningExports === 0) reasons.push('the export queue');
  if (activity.runningImports > 0) reasons.push(count(activity.runningImports, 'import', 'imports'));
  if (activity.runningJobs > 0)
    reasons.push(count(activity.runningJobs, 'generation task', 'generation tasks'));
  if (activity.queuedOfflineJobs > 0) {
    reasons.push(
      count(activity.queuedOfflineJobs, 'submission waiting to be sent', 'submissions waiting to be sent'),
    );
  }
  const cli = activity.runningCliCommand;
  const command = cli
    ? `a timbre command${cli.pid === null ? '' : ` (process ${cli.pid})`} is running — wait for it to finish`
    : null;
  const unsaved = activity.unsavedProject ? 'the open project has unsaved changes' : null;
  if (reasons.length === 0 && command === null && unsaved === null) return null;
  const running = reasons.length > 0 ? `${reasons.join(', ')} still running` : null;
  const parts = [running, command, unsaved].filter((part): part is string => part !== null);
  return `Restart to update waits until nothing is running and everything is saved: ${parts.join('; ')}.`;
}

function count(value: number, singular: string, plural: string): string {
  return `${value} ${value === 1 ? singular : plural}`;
}

/**
 * The rule an organisation's update feed URL breaks, or null: an absolute https:// URL without credentials
 * (a token in it would end up in logs). http:// is accepted only for this computer (127.0.0.1, localhost), for a
 * feed served locally while testing.
 */
export function updateFeedUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'must be an absolute https:// URL';
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return `must use https:// (got "${url.protocol}"; http:// only for 127.0.0.1 or localhost)`;
  }
  if (url.username !== '' || url.password !== '') return 'must not contain a user name or password';
  if (url.search !== '' || url.hash !== '') return 'must not contain a query (?…) or fragment (#…)';
  return null;
}
