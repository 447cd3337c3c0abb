import { describe, expect, it } from 'vitest';
import { CompletionForecast } from './completion-forecast.js';
import type { ChainTask } from './completion-forecast.js';

interface SimulatedTask extends ChainTask {
  /** When the simulated service finishes it. */
  finish: number;
  aimedAt?: number;
  nextPollAt: number;
  polls: number;
  noticedAt?: number;
  /** The planned poll is an early first look (before the predicted finish). */
  early?: boolean;
  /** Early first looks that found it unfinished (by `maxFirstWaitMs`: a task queued more than 5 s). */
  earlyLooks: number;
  firstPollAt?: number;
}

interface ServiceModel {
  workers: number;
  /** Processing time of a task starting at `start`. */
  processingMs: (start: number, characters: number) => number;
  /**
   * A service that works out a status when it is read: each read moves a task one state on, so it is finished at
   * this read (its time reported as the finish), whatever the time.
   */
  readsToFinish?: number;
}

/** Finish times of a batch submitted at once on a first-come-first-served service with `workers` workers. */
function finishTimes(submittedAt: number[], characters: number[], service: ServiceModel): number[] {
  const free = Array.from({ length: service.workers }, () => 0);
  return submittedAt.map((submitted, index) => {
    const worker = free.indexOf(Math.min(...free));
    const start = Math.max(submitted, free[worker] ?? 0);
    const finish = start + service.processingMs(start, characters[index] ?? 0);
    free[worker] = finish;
    return finish;
  });
}

/**
 * Polls the tasks the way JobPoller does — each task at its forecast finish plus the margin, a missed poll
 * followed by a step, every answer replanning the rest — and returns the tasks with their polls and notice
 * times. Time is simulated, so the figures are exact.
 */
function simulatePolling(
  forecast: CompletionForecast,
  submittedAt: number[],
  characters: number[],
  service: ServiceModel,
): SimulatedTask[] {
  const finishes = finishTimes(submittedAt, characters, service);
  const tasks: SimulatedTask[] = finishes.map((finish, index) => ({
    id: `t${index}`,
    submittedAt: submittedAt[index] ?? 0,
    characters: characters[index] ?? 0,
    misses: 0,
    finish,
    nextPollAt: Number.NaN,
    polls: 0,
    earlyLooks: 0,
  }));
  let now = 0;
  const replan = (): void => {
    const open = tasks.filter((task) => task.noticedAt === undefined);
    const due = forecast.predict(open);
    for (const task of open) {
      const finish = due.get(task.id) ?? task.submittedAt + 500;
      if (task.misses === 0) task.aimedAt = finish;
      const at = forecast.pollAt(task, finish);
      task.early = at < finish;
      task.nextPollAt = Math.max(now, at);
    }
  };
  replan();
  for (;;) {
    const open = tasks.filter((task) => task.noticedAt === undefined);
    if (open.length === 0) return tasks;
    const next = open.reduce((soonest, task) => (task.nextPollAt < soonest.nextPollAt ? task : soonest));
    now = next.nextPollAt;
    next.polls += 1;
    next.polled = true;
    next.firstPollAt ??= now;
    const onRead = service.readsToFinish !== undefined;
    if (onRead && next.polls >= (service.readsToFinish ?? 0)) next.finish = now;
    if (next.finish <= next.nextPollAt) {
      next.noticedAt = next.nextPollAt;
      forecast.learn({
        submittedAt: next.submittedAt,
        characters: next.characters,
        finishedAt: next.finish,
        aimedAt: next.aimedAt,
        aheadInFlight: open.filter((task) => task !== next && task.submittedAt < next.submittedAt).length,
        finishedAtRead: onRead,
      });
    } else {
      if (next.early) next.earlyLooks += 1;
      else next.misses += 1;
      next.missedAt = next.nextPollAt;
    }
    replan();
  }
}

function byNotice(tasks: SimulatedTask[]): SimulatedTask[] {
  return [...tasks].sort((a, b) => (a.noticedAt ?? 0) - (b.noticedAt ?? 0));
}

function meanOf(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

const lagOf = (task: SimulatedTask): number => (task.noticedAt ?? 0) - task.finish;
/** Polls aimed by the forecast: all but the early first look a task queued for more than 5 s gets. */
const aimedPolls = (task: SimulatedTask): number => task.polls - task.earlyLooks;

describe('completion forecast', () => {
  it('knows nothing at first, then predicts a lone task from its submission and size', () => {
    const forecast = new CompletionForecast();
    expect(forecast.isReady).toBe(false);
    expect(forecast.predict([{ id: 'a', submittedAt: 0, characters: 100, misses: 0 }]).size).toBe(0);
    forecast.learn({ submittedAt: 0, characters: 100, finishedAt: 1_500, aheadInFlight: 0 });
    forecast.learn({ submittedAt: 10_000, characters: 300, finishedAt: 12_500, aheadInFlight: 0 });
    expect(forecast.isReady).toBe(true);
    // Two sizes separate the fixed part (1 s) from the time per character (5 ms).
    const due = forecast.predict([{ id: 'b', submittedAt: 20_000, characters: 200, misses: 0 }]);
    expect(due.get('b')).toBeCloseTo(22_000, 0);
  });

  it('spaces a backlog by the learned gap, from the last finish it saw', () => {
    const forecast = new CompletionForecast();
    forecast.learn({ submittedAt: 0, characters: 50, finishedAt: 1_000, aheadInFlight: 0 });
    forecast.learn({ submittedAt: 0, characters: 50, finishedAt: 1_200, aheadInFlight: 0 });
    const due = forecast.predict([
      { id: 'c', submittedAt: 0, characters: 50, misses: 0 },
      { id: 'd', submittedAt: 0, characters: 50, misses: 0 },
    ]);
    expect(due.get('c')).toBe(1_400);
    expect(due.get('d')).toBe(1_600);
  });

  it('until a task has been seen waiting behind another, expects each task at its own latency', () => {
    const forecast = new CompletionForecast();
    forecast.learn({ submittedAt: 0, characters: 50, finishedAt: 800, aheadInFlight: 0 });
    const due = forecast.predict(
      ['a', 'b', 'c'].map((id) => ({ id, submittedAt: 1_000, characters: 50, misses: 0 })),
    );
    // Nothing is known about how the service spreads its work: assuming one at a time would make the others
    // wait a whole latency each for nothing on a service that runs them side by side.
    expect([...due.values()]).toEqual([1_800, 1_800, 1_800]);
  });

  it('moves a task that a poll found unfinished (and every task behind it) by a step that doubles', () => {
    const forecast = new CompletionForecast();
    forecast.learn({ submittedAt: 0, characters: 50, finishedAt: 1_000, aheadInFlight: 0 });
    forecast.learn({ submittedAt: 0, characters: 50, finishedAt: 1_100, aheadInFlight: 0 });
    expect(forecast.stepMs(1, 50)).toBe(100);
    expect(forecast.stepMs(3, 50)).toBe(400);
    const due = forecast.predict([
      { id: 'late', submittedAt: 0, characters: 50, misses: 2, missedAt: 5_000 },
      { id: 'next', submittedAt: 0, characters: 50, misses: 0 },
    ]);
    expect(due.get('late')).toBe(5_200);
    expect(due.get('next')).toBe(5_300);
  });

  it('looks at the oldest task, and one it already missed, again within 5 s however far the chain has moved', () => {
    const forecast = new CompletionForecast();
    forecast.learn({ submittedAt: 0, characters: 50, finishedAt: 1_000, aheadInFlight: 0 });
    // Two workers finishing ours in bunches: a gap of 8 s learned from the pause between two bunches.
    forecast.learn({ submittedAt: 0, characters: 50, finishedAt: 9_000, aheadInFlight: 0 });
    const due = forecast.predict([
      { id: 'ahead', submittedAt: 0, characters: 50, misses: 0 },
      { id: 'missed', submittedAt: 0, characters: 50, misses: 1, missedAt: 10_000 },
    ]);
    expect(due.get('ahead')).toBe(17_000);
    // Before: 25 s (the task ahead + one gap), though it may have finished in the same bunch as that one — the
    // benchmark's last task was seen 13.3 s after it finished.
    expect(due.get('missed')).toBe(15_000);
    // The oldest unfinished task, looked at early (at 9.5 s, not a miss), is looked at again within 5 s of that
    // look or of the last finish seen (9 s), not at the chain's 17 s.
    const head = forecast.predict([
      { id: 'head', submittedAt: 0, characters: 50, misses: 0, missedAt: 9_500 },
    ]);
    expect(head.get('head')).toBe(14_500);
  });

  it('steps by an eighth of the latency after a miss while no backlog has been seen', () => {
    const forecast = new CompletionForecast();
    forecast.learn({ submittedAt: 0, characters: 360, finishedAt: 6_000, aheadInFlight: 0 });
    // A task a little longer than the last one is missed at its aim; the next look is 750 ms later, not 6 s.
    expect(forecast.stepMs(1, 360)).toBe(750);
    expect(forecast.stepMs(2, 360)).toBe(1_500);
    const due = forecast.predict([
      { id: 'longer', submittedAt: 10_000, characters: 400, misses: 1, missedAt: 16_015 },
    ]);
    expect(due.get('longer')).toBe(16_765);
  });

  it('tracks 200 tasks on a two-worker service with about one poll each and a short notice lag', () => {
    const forecast = new CompletionForecast();
    const count = 200;
    const service: ServiceModel = { workers: 2, processingMs: (_start, characters) => 80 + characters };
    const tasks = simulatePolling(
      forecast,
      Array.from({ length: count }, () => 0),
      Array.from({ length: count }, (_, index) => 20 + (index % 7)),
      service,
    );
    const polls = meanOf(tasks.map((task) => task.polls));
    const lag = meanOf(tasks.map(lagOf));
    // The target is ≤ 2 polls per task (3 requests with the POST) and ≤ 300 ms of lag; a naive poll
    // every 250 ms would need ~40 polls per task here.
    expect(polls).toBeLessThan(2);
    // Two workers finish tasks in pairs, so the forecast is off by up to half a task either way; the lag stays
    // under one task's processing time (~100 ms), where the naive poll averages 125 ms.
    expect(lag).toBeLessThan(90);
    expect(tasks.every((task) => (task.noticedAt ?? 0) >= task.finish)).toBe(true);
  });

  it('adapts within 3 tasks when the service slows down 5×, and again when it speeds back up', () => {
    const forecast = new CompletionForecast();
    // One worker, so every task after the change is a slow one: 100 ms per task, then 500 ms, then 100 ms.
    const slowFrom = 3_000;
    const fastFrom = 13_000;
    const service: ServiceModel = {
      workers: 1,
      processingMs: (start) => (start >= slowFrom && start < fastFrom ? 500 : 100),
    };
    const count = 80;
    const tasks = byNotice(
      simulatePolling(
        forecast,
        Array.from({ length: count }, () => 0),
        Array.from({ length: count }, () => 40),
        service,
      ),
    );
    const firstSlow = tasks.findIndex((task) => task.finish >= slowFrom + 500);
    const lastSlow = tasks.findIndex((task) => task.finish >= fastFrom + 100) - 1;
    // Before the change: one poll a task, lag well under a gap.
    for (const task of tasks.slice(firstSlow - 5, firstSlow)) {
      expect(aimedPolls(task)).toBe(1);
      expect(lagOf(task)).toBeLessThan(50);
    }
    // The first slow tasks cost a few extra polls; from the 4th on the schedule has caught up.
    expect(tasks.slice(firstSlow, firstSlow + 3).some((task) => aimedPolls(task) > 1)).toBe(true);
    for (const task of tasks.slice(firstSlow + 3, lastSlow + 1)) {
      expect(aimedPolls(task)).toBe(1);
      expect(lagOf(task)).toBeLessThan(50);
    }
    // Speeding up: tasks that finished before the app's first look at a fast one cannot be seen sooner; from
    // the 3rd task finishing after that look, the lag is back near the steady 15 ms.
    const firstFastSeenAt = tasks[lastSlow + 1]?.noticedAt ?? 0;
    const finishedAfterLook = tasks.filter((task) => task.finish > firstFastSeenAt);
    for (const task of finishedAfterLook.slice(2)) {
      expect(aimedPolls(task)).toBe(1);
      expect(lagOf(task)).toBeLessThan(30);
    }
    expect(finishedAfterLook.length).toBeGreaterThan(20);
    // Queued behind up to 15 s of work, each task was still first looked at within 5 s of its submission.
    expect(tasks.every((task) => (task.firstPollAt ?? Infinity) - task.submittedAt <= 5_000)).toBe(true);
    expect(tasks.some((task) => task.earlyLooks > 0)).toBe(true);
  });

  it('on a service that moves a task on only when it is read, looks first within 5 s and learns to look sooner', () => {
    // Issue 36: a CLI batch of 20 projects, one after another, on such a service (pending → processing →
    // generated, one step per read). Before, each task's first poll went later than the last one's: 0.6 s,
    // then 9.9, 14.2, 19.3 and 25 s, because every finish it learned was its own read, a margin after its aim.
    const forecast = new CompletionForecast();
    // What an earlier session had wrongly learned: 25 s a task.
    for (let index = 0; index < 4; index += 1)
      forecast.learn({ submittedAt: 0, characters: 60, finishedAt: 25_000, aheadInFlight: 0 });
    const service: ServiceModel = {
      workers: 1,
      processingMs: () => Number.POSITIVE_INFINITY,
      readsToFinish: 2,
    };
    const firstLooks: number[] = [];
    const seenAfter: number[] = [];
    let start = 100_000;
    for (let project = 0; project < 20; project += 1) {
      const tasks = simulatePolling(forecast, [start, start, start], [60, 60, 60], service);
      for (const task of tasks) {
        firstLooks.push((task.firstPollAt ?? Infinity) - task.submittedAt);
        seenAfter.push((task.noticedAt ?? Infinity) - task.submittedAt);
      }
      start = Math.max(...tasks.map((task) => task.noticedAt ?? 0)) + 1_000;
    }
    console.info(
      `first look per project (s): ${firstLooks
        .filter((_, index) => index % 3 === 0)
        .map((ms) => (ms / 1000).toFixed(2))
        .join(' ')}`,
    );
    expect(Math.max(...firstLooks)).toBeLessThanOrEqual(5_000);
    // It moves earlier again: by the last projects each task is seen done sooner than the plain schedule's
    // 1.25 s (0.5 s, then 0.75 s more), the first look never later than the one before by more than jitter.
    expect(Math.max(...seenAfter.slice(-9))).toBeLessThan(500);
    for (let index = 3; index < firstLooks.length; index += 3)
      expect(firstLooks[index]!).toBeLessThanOrEqual(firstLooks[index - 3]! + 50);
  });

  it('keeps what it learned across sessions and ignores a saved state it cannot read', () => {
    const forecast = new CompletionForecast();
    forecast.learn({ submittedAt: 0, characters: 50, finishedAt: 700, aheadInFlight: 0 });
    const restored = new CompletionForecast();
    restored.restore(JSON.parse(JSON.stringify(forecast.toJSON())));
    const task = { id: 'x', submittedAt: 1_000, characters: 50, misses: 0 };
    expect(restored.predict([task]).get('x')).toBe(1_700);
    const broken = new CompletionForecast();
    broken.restore({ version: 1, latency: 'fast' });
    expect(broken.isReady).toBe(false);
  });
});
