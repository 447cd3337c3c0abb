import { describe, expect, it } from 'vitest';
import type { Clock } from './clock.js';
import { RateGate } from './rate-gate.js';
import { ManualClock } from './test-support/manual-clock.js';

/** Starts `count` requests through the gate and records when each was let through. */
function queue(gate: RateGate, clock: ManualClock, count: number, log: number[]): Promise<number>[] {
  return Array.from({ length: count }, () =>
    gate.acquire().then((releasedAt) => {
      log.push(clock.now());
      return releasedAt;
    }),
  );
}

describe('RateGate', () => {
  it('lets requests straight through while the service has not complained', async () => {
    const clock = new ManualClock();
    const gate = new RateGate({ clock });
    const log: number[] = [];
    await Promise.all(queue(gate, clock, 5, log));
    expect(log).toEqual([0, 0, 0, 0, 0]);
  });

  it('holds every request behind a Retry-After, then lets them out in order, spaced, not in a burst', async () => {
    const clock = new ManualClock();
    const gate = new RateGate({ clock });
    gate.rateLimited(1_000);
    const log: number[] = [];
    const order: number[] = [];
    const waiting = queue(gate, clock, 3, log).map((promise, index) => promise.then(() => order.push(index)));
    await clock.advance(999);
    expect(log).toEqual([]);
    await clock.advance(1);
    expect(log).toEqual([1_000]);
    await clock.advance(5_000);
    await Promise.all(waiting);
    expect(order).toEqual([0, 1, 2]);
    // Spaced by at least the Retry-After (a token bucket refills one request in that time).
    expect((log[1] ?? 0) - (log[0] ?? 0)).toBeGreaterThanOrEqual(1_000);
    expect((log[2] ?? 0) - (log[1] ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it('moves the wall when a later 429 asks for longer, and a 503 holds without slowing the pace', async () => {
    const clock = new ManualClock();
    const gate = new RateGate({ clock });
    gate.unavailable(500);
    expect(gate.figures().spacingMs).toBe(0);
    const log: number[] = [];
    const waiting = queue(gate, clock, 1, log);
    await clock.advance(100);
    gate.unavailable(2_000);
    await clock.advance(1_999);
    expect(log).toEqual([]);
    await clock.advance(1);
    await Promise.all(waiting);
    expect(log).toEqual([2_100]);
  });

  it('does not slow down further for refusals of requests sent before the last 429 arrived', async () => {
    const clock = new ManualClock();
    const gate = new RateGate({ clock });
    const sent = await Promise.all([gate.acquire(), gate.acquire(), gate.acquire()]);
    gate.rateLimited(1_000, sent[0]);
    const after = gate.figures().spacingMs;
    await clock.advance(10);
    gate.rateLimited(1_000, sent[1]);
    gate.rateLimited(1_000, sent[2]);
    expect(gate.figures()).toMatchObject({ spacingMs: after, rateLimited: 3 });
  });

  it('comes back to full speed after a passing 429, but stays slow near a pace that was refused', async () => {
    const clock = new ManualClock();
    const gate = new RateGate({ clock });
    for (let index = 0; index < 8; index += 1) {
      await gate.acquire();
      await clock.advance(20);
    }
    gate.rateLimited(1_000);
    const slowest = gate.figures().spacingMs;
    expect(slowest).toBeGreaterThanOrEqual(1_100);
    for (let index = 0; index < 40; index += 1) gate.answered();
    // Halved every few answers down to near the pace that was refused (20 ms apart): seconds, not minutes.
    expect(gate.figures().spacingMs).toBeLessThan(60);

    const strict = new RateGate({ clock });
    for (let index = 0; index < 8; index += 1) {
      await strict.acquire();
      await clock.advance(1_000);
    }
    strict.rateLimited(1_000);
    for (let index = 0; index < 40; index += 1) strict.answered();
    // Refused at one request a second: it stays close to that.
    expect(strict.figures().spacingMs).toBeGreaterThan(900);
  });

  it('gives up waiting when the request is cancelled, and lets the next one through in its place', async () => {
    const clock = new ManualClock();
    const gate = new RateGate({ clock });
    gate.rateLimited(1_000);
    const controller = new AbortController();
    const cancelled = gate.acquire(controller.signal);
    const next = gate.acquire();
    controller.abort(new Error('stop'));
    await expect(cancelled).rejects.toThrow('stop');
    await clock.advance(1_000);
    await expect(next).resolves.toBe(1_000);
  });

  it('lets nothing out before the wall when its timer fires early, as a starved Node process makes timers do', async () => {
    const clock = new ManualClock();
    // Node times a timer from the event loop's cached clock: set late in a long (or descheduled) callback, it
    // fires as early as that callback has run. Here a timer set for more than 30 ms fires 30 ms early.
    const early: Clock = {
      now: () => clock.now(),
      sleep: (ms, signal) => clock.sleep(ms, signal),
      setTimer: (callback, ms) => clock.setTimer(callback, ms > 30 ? ms - 30 : ms),
    };
    const gate = new RateGate({ clock: early });
    gate.rateLimited(1_000);
    const log: number[] = [];
    const waiting = queue(gate, clock, 2, log);
    await clock.advance(999);
    expect(log).toEqual([]);
    await clock.advance(1);
    expect(log).toEqual([1_000]);
    await clock.advance(5_000);
    await Promise.all(waiting);
    expect((log[1] ?? 0) - (log[0] ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it('counts a wait from when the refusal arrived, and holds from then even before the refusal is read', async () => {
    const clock = new ManualClock();
    const gate = new RateGate({ clock });
    await clock.advance(100);
    // The headers of a 429 arrived at 100 asking for 1 s; its body is still being read.
    gate.holdFrom(100, 1_000);
    const log: number[] = [];
    const waiting = queue(gate, clock, 1, log);
    await clock.advance(50);
    // Read and decoded 50 ms later: the wall stays where the service put it, not 50 ms later.
    gate.rateLimited(1_000, 0, 100);
    await clock.advance(949);
    expect(log).toEqual([]);
    await clock.advance(1);
    await Promise.all(waiting);
    expect(log).toEqual([1_100]);
  });
});
