import { vi } from 'vitest';
import { RateGate } from '../../service-client/rate-gate.js';
import type { OriginServer } from './origin-server.js';

/**
 * A service's rate gate that also records what it did, for tests: every turn asked for (one per attempt that
 * waited at the gate) and the time it let each request out.
 */
export class WatchedGate extends RateGate {
  /** Turns asked for: an attempt given up while still queued asks without ever being let out. */
  asked = 0;
  /** When the gate let each request out, in order. */
  readonly releasedAt: number[] = [];

  override acquire(signal?: AbortSignal): Promise<number> {
    this.asked += 1;
    return super.acquire(signal).then((at) => {
      this.releasedAt.push(at);
      return at;
    });
  }
}

interface FetchCall {
  target: string;
  signal: AbortSignal | undefined;
  /** The answer's headers arrived. */
  answered: boolean;
  /** fetch() resolved or rejected. */
  settled: boolean;
}

/**
 * The downloads of one test, seen from both ends: what fetch() sent, what the origin received, what the gate
 * heard. Time is vitest's fake clock (timers and Date; sockets and files stay real): it moves only when
 * `runClock` moves it, and only while nothing but the clock is awaited, so however slowly a loaded machine
 * moves bytes, no timer can fire while a request or its answer is on its way.
 */
export class QuietNetwork {
  readonly calls: FetchCall[] = [];
  private started = 0;
  private ended = 0;

  /** `silentTargets`: requests the origin never answers (`/silent`), so only the clock can end them. */
  constructor(
    private readonly origin: OriginServer,
    private readonly gate: WatchedGate,
    private readonly silentTargets: readonly string[] = [],
  ) {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const call: FetchCall = {
        target: `${url.pathname}${url.search}`,
        signal: init?.signal ?? undefined,
        answered: false,
        settled: false,
      };
      this.calls.push(call);
      const answer = realFetch(input, init);
      answer.then(
        () => {
          call.answered = true;
          call.settled = true;
        },
        () => {
          call.settled = true;
        },
      );
      return answer;
    });
  }

  /**
   * Follows a download: until it first asks the gate for a turn it is still busy (loading the index, making the
   * folder), and its end counts as its last answer dealt with.
   */
  track<T>(download: Promise<T>): Promise<T> {
    this.started += 1;
    const end = (): void => {
      this.ended += 1;
    };
    download.then(end, end);
    return download;
  }

  /** Requests for `target` that reached the origin. */
  received(target: string): number {
    return this.origin.log.filter((entry) => entry.target === target).length;
  }

  /**
   * Nothing is happening but waiting on the clock: every download has reached the gate (the clock does not move
   * before, so no turn asked for yet is a retry); every request sent has its answer, or reached a server that
   * never answers and was not stopped yet; and every answer was dealt with (a 429 told to the gate, or its
   * download ended).
   */
  quiet(): boolean {
    const allAtGate = this.gate.asked >= this.started;
    const targets = new Set(this.calls.map((call) => call.target));
    const allReceived = [...targets].every(
      (target) => this.calls.filter((call) => call.target === target).length <= this.received(target),
    );
    const onTheirWay = this.calls.some(
      (call) => !call.settled && (call.signal?.aborted === true || !this.silentTargets.includes(call.target)),
    );
    const answers = this.calls.filter((call) => call.answered).length;
    return allAtGate && allReceived && !onTheirWay && answers <= this.gate.figures().rateLimited + this.ended;
  }

  /** Real turns of the event loop (which the fake clock does not touch) until the network is quiet. */
  async settle(): Promise<void> {
    while (!this.quiet()) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Moves the fake clock from timer to timer, each step once the network is quiet, until `done()`. */
  async runClock(done: () => boolean): Promise<void> {
    for (;;) {
      await this.settle();
      if (done()) return;
      await vi.advanceTimersToNextTimerAsync();
    }
  }
}
