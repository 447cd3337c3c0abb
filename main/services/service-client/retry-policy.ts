import type { ServiceErrorKind } from './service-error.js';

/**
 * When and how long to wait before trying a call again.
 *
 * Backoff: full jitter (a uniformly random wait in [0, min(cap, base·2^n)]), base 500 ms, cap 8 s, at most 3
 * retries (4 attempts). Base, cap and count match the Stainless SDKs (OpenAI/Anthropic: 0.5 s·2^n capped at
 * 8 s, 2 retries); those shave only up to 25 % off each wait, while full jitter spreads a crowd of clients
 * (200 pollers hitting one rate limit) evenly instead of in synchronised waves, at the cost of an occasional
 * very short wait. One more retry than Stainless because polls are cheap and idempotent.
 *
 * Retry-After: seconds or an HTTP date, honoured exactly up to 60 s (like OpenAI). A longer wait is not slept
 * inside a call: the error is thrown with `retryAfterMs` so the job manager can reschedule without holding
 * anything open.
 *
 * What is retried: 429 always (a rate-limited request was not acted on); 502/503/504, network errors and
 * timeouts only for GETs. A POST that creates a task or voice is also retried when the connection failed
 * (or timed out) before the request was sent, and never otherwise: credits are frozen on submission, so a duplicate costs
 * the user money (Replicate's SDK follows the same rule).
 */
export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** Full-jitter exponential backoff for the retry after attempt `attempt` (0-based). */
export function backoffDelayMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/** Parses `Retry-After` (delta seconds or HTTP date) into milliseconds from `now`; undefined when unusable. */
export function parseRetryAfterMs(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  // HTTP dates start with the day's name (IMF-fixdate, RFC 850 and asctime forms alike); checking that keeps
  // Date.parse from reading things like "1e3" as a year.
  if (!/^[A-Za-z]{3,9},?\s/.test(value)) return undefined;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

export type RequestKind = 'read' | 'create';

export interface RetryFacts {
  requestKind: RequestKind;
  errorKind: ServiceErrorKind;
  httpStatus?: number;
  requestSent: boolean;
  retryAfterMs?: number;
}

const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** Whether the failure may be retried at all (ignoring the attempt budget). */
export function isRetryable(facts: RetryFacts, policy: RetryPolicy): boolean {
  // A wait longer than the cap is the caller's to schedule (the job manager), not a call's to sleep through.
  if (facts.retryAfterMs !== undefined && facts.retryAfterMs > policy.maxRetryAfterMs) return false;
  if (facts.errorKind === 'http' && facts.httpStatus === 429) return true;
  if (facts.requestKind === 'create') {
    return (facts.errorKind === 'network' || facts.errorKind === 'timeout') && !facts.requestSent;
  }
  if (facts.errorKind === 'network' || facts.errorKind === 'timeout') return true;
  return (
    facts.errorKind === 'http' && facts.httpStatus !== undefined && GATEWAY_STATUSES.has(facts.httpStatus)
  );
}

/**
 * The wait before the next attempt. A 429 backs off exponentially with the service's Retry-After as the floor
 * (the contract: "client retries with exponential backoff"), so a service that keeps refusing is asked less
 * and less often; its jitter takes off at most a quarter, so repeated refusals really do wait longer. Other
 * failures use full-jitter backoff, or the Retry-After when one was given.
 */
export function retryDelayMs(
  facts: RetryFacts,
  attempt: number,
  policy: RetryPolicy,
  random: () => number,
): number {
  if (facts.errorKind === 'http' && facts.httpStatus === 429) {
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
    const backoff = Math.floor(ceiling * (0.75 + 0.25 * random()));
    return Math.max(facts.retryAfterMs ?? 0, backoff);
  }
  return facts.retryAfterMs ?? backoffDelayMs(attempt, policy, random);
}
