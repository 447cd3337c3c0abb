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
}

interface ServiceModel {
  workers: number;
  /** Processing time of a task starting at `start`. */
  processingMs: (start: number, characters: number) => number;
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
  }));
  let now = 0;
  const replan = (): void => {
    const open = tasks.filter((task) => task.noticedAt === undefined);
    const due = forecast.predict(open);
    for (const task of open) {
      const finish = due.get(task.id) ?? task.submittedAt + 500;
      if (task.misses === 0) task.aimedAt = finish;
      task.nextPollAt = Math.max(now, task.misses > 0 ? finish : finish + forecast.marginMs());
    }
  };
  replan();
  for (;;) {
    const open = tasks.filter((task) => task.noticedAt === undefined);
    if (open.length === 0) return tasks;
    const next = open.reduce((soonest, task) => (task.nextPollAt < soonest.nextPollAt ? task : soonest));
    now = next.nextPollAt;
    next.polls += 1;
    if (next.finish <= next.nextPollAt) {
      next.noticedAt = next.nextPollAt;
      forecast.learn({
        submittedAt: next.submittedAt,
        characters: next.characters,
        finishedAt: next.finish,
        aimedAt: next.aimedAt,
        aheadInFlight: open.filter((task) => task !== next && task.submittedAt < next.submittedAt).length,
      });
    } else {
      next.misses += 1;
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
      expect(task.polls).toBe(1);
      expect(lagOf(task)).toBeLessThan(50);
    }
    // The first slow tasks cost a few extra polls; from the 4th on the schedule has caught up.
    expect(tasks.slice(firstSlow, firstSlow + 3).some((task) => task.polls > 1)).toBe(true);
    for (const task of tasks.slice(firstSlow + 3, lastSlow + 1)) {
      expect(task.polls).toBe(1);
      expect(lagOf(task)).toBeLessThan(50);
    }
    // Speeding up: tasks that finished before the app's first look at a fast one cannot be seen sooner; from
    // the 3rd task finishing after that look, the lag is back near the steady 15 ms.
    const firstFastSeenAt = tasks[lastSlow + 1]?.noticedAt ?? 0;
    const finishedAfterLook = tasks.filter((task) => task.finish > firstFastSeenAt);
    for (const task of finishedAfterLook.slice(2)) {
      expect(task.polls).toBe(1);
      expect(lagOf(task)).toBeLessThan(30);
    }
    expect(finishedAfterLook.length).toBeGreaterThan(20);
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
