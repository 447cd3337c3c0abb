import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, useMediaCacheWorld } from './test-support/media-cache-world.js';
import { QuietNetwork, WatchedGate } from './test-support/quiet-network.js';

/** MediaCache downloads behind the service's rate gate: what their timeouts count, and who waits behind a 429. */
const world = useMediaCacheWorld();
const { openCache } = world;

describe('MediaCache downloads waiting their turn at the service’s rate gate', () => {
  // The clock is vitest's fake one (see QuietNetwork): these tests assert the order of what happened, and a
  // timer can fire only when a test moves the clock, never because a loaded machine was slow to move bytes.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('counts neither server silence nor download time while queued behind a Retry-After', async () => {
    const gate = new WatchedGate();
    const network = new QuietNetwork(world.origin, gate);
    const cache = await openCache({ gateFor: () => gate, idleTimeoutMs: 200, deadlineMs: 500 });
    const target = '/voice.wav?case=queued';
    // Another request's 429 holds the service for longer than both the idle limit and the whole deadline.
    gate.rateLimited(1000);
    const wallEndsAt = Date.now() + 1000;
    let settled = false;
    const download = network.track(cache.ensure(cache.register(`${world.origin.url}${target}`)));
    const ended = (): void => {
      settled = true;
    };
    void download.then(ended, ended);
    await network.settle();
    await vi.advanceTimersByTimeAsync(999);
    await network.settle();
    // Queued past both limits: nothing was sent, and the download is still waiting, not failed.
    expect(gate.asked).toBe(1);
    expect(gate.releasedAt).toEqual([]);
    expect(network.calls).toEqual([]);
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    // The clock stays where it is from here: only the request itself can end the download now.
    const media = await download;
    expect(Buffer.compare(await readFile(media.filePath), world.origin.wav)).toBe(0);
    expect(gate.releasedAt).toEqual([wallEndsAt]);
    const requests = world.origin.log.filter((entry) => entry.target === target);
    expect(requests.map((entry) => entry.at)).toEqual([wallEndsAt]);
  });

  it('starts the idle clock when the request is sent, and counts as attempts only the requests the server received', async () => {
    const gate = new WatchedGate();
    const target = '/silent?case=counted';
    const network = new QuietNetwork(world.origin, gate, [target]);
    const cache = await openCache({ gateFor: () => gate, idleTimeoutMs: 200, deadlineMs: 5000 });
    gate.rateLimited(600);
    let settled = false;
    const download = network.track(cache.ensure(cache.register(`${world.origin.url}${target}`)));
    const ended = (): void => {
      settled = true;
    };
    void download.then(ended, ended);
    const outcome = failure(download);
    // Let out after the Retry-After, the request reaches the server, which stays silent: the attempt lasts its
    // full idle limit from there, however long it was queued before.
    await vi.advanceTimersByTimeAsync(600);
    await network.settle();
    expect(network.received(target)).toBe(1);
    await vi.advanceTimersByTimeAsync(199);
    await network.settle();
    expect(network.calls.map((call) => call.signal?.aborted)).toEqual([false]);
    expect(gate.asked).toBe(1);

    await network.runClock(() => settled);
    const silent = await outcome;
    expect(silent.code).toBe('MEDIA_TIMEOUT');
    expect(silent.message).toBe(
      'The media server sent nothing for 0.2 s; the download was stopped. (tried 3 times)',
    );
    expect(silent.attempts).toBe(3);
    // Each attempt waited its turn, was let out, and reached the server: none was used up in the queue.
    expect(gate.asked).toBe(3);
    expect(gate.releasedAt).toHaveLength(3);
    expect(network.received(target)).toBe(3);
    const requests = world.origin.log.filter((entry) => entry.target === target);
    expect(requests.map((entry) => entry.at)).toEqual(gate.releasedAt);
  });

  it('waits out a 429’s Retry-After, and holds the service’s other requests behind it too', async () => {
    const gate = new WatchedGate();
    const network = new QuietNetwork(world.origin, gate);
    const cache = await openCache({ gateFor: () => gate });
    const limitedTarget = '/limited-once.wav?case=429';
    const otherTarget = '/voice.wav?case=behind-429';
    const limited = network.track(cache.ensure(cache.register(`${world.origin.url}${limitedTarget}`)));
    // The first request is refused with 'Retry-After: 1'; the gate has heard of it once the network is quiet.
    await network.settle();
    expect(gate.figures().rateLimited).toBe(1);
    const refusedAt = world.origin.log.find((entry) => entry.target === limitedTarget)?.at ?? Number.NaN;
    const wallEndsAt = refusedAt + 1000;
    // Another download of the same service, started after the refusal, waits behind the same wall.
    const other = network.track(cache.ensure(cache.register(`${world.origin.url}${otherTarget}`)));
    await network.settle();
    await vi.advanceTimersByTimeAsync(wallEndsAt - 1 - Date.now());
    await network.settle();
    // A millisecond before the wall ends: neither the retry nor the other download has been let out or sent.
    expect(gate.releasedAt).toEqual([refusedAt]);
    expect(network.calls.map((call) => call.target)).toEqual([limitedTarget]);
    expect(network.received(otherTarget)).toBe(0);

    let ended = 0;
    const count = (): void => {
      ended += 1;
    };
    void limited.then(count, count);
    void other.then(count, count);
    await network.runClock(() => ended === 2);
    const [limitedMedia, otherMedia] = await Promise.all([limited, other]);
    expect(Buffer.compare(await readFile(limitedMedia.filePath), world.origin.wav)).toBe(0);
    expect(Buffer.compare(await readFile(otherMedia.filePath), world.origin.wav)).toBe(0);
    // The first request to go out after the refusal left exactly when the wall ended, the other no earlier; each
    // reached the server the moment the gate let it out.
    expect(gate.asked).toBe(3);
    expect(gate.releasedAt).toHaveLength(3);
    expect(gate.releasedAt[1]).toBe(wallEndsAt);
    expect(gate.releasedAt[2]).toBeGreaterThanOrEqual(wallEndsAt);
    const arrivals = world.origin.log
      .filter((entry) => entry.target === limitedTarget || entry.target === otherTarget)
      .map((entry) => entry.at);
    expect(arrivals).toEqual(gate.releasedAt);
    expect(network.received(limitedTarget)).toBe(2);
    expect(network.received(otherTarget)).toBe(1);
  });

  it('ends 60 downloads started at once behind a 429 spacing with 60 files, every attempt reaching the server', async () => {
    // The app's own limits (30 s idle, 6 attempts from 0.5 s, a spacing of up to 5 s) against a service that
    // serves one request a second (`/paced/…`): the spacing its 429s leave queues the last downloads for far
    // longer than the idle limit.
    const gate = new WatchedGate();
    const network = new QuietNetwork(world.origin, gate);
    const cache = await openCache({
      gateFor: () => gate,
      idleTimeoutMs: 30_000,
      retry: { attempts: 6, baseDelayMs: 500, maxDelayMs: 8_000 },
    });
    const targets = Array.from({ length: 60 }, (_, index) => `/paced/take-${index}.wav?case=spacing`);
    let ended = 0;
    const outcomes = Promise.allSettled(
      targets.map((target) =>
        network.track(cache.ensure(cache.register(`${world.origin.url}${target}`))).finally(() => {
          ended += 1;
        }),
      ),
    );
    await network.runClock(() => ended === targets.length);
    const results = await outcomes;
    const failures = results.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String((outcome.reason as Error).message)] : [],
    );
    expect(failures).toEqual([]);
    for (const outcome of results) {
      if (outcome.status === 'fulfilled') {
        expect(Buffer.compare(await readFile(outcome.value.filePath), world.origin.wav)).toBe(0);
      }
    }
    // The server refused some for the pace, so downloads queued behind the spacing.
    expect(gate.figures().rateLimited).toBeGreaterThan(0);
    expect(Math.max(...gate.releasedAt) - Math.min(...gate.releasedAt)).toBeGreaterThan(30_000);
    // Every attempt waited its turn and was let out (none was used up in the queue), and every request the gate
    // let out reached the server at the moment it was let out: nothing went out past the gate.
    const received = targets.map((target) => network.received(target));
    expect(received.every((count) => count >= 1)).toBe(true);
    expect(gate.asked).toBe(gate.releasedAt.length);
    expect(received.reduce((sum, count) => sum + count, 0)).toBe(gate.releasedAt.length);
    const arrivals = world.origin.log
      .filter((entry) => targets.includes(entry.target))
      .map((entry) => entry.at);
    expect(arrivals).toEqual(gate.releasedAt);
  });
});
