import type { JobRecord } from '../services/jobs/index.js';
import type { Platform } from '../platform/platform.js';

const announced = new Set(['succeeded', 'failed', 'stuck', 'unknown-outcome']);

/**
 * Tells the user when a job ends while they are looking elsewhere (the window is not focused): a system
 * notification in Electron, an in-app one in the browser shell. Each job is announced once, on the change.
 */
export function createJobNotifier(
  platform: Pick<Platform, 'notify' | 'isFocused'>,
): (job: JobRecord) => void {
  const lastStatus = new Map<string, string>();
  return (job) => {
    const previous = lastStatus.get(job.id);
    lastStatus.set(job.id, job.status);
    // The first sighting of a job (e.g. loaded at start-up) is not a change worth announcing.
    if (previous === undefined || previous === job.status || !announced.has(job.status)) return;
    if (platform.isFocused()) return;
    platform.notify(titleOf(job), bodyOf(job));
  };
}

function titleOf(job: JobRecord): string {
  const what = job.kind === 'voice' ? `Voice “${job.voiceName ?? 'new voice'}”` : 'Generation task';
  switch (job.status) {
    case 'succeeded':
      return job.kind === 'voice' ? `${what} is ready` : `${what} finished`;
    case 'failed':
      return `${what} failed`;
    default:
      return `${what} needs attention`;
  }
}

function bodyOf(job: JobRecord): string {
  if (job.error)
    return job.error.requestId
      ? `${job.error.message} (request id ${job.error.requestId})`
      : job.error.message;
  return job.kind === 'task' && job.characters !== undefined
    ? `${job.characters.toLocaleString('en')} characters`
    : '';
}
