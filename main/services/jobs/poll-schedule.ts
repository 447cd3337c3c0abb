/**
 * How often jobs are polled, how failing calls back off and when an unexplained status becomes "stuck".
 * Tasks are polled on the service's learned speed once there is one (completion-forecast.ts); this schedule is
 * for voices, for tasks before anything is learned, and for every failure.
 *
 * Polls: the first 0.5 s after submission, then each wait ×1.5, capped at 5 s; each wait is jittered by ±20 %
 * so a batch of jobs submitted together spreads out. This is the schedule of Google's long-audio synthesis
 * (0.5 s ×1.5 to 5 s): a short task is seen finished within half a second of it finishing, a long one costs at
 * most one request per 5 s. Waits: 0.5, 0.75, 1.1, 1.7, 2.5, 3.8, 5, 5… s.
 * Professional-clone training (lora-pending/lora-awaiting) takes minutes: capped at 30 s instead.
 * After a restart or wake-up the schedule starts again at 0.5 s.
 *
 * Failing polls (network, timeouts, 5xx, garbage): 1 s ×2 per consecutive failure, capped at 30 s, ±20 %.
 * A 429 waits at least its Retry-After. Unknown non-failure statuses are polled on the normal schedule for
 * at most 10 minutes, then the job becomes `stuck` (with the request id to quote).
 *
 * Offline probe: when the service cannot be reached, one cheap GET every 1 s ×2 up to 30 s, ±20 %, until it
 * answers; queued submissions go out then.
 */
export interface PollSchedule {
  firstDelayMs: number;
  growth: number;
  maxDelayMs: number;
  longRunningMaxDelayMs: number;
  jitter: number;
  errorFirstDelayMs: number;
  errorMaxDelayMs: number;
  unknownStatusLimitMs: number;
  probeFirstDelayMs: number;
  probeMaxDelayMs: number;
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = {
  firstDelayMs: 500,
  growth: 1.5,
  maxDelayMs: 5_000,
  longRunningMaxDelayMs: 30_000,
  jitter: 0.2,
  errorFirstDelayMs: 1_000,
  errorMaxDelayMs: 30_000,
  unknownStatusLimitMs: 10 * 60_000,
  probeFirstDelayMs: 1_000,
  probeMaxDelayMs: 30_000,
};

function jittered(ms: number, schedule: PollSchedule, random: () => number): number {
  return Math.round(ms * (1 - schedule.jitter + 2 * schedule.jitter * random()));
}

/** Wait before poll number `pollIndex` (0 = the first poll after submission or restart). */
export function pollDelayMs(
  pollIndex: number,
  schedule: PollSchedule,
  random: () => number,
  longRunning = false,
): number {
  const cap = longRunning ? schedule.longRunningMaxDelayMs : schedule.maxDelayMs;
  return jittered(Math.min(cap, schedule.firstDelayMs * schedule.growth ** pollIndex), schedule, random);
}

/** Wait after `failures` consecutive failed polls (1 = the first failure). */
export function errorDelayMs(failures: number, schedule: PollSchedule, random: () => number): number {
  return jittered(
    Math.min(schedule.errorMaxDelayMs, schedule.errorFirstDelayMs * 2 ** Math.max(0, failures - 1)),
    schedule,
    random,
  );
}

/** Wait before reachability probe number `attempt` (0-based). */
export function probeDelayMs(attempt: number, schedule: PollSchedule, random: () => number): number {
  return jittered(
    Math.min(schedule.probeMaxDelayMs, schedule.probeFirstDelayMs * 2 ** attempt),
    schedule,
    random,
  );
}
