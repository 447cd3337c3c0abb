import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_SCHEDULE, errorDelayMs, pollDelayMs, probeDelayMs } from './poll-schedule.js';

const noJitter = () => 0.5;

describe('poll schedule', () => {
  it('starts at 0.5 s and grows ×1.5 up to 5 s', () => {
    const delays = Array.from({ length: 9 }, (_, index) =>
      pollDelayMs(index, DEFAULT_POLL_SCHEDULE, noJitter),
    );
    expect(delays).toEqual([500, 750, 1125, 1688, 2531, 3797, 5000, 5000, 5000]);
  });

  it('lets professional-clone training be polled up to every 30 s', () => {
    expect(pollDelayMs(20, DEFAULT_POLL_SCHEDULE, noJitter, true)).toBe(30_000);
    expect(pollDelayMs(0, DEFAULT_POLL_SCHEDULE, noJitter, true)).toBe(500);
  });

  it('jitters each wait by at most ±20 %', () => {
    expect(pollDelayMs(0, DEFAULT_POLL_SCHEDULE, () => 0)).toBe(400);
    expect(pollDelayMs(0, DEFAULT_POLL_SCHEDULE, () => 0.999999)).toBe(600);
    expect(pollDelayMs(10, DEFAULT_POLL_SCHEDULE, () => 0.999999)).toBe(6000);
  });

  it('backs off failing polls from 1 s doubling to 30 s, and probes the same way', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7].map((failures) => errorDelayMs(failures, DEFAULT_POLL_SCHEDULE, noJitter)),
    ).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect([0, 1, 5, 9].map((attempt) => probeDelayMs(attempt, DEFAULT_POLL_SCHEDULE, noJitter))).toEqual([
      1000, 2000, 30_000, 30_000,
    ]);
  });

  it('costs few requests for a long task: under 70 polls for 5 minutes', () => {
    let elapsed = 0;
    let polls = 0;
    while (elapsed < 5 * 60_000) {
      elapsed += pollDelayMs(polls, DEFAULT_POLL_SCHEDULE, noJitter);
      polls += 1;
    }
    expect(polls).toBeLessThan(70);
  });
});
