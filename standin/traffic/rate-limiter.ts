/**
 * Per-token token bucket: `perSecond` requests per second on average, bursts of up to max(1, perSecond).
 * A refused request learns how many whole seconds to wait (the value of `Retry-After`).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.perSecond > 0;
  }

  take(key: string): { allowed: true } | { allowed: false; retryAfterS: number } {
    if (!this.enabled) return { allowed: true };
    const capacity = Math.max(1, this.perSecond);
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: capacity, updatedAt: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.updatedAt) / 1000) * this.perSecond);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond)) };
  }
}
