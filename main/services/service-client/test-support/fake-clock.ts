import type { Clock } from '../clock.js';

/**
 * A clock whose sleeps return at once (after being recorded) and whose time moves only when a test or a sleep
 * moves it, so waits such as Retry-After can be asserted exactly.
 */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  private current: number;

  constructor(start = Date.UTC(2030, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    this.sleeps.push(ms);
    this.current += ms;
    await Promise.resolve();
  }

  /** Fires at once, the clock moved on to the timer's time as a sleep moves it (the rate gate checks it). */
  setTimer(callback: () => void, ms: number): () => void {
    const at = this.current + ms;
    const timer = setTimeout(() => {
      this.current = Math.max(this.current, at);
      callback();
    }, 0);
    this.sleeps.push(ms);
    return () => clearTimeout(timer);
  }
}
