import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdleAfter } from './when-idle.js';

describe('whenIdleAfter', () => {
  let idle: Map<number, () => void>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The browser's idle callbacks, run when the test says the browser is idle.
    idle = new Map();
    let next = 0;
    vi.stubGlobal('requestIdleCallback', (run: () => void) => {
      next += 1;
      idle.set(next, run);
      return next;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.delete(handle));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const goIdle = (): void => {
    for (const run of idle.values()) run();
    idle.clear();
  };

  it('runs no sooner than the delay, then once the browser is idle', () => {
    const run = vi.fn();
    whenIdleAfter(1000, run);
    vi.advanceTimersByTime(999);
    goIdle();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).not.toHaveBeenCalled();
    goIdle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before the delay or while waiting for idle', () => {
    const early = vi.fn();
    whenIdleAfter(1000, early)();
    const late = vi.fn();
    const cancelLate = whenIdleAfter(1000, late);
    vi.advanceTimersByTime(1000);
    cancelLate();
    vi.advanceTimersByTime(5000);
    goIdle();
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
