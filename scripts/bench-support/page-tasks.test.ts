import { describe, expect, it } from 'vitest';
import { pageTasksBetween, type TraceEvent } from './page-tasks.js';

const PAGE = { pid: 10, tid: 10 };
const mark = (name: string, ts: number): TraceEvent => ({ name, ph: 'I', ts, ...PAGE });
const task = (ts: number, dur: number, tdur: number, thread = PAGE): TraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  ts,
  dur,
  tdur,
  ...thread,
});

describe('pageTasksBetween', () => {
  it("adds up the page's main-thread tasks that overlap the window, by wall time and by thread time", () => {
    const events = [
      task(500, 2_000, 2_000), // ends before the window opens
      task(9_000, 3_000, 2_500), // made the start mark: counted whole
      mark('start', 10_000),
      task(20_000, 500, 500), // under 1 ms: thread time only
      task(30_000, 8_000, 3_000), // the thread was off the CPU for 5 ms of it
      task(30_100, 1_000, 1_000), // nested in the one before
      task(31_000, 20_000, 20_000, { pid: 11, tid: 11 }), // another page's
      mark('end', 40_000),
      task(45_000, 2_000, 2_000), // within the extra 10 ms after the end
      task(60_000, 4_000, 4_000), // after it
    ];
    expect(pageTasksBetween(events, 'start', 'end', 10)).toEqual({
      tasks: 4,
      longestTaskMs: 8,
      busyMs: 3 + 8 + 2,
      cpuMs: 2.5 + 0.5 + 3 + 2,
    });
  });

  it('answers nothing when a mark is missing', () => {
    expect(pageTasksBetween([mark('start', 0), task(10, 2_000, 2_000)], 'start', 'end')).toBeUndefined();
  });
});
