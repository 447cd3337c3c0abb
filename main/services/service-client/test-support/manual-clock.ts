import type { Clock } from '../clock.js';

/**
 * A clock that moves only when the test says so: timers fire, in order, as `advance()` passes their time. For
 * asserting exactly when something was allowed to happen.
 */
export class ManualClock implements Clock {
  private current = 0;
  private readonly timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 0;

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const cancel = this.setTimer(resolve, ms);
      signal?.addEventListener('abort', () => {
        cancel();
        reject(signal.reason as Error);
      });
    });
  }

  setTimer(callback: () => void, ms: number): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.current + Math.max(0, ms), callback, id });
    return () => {
      const index = this.timers.findIndex((timer) => timer.id === id);
      if (index >= 0) this.timers.splice(index, 1);
    };
  }

  /** Moves time forward, firing due timers one by one (and letting promise callbacks run between them). */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.timers[0];
      if (!next || next.at > target) break;
      this.timers.shift();
      this.current = next.at;
      next.callback();
      await flushPromises();
    }
    this.current = target;
    await flushPromises();
  }
}

async function flushPromises(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
}
