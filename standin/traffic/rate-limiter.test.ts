import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('allows N requests per second per token, then asks to retry after whole seconds', () => {
    let now = 0;
    const limiter = new RateLimiter(3, () => now);
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterS: 1 });
    expect(limiter.take('b').allowed).toBe(true);
    now = 400;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });

  it('gives a longer Retry-After for slow limits and is off at 0', () => {
    let now = 0;
    const slow = new RateLimiter(0.25, () => now);
    expect(slow.take('a').allowed).toBe(true);
    expect(slow.take('a')).toEqual({ allowed: false, retryAfterS: 4 });
    now = 4000;
    expect(slow.take('a').allowed).toBe(true);
    const off = new RateLimiter(0);
    expect(Array.from({ length: 100 }, () => off.take('a').allowed).every(Boolean)).toBe(true);
  });
});
