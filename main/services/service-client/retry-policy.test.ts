import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_POLICY,
  backoffDelayMs,
  isRetryable,
  parseRetryAfterMs,
  retryDelayMs,
} from './retry-policy.js';

const now = Date.UTC(2030, 0, 1, 12, 0, 0);

describe('parseRetryAfterMs', () => {
  it('reads delta seconds, including fractions', () => {
    expect(parseRetryAfterMs('3', now)).toBe(3000);
    expect(parseRetryAfterMs(' 0 ', now)).toBe(0);
    expect(parseRetryAfterMs('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfterMs(new Date(now + 7000).toUTCString(), now)).toBe(7000);
    expect(parseRetryAfterMs(new Date(now - 7000).toUTCString(), now)).toBe(0);
  });

  it('ignores values it cannot use', () => {
    for (const value of [undefined, '', 'soon', '-5', '1e3', '12abc', 'Soon, maybe'])
      expect(parseRetryAfterMs(value, now)).toBeUndefined();
  });
});

describe('backoffDelayMs (full jitter)', () => {
  it('draws uniformly below min(cap, base·2^attempt)', () => {
    expect(
      [0, 1, 2, 3, 4, 5].map((attempt) => backoffDelayMs(attempt, DEFAULT_RETRY_POLICY, () => 0.999999)),
    ).toEqual([499, 999, 1999, 3999, 7999, 7999]);
    expect(backoffDelayMs(3, DEFAULT_RETRY_POLICY, () => 0)).toBe(0);
    expect(backoffDelayMs(2, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(1000);
  });
});

describe('isRetryable', () => {
  const policy = DEFAULT_RETRY_POLICY;
  it('retries reads on 429, gateway errors, network errors and timeouts, but not other statuses', () => {
    for (const httpStatus of [429, 502, 503, 504])
      expect(
        isRetryable({ requestKind: 'read', errorKind: 'http', httpStatus, requestSent: true }, policy),
      ).toBe(true);
    for (const httpStatus of [400, 401, 404, 500])
      expect(
        isRetryable({ requestKind: 'read', errorKind: 'http', httpStatus, requestSent: true }, policy),
      ).toBe(false);
    expect(isRetryable({ requestKind: 'read', errorKind: 'network', requestSent: true }, policy)).toBe(true);
    expect(isRetryable({ requestKind: 'read', errorKind: 'timeout', requestSent: true }, policy)).toBe(true);
    expect(
      isRetryable({ requestKind: 'read', errorKind: 'invalid-response', requestSent: true }, policy),
    ).toBe(false);
    expect(isRetryable({ requestKind: 'read', errorKind: 'aborted', requestSent: true }, policy)).toBe(false);
  });

  it('retries creating POSTs only on 429 or when the request never left', () => {
    expect(
      isRetryable({ requestKind: 'create', errorKind: 'http', httpStatus: 429, requestSent: true }, policy),
    ).toBe(true);
    expect(isRetryable({ requestKind: 'create', errorKind: 'network', requestSent: false }, policy)).toBe(
      true,
    );
    expect(isRetryable({ requestKind: 'create', errorKind: 'network', requestSent: true }, policy)).toBe(
      false,
    );
    expect(isRetryable({ requestKind: 'create', errorKind: 'timeout', requestSent: true }, policy)).toBe(
      false,
    );
    expect(isRetryable({ requestKind: 'create', errorKind: 'timeout', requestSent: false }, policy)).toBe(
      true,
    );
    for (const httpStatus of [500, 502, 503, 504])
      expect(
        isRetryable({ requestKind: 'create', errorKind: 'http', httpStatus, requestSent: true }, policy),
      ).toBe(false);
  });

  it('leaves waits longer than 60 s to the caller', () => {
    expect(
      isRetryable(
        { requestKind: 'read', errorKind: 'http', httpStatus: 429, requestSent: true, retryAfterMs: 60_000 },
        policy,
      ),
    ).toBe(true);
    expect(
      isRetryable(
        { requestKind: 'read', errorKind: 'http', httpStatus: 429, requestSent: true, retryAfterMs: 60_001 },
        policy,
      ),
    ).toBe(false);
    expect(
      isRetryable(
        { requestKind: 'read', errorKind: 'http', httpStatus: 503, requestSent: true, retryAfterMs: 120_000 },
        policy,
      ),
    ).toBe(false);
  });

  it('backs off exponentially on repeated 429s, with the Retry-After as the floor', () => {
    const facts = {
      requestKind: 'read' as const,
      errorKind: 'http' as const,
      httpStatus: 429,
      requestSent: true,
    };
    const waits = [0, 1, 2, 3, 4].map((attempt) =>
      retryDelayMs({ ...facts, retryAfterMs: 1_000 }, attempt, DEFAULT_RETRY_POLICY, () => 0),
    );
    expect(waits).toEqual([1_000, 1_000, 1_500, 3_000, 6_000]);
    // Without a Retry-After it still grows, and jitter takes off at most a quarter.
    expect(retryDelayMs(facts, 3, DEFAULT_RETRY_POLICY, () => 0.999)).toBeGreaterThan(3_990);
    // Other failures keep full-jitter backoff, or the Retry-After the service named.
    expect(
      retryDelayMs({ ...facts, httpStatus: 503, retryAfterMs: 2_000 }, 4, DEFAULT_RETRY_POLICY, () => 0),
    ).toBe(2_000);
  });
});
