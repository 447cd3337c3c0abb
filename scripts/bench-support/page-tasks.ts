import type { Page } from 'playwright-core';

/** The fields of a Chromium trace event this module reads (Trace Event Format; times in microseconds). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall time of a complete ("X") event. */
  dur?: number;
  /** Time the thread was running during it (absent when the platform does not report it). */
  tdur?: number;
}

export interface PageTasks {
  /** The page's main-thread tasks that overlap the window, as many. */
  tasks: number;
  /** The longest of them, wall time: what a keystroke arriving during it waits at most. */
  longestTaskMs: number;
  /** Wall time of those over 1 ms, added up. */
  busyMs: number;
  /** Time the main thread ran in all of them, added up (wall time also counts other processes' turns on the CPU). */
  cpuMs: number;
}

/** A task the thread's scheduler ran, in the `toplevel` category: a frame, an event, a timer, a message. */
const TASK = 'ThreadControllerImpl::RunTask';

/**
 * The page's main-thread tasks between two `performance.mark`s, from a trace of the `toplevel` and
 * `blink.user_timing` categories. The page's main thread is the one the marks were made on; a task counts
 * when any part of it falls in the window, so the task that made the first mark is counted whole. Undefined
 * when a mark is missing.
 */
export function pageTasksBetween(
  events: readonly TraceEvent[],
  startMark: string,
  endMark: string,
  extraMs = 0,
): PageTasks | undefined {
  const start = events.find((event) => event.name === startMark);
  const end = events.find((event) => event.name === endMark);
  if (start === undefined || end === undefined) return undefined;
  const from = start.ts;
  const to = end.ts + extraMs * 1000;
  const figures: PageTasks = { tasks: 0, longestTaskMs: 0, busyMs: 0, cpuMs: 0 };
  const tasks = events
    .filter(
      (event) =>
        event.name === TASK && event.ph === 'X' && event.pid === start.pid && event.tid === start.tid,
    )
    .sort((a, b) => a.ts - b.ts);
  let coveredUntil = -Infinity;
  for (const task of tasks) {
    const wall = task.dur ?? 0;
    // A task run inside another (a nested loop) is part of the outer one's time.
    if (task.ts < coveredUntil || task.ts > to || task.ts + wall < from) continue;
    coveredUntil = task.ts + wall;
    figures.tasks += 1;
    figures.longestTaskMs = Math.max(figures.longestTaskMs, wall / 1000);
    if (wall > 1000) figures.busyMs += wall / 1000;
    figures.cpuMs += (task.tdur ?? wall) / 1000;
  }
  return figures;
}

/** Runs `action` while Chromium traces the page's tasks and marks; answers its result and the trace's events. */
export async function tracedWhile<Result>(
  page: Page,
  action: () => Promise<Result>,
): Promise<{ result: Result; events: TraceEvent[] }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReportEvents' });
  try {
    return { result: await action(), events };
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
}
