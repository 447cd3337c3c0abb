import { describe, expect, it } from 'vitest';
import { systemClock } from '../service-client/index.js';
import { DEFAULT_POLL_SCHEDULE } from './poll-schedule.js';
import { Reachability } from './reachability.js';

const schedule = { ...DEFAULT_POLL_SCHEDULE, probeFirstDelayMs: 5, probeMaxDelayMs: 20 };

describe('Reachability', () => {
  it('probes with backoff while unreachable and reports each change once', async () => {
    const changes: boolean[] = [];
    let probes = 0;
    const delays: number[] = [];
    const clock = {
      ...systemClock,
      setTimer: (callback: () => void, ms: number) => {
        delays.push(ms);
        return systemClock.setTimer(callback, ms);
      },
    };
    const reachability = new Reachability(
      async () => {
        probes += 1;
        return probes >= 4;
      },
      clock,
      schedule,
      () => 0.5,
      (reachable) => changes.push(reachable),
    );
    reachability.markUnreachable();
    reachability.markUnreachable();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(probes).toBe(4);
    expect(delays).toEqual([5, 10, 20, 20]);
    expect(changes).toEqual([false, true]);
    expect(reachability.isReachable).toBe(true);
    reachability.stop();
  });

  it('stops probing when stopped', async () => {
    let probes = 0;
    const reachability = new Reachability(
      async () => {
        probes += 1;
        return false;
      },
      systemClock,
      schedule,
      () => 0.5,
      () => undefined,
    );
    reachability.markUnreachable();
    await new Promise((resolve) => setTimeout(resolve, 30));
    reachability.stop();
    const seen = probes;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(probes).toBe(seen);
  });
});
