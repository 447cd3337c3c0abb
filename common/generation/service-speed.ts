import { formatSeconds } from '../audio/prompt-check.js';

/**
 * How fast a service turns characters into audio, learned from the tasks the app has seen it finish: a fixed
 * wait (queue and start-up) plus a time per character, fitted by least squares over the most recent tasks.
 * Time left estimates use it before a run has finished anything of its own (issue 14), and it is the model the
 * poll schedule can aim at (issue 16).
 */
export interface TaskTiming {
  characters: number;
  /** From the task's submission to the service reporting it finished. */
  durationMs: number;
}

export interface ServiceSpeed {
  queueMs: number;
  msPerCharacter: number;
  /** How many finished tasks the figures come from. */
  samples: number;
  /** The largest of those tasks: far beyond it, the figures say nothing (see generationSecondsLeft). */
  largestCharacters: number;
}

/** The fields of a job (main's record or the renderer's view) the speed is learned from. */
export interface FinishedTaskFacts {
  kind: 'task' | 'voice';
  serviceUrl: string;
  status: string;
  characters?: number;
  submittedAt?: string;
  /** When the app saw it finished. */
  finishedAt?: string;
  /** When the service says it finished (the task's `metadata.generatedAt`), on the service's clock. */
  generatedAt?: string | undefined;
  /** Set when the app started again while the task was out: `finishedAt` is then when it looked again. */
  resumedAt?: string;
}

/**
 * The timings of one service's succeeded tasks, oldest first (jobs persist, so this spans earlier runs): from
 * submission to the service's own finish when it states one that fits (its `generatedAt`), else to when the app
 * saw it finish. A task that finished while the app was closed, whose service states no finish, is left out:
 * its time is the app's absence, not the service's speed (issue 36: "4:01:23" left after a restart).
 */
export function taskTimings(jobs: readonly FinishedTaskFacts[], serviceUrl: string): TaskTiming[] {
  const timed: { finishedAt: number; timing: TaskTiming }[] = [];
  for (const job of jobs) {
    if (job.kind !== 'task' || job.status !== 'succeeded' || job.serviceUrl !== serviceUrl) continue;
    if (!job.characters || !job.submittedAt || !job.finishedAt) continue;
    const submittedAt = Date.parse(job.submittedAt);
    const seenAt = Date.parse(job.finishedAt);
    const stated = job.generatedAt === undefined ? Number.NaN : Date.parse(job.generatedAt);
    // A stated finish outside [submission, seen] is the clocks disagreeing: the app's own reading is used.
    const finishedAt =
      stated >= submittedAt && stated <= seenAt ? stated : job.resumedAt === undefined ? seenAt : Number.NaN;
    const durationMs = finishedAt - submittedAt;
    if (!Number.isFinite(durationMs) || durationMs < 0) continue;
    timed.push({ finishedAt, timing: { characters: job.characters, durationMs } });
  }
  return timed.sort((a, b) => a.finishedAt - b.finishedAt).map((entry) => entry.timing);
}

/** The most recent tasks weigh in: a service's speed drifts over a day, and old tasks would hide that. */
export const SPEED_SAMPLE_LIMIT = 30;

/** The fitted speed, or undefined before any task has finished. `timings` are oldest first. */
export function learnServiceSpeed(timings: readonly TaskTiming[]): ServiceSpeed | undefined {
  const recent = timings
    .filter((timing) => timing.characters > 0 && timing.durationMs >= 0)
    .slice(-SPEED_SAMPLE_LIMIT);
  const count = recent.length;
  if (count === 0) return undefined;
  const meanCharacters = recent.reduce((sum, timing) => sum + timing.characters, 0) / count;
  const meanMs = recent.reduce((sum, timing) => sum + timing.durationMs, 0) / count;
  let covariance = 0;
  let variance = 0;
  for (const timing of recent) {
    covariance += (timing.characters - meanCharacters) * (timing.durationMs - meanMs);
    variance += (timing.characters - meanCharacters) ** 2;
  }
  const slope = variance > 0 ? covariance / variance : 0;
  const intercept = meanMs - slope * meanCharacters;
  const largestCharacters = Math.max(...recent.map((timing) => timing.characters));
  if (slope > 0 && intercept >= 0) {
    return { queueMs: intercept, msPerCharacter: slope, samples: count, largestCharacters };
  }
  // Tasks of one size cannot separate the two parts, and a line that falls with size (noise, or a service whose
  // time is mostly its queue) has none to give. Their time was read as time per character, which made a
  // 1-second task's history promise minutes for a larger one (issue 36: "about 4:06" for a 1-second job); it is
  // read as the fixed time it showed, and generationSecondsLeft does not reach far beyond the sizes seen.
  return { queueMs: meanMs, msPerCharacter: 0, samples: count, largestCharacters };
}

/** What a task of this many characters is expected to take, from submission to finished. */
export function expectedTaskMs(speed: ServiceSpeed, characters: number): number {
  return speed.queueMs + speed.msPerCharacter * characters;
}

/** A generation run's count and time left, as batch export and the command line show it. */
export interface GenerationCount {
  /** Blocks whose audio arrived, or that failed, in this run. */
  doneBlocks: number;
  /** Of `doneBlocks`, those that ended without audio (refused or failed tasks, downloads given up on). */
  failedBlocks?: number;
  totalBlocks: number;
  secondsLeft?: number | undefined;
}

/**
 * "12 of 60 blocks · 2 failed · about 1 min 05 s left", as the batch page and the command line print it: the
 * blocks with audio, then those that ended without it, so a run that ends with failures never reads as done.
 */
export function describeGenerationCount(count: GenerationCount): string {
  const failed = count.failedBlocks ?? 0;
  const ready = count.doneBlocks - failed;
  const blocks =
    `${ready} of ${count.totalBlocks} block${count.totalBlocks === 1 ? '' : 's'}` +
    (failed > 0 ? ` · ${failed} failed` : '');
  if (count.doneBlocks >= count.totalBlocks) return blocks;
  if (count.secondsLeft === undefined) return `${blocks} · estimating time left…`;
  const left =
    count.secondsLeft < 10 ? `${Math.ceil(count.secondsLeft)} s` : formatSeconds(count.secondsLeft);
  return `${blocks} · about ${left} left`;
}

/** How far beyond the largest task learned from an estimate still reaches (×). */
const EXTRAPOLATION_LIMIT = 2;

export interface RunSnapshot {
  now: number;
  startedAt: number;
  /** Characters whose audio arrived in this run (its pace). */
  doneCharacters: number;
  /** Characters still on their way (blocks that ended without audio are neither). */
  remainingCharacters: number;
  /** The run's tasks not finished yet (submittedAt undefined: not sent yet). */
  openTasks: readonly { submittedAt: number | undefined; characters: number }[];
  speed: ServiceSpeed | undefined;
}

/**
 * Seconds left in a generation run. Until the run has audio of its own, the service's learned speed says when
 * its open tasks should finish (the service works on them side by side); from then on the run's own pace is
 * the better guide, since it includes downloads and what the service is doing today. Undefined when neither
 * is known yet.
 */
export function generationSecondsLeft(run: RunSnapshot): number | undefined {
  if (run.remainingCharacters <= 0) return 0;
  if (run.doneCharacters > 0 && run.now > run.startedAt) {
    return Math.ceil((run.remainingCharacters * (run.now - run.startedAt)) / run.doneCharacters / 1000);
  }
  const speed = run.speed;
  if (!speed || run.openTasks.length === 0) return undefined;
  // A task much larger than any the service was seen doing: the learned line would be a guess, so the bar says
  // it is estimating until this run's own audio gives its pace.
  if (run.openTasks.some((task) => task.characters > EXTRAPOLATION_LIMIT * speed.largestCharacters))
    return undefined;
  let latest = 0;
  for (const task of run.openTasks) {
    const due = (task.submittedAt ?? run.now) + expectedTaskMs(speed, task.characters);
    latest = Math.max(latest, due - run.now);
  }
  return Math.ceil(latest / 1000);
}
