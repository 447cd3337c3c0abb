import type { Clock } from './clock.js';
import { systemClock } from './clock.js';

/**
 * Pacing of everything the app sends to one service with one token: submissions, polls and audio downloads.
 *
 * - **Retry-After is a wall.** After a 429 (or a 503) that names a wait, no request of this service starts before
 *   the wait is over: the next poll of another job, a download or a submission all wait at the gate, not only
 *   the request that was refused. The wait counts from when the answer's headers arrived (`holdFrom`, called by
 *   the client at that moment), so no request slips out while the refused answer's body is still being read.
 *   The gate checks the wall itself before letting a request go rather than trusting its timer: Node times a
 *   timer from the event loop's cached clock, which a starved process leaves stale, so it can fire early.
 * - **No burst after the wall.** Waiting requests go out in the order they arrived, one per `spacing`. The spacing
 *   is learned, much as TCP learns a link: a 429 sets it to at least twice what it was, a little slower than the
 *   pace that was refused (measured over the last requests), and at least the Retry-After (a token bucket's
 *   refill time for one request), capped at `maxSpacingMs`. Answers then bring it down: quickly (halved every
 *   few answers) while it is far slower than the refused pace, so a passing 429 costs seconds, not minutes;
 *   gently (`decay` per answer) near it; every 40 answers without a 429 the refused pace counts for half, so the
 *   gate probes a quicker pace again. Against a token bucket of r requests/s it settles just under r, with an
 *   occasional 429 that tells the gate it went too fast again.
 *
 * One gate per client (one client per service URL, holding that service's only token). Waiting is cancellable.
 */
export interface RateGateOptions {
  clock?: Clock;
  /** Highest spacing a 429 can set. Default 5 s. */
  maxSpacingMs?: number;
  /** Factor applied to the spacing after each answered request near the refused pace. Default 0.995. */
  decay?: number;
}

interface Waiter {
  resolve: (releasedAt: number) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** A spacing below this is treated as none (the gate then lets requests through as they come). */
const NEGLIGIBLE_SPACING_MS = 1;
/** The least spacing a 429 leaves, however fast the pace was. */
const MIN_SPACING_AFTER_429_MS = 20;
/** Requests the pace is measured over. */
const PACE_WINDOW = 8;
/** Answers in a row at a spacing before it is halved, while far slower than the refused pace. */
const RECOVERY_ANSWERS = 4;
/** Answers without a 429 after which the refused pace counts for half (the gate probes a quicker pace). */
const PROBE_STREAK = 40;

export class RateGate {
  private readonly clock: Clock;
  private readonly maxSpacingMs: number;
  private readonly decay: number;
  private blockedUntil = 0;
  private spacingMs = 0;
  private nextSlotAt = 0;
  private readonly waiting: Waiter[] = [];
  private cancelTimer: (() => void) | undefined;
  private timerAt = 0;
  private stats = { rateLimited: 0, released: 0, waitedMs: 0 };
  /** When the last requests were let through, to know the pace a 429 refused. */
  private readonly recent: number[] = [];
  private lastPenaltyAt = Number.NEGATIVE_INFINITY;
  /** The pace (ms between requests) the last 429 refused, and answers since the spacing last changed. */
  private refusedPaceMs = 0;
  private answersSinceChange = 0;
  private answersSince429 = 0;

  constructor(options: RateGateOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.maxSpacingMs = options.maxSpacingMs ?? 5_000;
    this.decay = options.decay ?? 0.995;
  }

  /**
   * Resolves, with the time it let the request through, when this request may start; rejects with the signal's
   * reason if it is cancelled first.
   */
  acquire(signal?: AbortSignal): Promise<number> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (this.waiting.length === 0 && this.clock.now() >= this.openAt()) {
      return Promise.resolve(this.take());
    }
    const requestedAt = this.clock.now();
    return new Promise<number>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (releasedAt) => {
          this.stats.waitedMs += releasedAt - requestedAt;
          resolve(releasedAt);
        },
        reject,
        signal,
        onAbort: undefined,
      };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(signal.reason as Error);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiting.push(waiter);
      this.schedule();
    });
  }

  /**
   * A wall of `retryAfterMs` counted from `receivedAt` (when the answer asking for it arrived): nothing starts
   * before it ends. Called the moment the headers of a 429 or 503 arrive, before its body is read.
   */
  holdFrom(receivedAt: number, retryAfterMs: number): void {
    this.block(Math.max(0, retryAfterMs), receivedAt);
  }

  /**
   * The service refused a request for its rate (429): a wall of `retryAfterMs` (from `receivedAt`, when the
   * refusal arrived; now when not given) and a wider spacing.
   */
  rateLimited(retryAfterMs: number | undefined, releasedAt?: number, receivedAt?: number): void {
    this.stats.rateLimited += 1;
    const wait = Math.max(0, retryAfterMs ?? 0);
    // Requests that were already on their way when the last 429 arrived say nothing new about the pace.
    const stale = releasedAt !== undefined && releasedAt <= this.lastPenaltyAt;
    if (!stale) {
      this.lastPenaltyAt = this.clock.now();
      const pace = Math.max(this.spacingMs, this.recentPaceMs());
      this.refusedPaceMs = pace;
      this.answersSinceChange = 0;
      this.answersSince429 = 0;
      this.spacingMs = Math.min(
        this.maxSpacingMs,
        Math.max(
          this.spacingMs * 2,
          pace * 1.25,
          // A token bucket's Retry-After is the time one request's worth takes to refill.
          Math.min(wait, this.maxSpacingMs) * 1.1,
          MIN_SPACING_AFTER_429_MS,
        ),
      );
    }
    this.block(wait, receivedAt);
  }

  /** The service asked for a pause without blaming our rate (503 with Retry-After): a wall only. */
  unavailable(retryAfterMs: number, receivedAt?: number): void {
    this.block(Math.max(0, retryAfterMs), receivedAt);
  }

  /** An answered request: the learned spacing relaxes a little. */
  answered(): void {
    if (this.spacingMs === 0) return;
    this.answersSinceChange += 1;
    this.answersSince429 += 1;
    if (this.answersSince429 % PROBE_STREAK === 0) {
      // A long run of answers: the refusal is older news; probe a quicker pace again.
      this.refusedPaceMs /= 2;
    }
    if (this.spacingMs > 2 * this.refusedPaceMs) {
      // Far slower than the pace that was refused: that refusal may have been a passing one, so the pace comes
      // back quickly (halved every few answers) until it nears what was refused.
      if (this.answersSinceChange >= RECOVERY_ANSWERS) {
        this.answersSinceChange = 0;
        this.spacingMs = Math.max(this.spacingMs / 2, 2 * this.refusedPaceMs);
      }
    } else {
      this.spacingMs *= this.decay;
    }
    if (this.spacingMs < NEGLIGIBLE_SPACING_MS) this.spacingMs = 0;
  }

  /** What the gate has done so far (benchmarks and tests). */
  figures(): { rateLimited: number; released: number; waitedMs: number; spacingMs: number } {
    return { ...this.stats, spacingMs: this.spacingMs };
  }

  private block(waitMs: number, from = this.clock.now()): void {
    this.blockedUntil = Math.max(this.blockedUntil, from + waitMs);
    this.schedule();
  }

  private openAt(): number {
    return Math.max(this.blockedUntil, this.nextSlotAt);
  }

  /** The mean time between the last requests let through (0 when there were too few to say). */
  private recentPaceMs(): number {
    const first = this.recent[0];
    const last = this.recent.at(-1);
    if (first === undefined || last === undefined || this.recent.length < 2) return 0;
    return (last - first) / (this.recent.length - 1);
  }

  private take(): number {
    this.stats.released += 1;
    const now = this.clock.now();
    this.recent.push(now);
    if (this.recent.length > PACE_WINDOW) this.recent.shift();
    this.nextSlotAt = this.spacingMs > 0 ? now + this.spacingMs : 0;
    return now;
  }

  /** One timer for the head of the queue; re-armed whenever the wall or the spacing moves. */
  private schedule(): void {
    if (this.waiting.length === 0) return;
    const at = this.openAt();
    if (this.cancelTimer && this.timerAt === at) return;
    this.cancelTimer?.();
    this.timerAt = at;
    this.cancelTimer = this.clock.setTimer(
      () => {
        this.cancelTimer = undefined;
        this.release();
      },
      Math.max(0, at - this.clock.now()),
    );
  }

  /**
   * Lets out the head of the queue, and the others as the spacing allows, once the clock has passed the opening;
   * a timer that fired early (see the class comment) is armed again for the rest of the wait.
   */
  private release(): void {
    while (this.waiting.length > 0 && this.clock.now() >= this.openAt()) {
      const waiter = this.waiting.shift();
      if (!waiter) break;
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(this.take());
    }
    this.schedule();
  }
}
