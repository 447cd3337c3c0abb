import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryLogger } from '../logging/logger.js';
import type { MediaCacheOptions } from './media-cache.js';
import { MediaCache } from './media-cache.js';
import { MediaCacheError } from './media-cache-error.js';
import { mediaIdFor } from './media-id.js';
import type { OriginServer } from './test-support/origin-server.js';
import { startOriginServer } from './test-support/origin-server.js';
import { QuietNetwork, WatchedGate } from './test-support/quiet-network.js';

let workDir: string;
let dataDir: string;
let origin: OriginServer;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'timbre-media-'));
  origin = await startOriginServer();
});
afterAll(async () => {
  await origin.close();
  await rm(workDir, { recursive: true, force: true });
});
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(workDir, 'app-'));
});

function openCache(options: Partial<MediaCacheOptions> = {}): Promise<MediaCache> {
  return MediaCache.open({
    dataDir,
    idleTimeoutMs: 2000,
    retry: { attempts: 3, baseDelayMs: 20, maxDelayMs: 100 },
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<MediaCacheError> {
  const caught: unknown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(MediaCacheError);
  return caught as MediaCacheError;
}

/** A port nothing listens on: one the system just handed out and took back. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function leftovers(cache: MediaCache): Promise<string[]> {
  const names = await readdir(cache.directory).catch(() => []);
  return names.filter((name) => name.endsWith('.part'));
}

describe('MediaCache.register', () => {
  it('gives a stable, opaque id per URL and refuses anything but http(s) without credentials', async () => {
    const cache = await openCache();
    const id = cache.register(`${origin.url}/voice.wav`);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(id).not.toContain('voice');
    expect(cache.register(`${origin.url}/voice.wav#t=3`)).toBe(id);
    expect(cache.register(`${origin.url}/other.wav`)).not.toBe(id);
    expect(cache.has(id)).toBe(true);
    expect(cache.urlOf(id)).toBe(`${origin.url}/voice.wav`);
    expect(cache.has(mediaIdFor(`${origin.url}/never-registered.wav`))).toBe(false);
    expect(cache.has('../../etc/passwd')).toBe(false);

    for (const [url, rule] of [
      ['file:///etc/passwd', 'remoteUrl must use http:// or https:// (got "file:")'],
      ['javascript:alert(1)', 'remoteUrl must use http:// or https:// (got "javascript:")'],
      ['/relative/path.wav', 'remoteUrl must be an absolute http:// or https:// URL'],
      ['https://user:secret@example.com/a.wav', 'remoteUrl must not contain a user name or password'],
      ['   ', 'remoteUrl is required'],
    ] as const) {
      let thrown: unknown;
      try {
        cache.register(url);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(MediaCacheError);
      expect((thrown as MediaCacheError).message).toBe(rule);
      expect((thrown as MediaCacheError).field).toBe('remoteUrl');
    }
  });

  it('keeps registrations and downloaded files across a restart, serving them without the network', async () => {
    const first = await openCache();
    const id = first.register(`${origin.url}/voice.wav?restart=1`);
    const media = await first.ensure(id);
    await first.flush();
    const hits = origin.hits('/voice.wav');

    const second = await openCache();
    expect(second.has(id)).toBe(true);
    expect(second.isCached(id)).toBe(true);
    expect(await second.ensure(id)).toEqual(media);
    expect(origin.hits('/voice.wav')).toBe(hits);
  });
});

describe('MediaCache.ensure', () => {
  it('downloads once into the cache folder with the type and size the server gave', async () => {
    const cache = await openCache();
    const id = cache.register(`${origin.url}/voice.wav?once=1`);
    const before = origin.hits('/voice.wav');
    const media = await cache.ensure(id);
    expect(media).toEqual({
      filePath: path.join(dataDir, 'media-cache', `${id}.wav`),
      contentType: 'audio/wav',
      size: origin.wav.byteLength,
    });
    expect(Buffer.compare(await readFile(media.filePath), origin.wav)).toBe(0);
    expect(await cache.ensure(id)).toEqual(media);
    expect(origin.hits('/voice.wav')).toBe(before + 1);
    expect(await leftovers(cache)).toEqual([]);
  });

  it('drops a downloaded file on request, keeping the registration so it can be fetched again', async () => {
    const cache = await openCache();
    const url = `${origin.url}/voice.wav?drop=1`;
    const id = cache.register(url);
    const before = origin.hits('/voice.wav');
    const media = await cache.ensure(id);
    expect(await cache.dropFile(url)).toBe(origin.wav.byteLength);
    expect(cache.isCached(id)).toBe(false);
    expect(cache.has(id)).toBe(true);
    await expect(readFile(media.filePath)).rejects.toThrow(/ENOENT/);
    expect(await cache.dropFile(url)).toBe(0);
    await cache.ensure(id);
    expect(origin.hits('/voice.wav')).toBe(before + 2);
  });

  it('shares one download between concurrent callers', async () => {
    const cache = await openCache();
    const id = cache.register(`${origin.url}/slow.wav?shared=1`);
    const before = origin.hits('/slow.wav');
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.ensure(id)));
    expect(new Set(results.map((result) => result.filePath)).size).toBe(1);
    expect(results[0]?.contentType).toBe('audio/wav');
    expect(origin.hits('/slow.wav')).toBe(before + 1);
  });

  it('lets one caller give up without cancelling the download for the others', async () => {
    const cache = await openCache();
    const id = cache.register(`${origin.url}/slow.wav?abandon=1`);
    const impatient = new AbortController();
    const leaving = cache.ensure(id, { signal: impatient.signal });
    const staying = cache.ensure(id);
    setTimeout(() => impatient.abort(), 30);
    expect((await failure(leaving)).code).toBe('MEDIA_ABORTED');
    expect((await staying).size).toBe(origin.wav.byteLength);
  });

  it('stops a download every caller gave up on, leaves no partial file, and starts afresh next time', async () => {
    const cache = await openCache();
    const id = cache.register(`${origin.url}/slow.wav?all-gone=1`);
    const controller = new AbortController();
    const pending = cache.ensure(id, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect((await failure(pending)).code).toBe('MEDIA_ABORTED');
    expect(cache.isCached(id)).toBe(false);
    expect(await leftovers(cache)).toEqual([]);
    expect((await cache.ensure(id)).size).toBe(origin.wav.byteLength);
  });

  it('refuses files over the size limit, declared or streamed, keeping nothing', async () => {
    const cache = await openCache({ maxBytes: 1024 * 1024 });
    for (const route of ['/declared-big', '/streamed-big']) {
      const error = await failure(cache.ensure(cache.register(`${origin.url}${route}`)));
      expect(error.code).toBe('MEDIA_TOO_LARGE');
      expect(error.message).toContain('1 MB');
    }
    expect(await leftovers(cache)).toEqual([]);
  });

  it('times out a server that never answers, one that stalls mid-body, and a drip past the deadline', async () => {
    const patient = await openCache({ idleTimeoutMs: 200, deadlineMs: 5000 });
    const silent = await failure(patient.ensure(patient.register(`${origin.url}/silent`)));
    expect(silent.code).toBe('MEDIA_TIMEOUT');
    const stalled = await failure(patient.ensure(patient.register(`${origin.url}/stall`)));
    expect(stalled.code).toBe('MEDIA_TIMEOUT');
    expect(stalled.message).toContain('sent nothing for 0.2 s');
    expect(stalled.message).toContain('tried 3 times');
    const cache = await openCache({ idleTimeoutMs: 200, deadlineMs: 600 });
    const drip = await failure(cache.ensure(cache.register(`${origin.url}/drip`)));
    expect(drip.code).toBe('MEDIA_TIMEOUT');
    expect(drip.message).toBe('The media download took longer than 0.6 s and was stopped.');
    // The deadline is the whole download's, not each attempt's: once it has passed, no other attempt starts.
    expect(origin.hits('/drip')).toBe(1);
    expect(await leftovers(cache)).toEqual([]);
    expect(await leftovers(patient)).toEqual([]);
  });

  it('reports HTTP errors with their status, and unknown ids without fetching anything', async () => {
    const cache = await openCache();
    const missing = await failure(cache.ensure(cache.register(`${origin.url}/missing.wav`)));
    expect(missing).toMatchObject({ code: 'MEDIA_GONE', httpStatus: 404 });
    expect(origin.hits('/missing.wav')).toBe(1);
    const unknownId = mediaIdFor(`${origin.url}/voice.wav?never=1`);
    const unknown = await failure(cache.ensure(unknownId));
    expect(unknown).toMatchObject({ code: 'MEDIA_NOT_FOUND', field: 'mediaId' });
    const refused = await failure(
      cache.ensure(cache.register(`http://127.0.0.1:${await freePort()}/nothing-listens-here.wav`)),
    );
    expect(refused.code).toBe('MEDIA_FETCH_FAILED');
    expect(refused.message).toContain('ECONNREFUSED');
  });

  it('resumes a download the connection broke off, asking only for the missing bytes', async () => {
    const cache = await openCache();
    const media = await cache.ensure(cache.register(`${origin.url}/reset-once.wav?case=resume`));
    expect(Buffer.compare(await readFile(media.filePath), origin.wav)).toBe(0);
    const requests = origin.log.filter((entry) => entry.target === '/reset-once.wav?case=resume');
    expect(requests).toHaveLength(2);
    expect(requests[0]?.range).toBeUndefined();
    expect(requests[1]?.range).toMatch(/^bytes=[1-9]\d*-$/u);
    expect(await leftovers(cache)).toEqual([]);
  });

  it('tries 5xx answers (HTML pages included) again and keeps the real file', async () => {
    const cache = await openCache();
    const media = await cache.ensure(cache.register(`${origin.url}/unavailable-twice.wav?case=5xx`));
    expect(media.contentType).toBe('audio/wav');
    expect(Buffer.compare(await readFile(media.filePath), origin.wav)).toBe(0);
    expect(origin.log.filter((entry) => entry.target === '/unavailable-twice.wav?case=5xx')).toHaveLength(3);
  });

  it('gives up at once on 403 and 404 (the file is gone), with the request id and no retries', async () => {
    const cache = await openCache();
    const forbidden = await failure(cache.ensure(cache.register(`${origin.url}/forbidden.wav?case=gone`)));
    expect(forbidden).toMatchObject({ code: 'MEDIA_GONE', httpStatus: 403, requestId: 'req-forbidden' });
    expect(origin.log.filter((entry) => entry.target === '/forbidden.wav?case=gone')).toHaveLength(1);
  });

  it('follows redirects, sniffs untyped audio and never keeps an HTML type', async () => {
    const cache = await openCache();
    expect((await cache.ensure(cache.register(`${origin.url}/redirect`))).contentType).toBe('audio/wav');
    const untyped = await cache.ensure(cache.register(`${origin.url}/untyped`));
    expect(untyped.contentType).toBe('audio/wav');
    expect(untyped.filePath.endsWith('.wav')).toBe(true);
    const page = await cache.ensure(cache.register(`${origin.url}/page.html`));
    expect(page.contentType).toBe('application/octet-stream');
    expect(page.filePath.endsWith('.bin')).toBe(true);
  });

  it('fetches again when the cached file was deleted or changed behind its back', async () => {
    const cache = await openCache();
    const id = cache.register(`${origin.url}/voice.wav?deleted=1`);
    const media = await cache.ensure(id);
    await writeFile(media.filePath, 'truncated');
    const before = origin.hits('/voice.wav');
    expect(Buffer.compare(await readFile((await cache.ensure(id)).filePath), origin.wav)).toBe(0);
    expect(origin.hits('/voice.wav')).toBe(before + 1);
  });
});

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
    const network = new QuietNetwork(origin, gate);
    const cache = await openCache({ gateFor: () => gate, idleTimeoutMs: 200, deadlineMs: 500 });
    const target = '/voice.wav?case=queued';
    // Another request's 429 holds the service for longer than both the idle limit and the whole deadline.
    gate.rateLimited(1000);
    const wallEndsAt = Date.now() + 1000;
    let settled = false;
    const download = network.track(cache.ensure(cache.register(`${origin.url}${target}`)));
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
    expect(Buffer.compare(await readFile(media.filePath), origin.wav)).toBe(0);
    expect(gate.releasedAt).toEqual([wallEndsAt]);
    const requests = origin.log.filter((entry) => entry.target === target);
    expect(requests.map((entry) => entry.at)).toEqual([wallEndsAt]);
  });

  it('starts the idle clock when the request is sent, and counts as attempts only the requests the server received', async () => {
    const gate = new WatchedGate();
    const target = '/silent?case=counted';
    const network = new QuietNetwork(origin, gate, [target]);
    const cache = await openCache({ gateFor: () => gate, idleTimeoutMs: 200, deadlineMs: 5000 });
    gate.rateLimited(600);
    let settled = false;
    const download = network.track(cache.ensure(cache.register(`${origin.url}${target}`)));
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
    const requests = origin.log.filter((entry) => entry.target === target);
    expect(requests.map((entry) => entry.at)).toEqual(gate.releasedAt);
  });

  it('waits out a 429’s Retry-After, and holds the service’s other requests behind it too', async () => {
    const gate = new WatchedGate();
    const network = new QuietNetwork(origin, gate);
    const cache = await openCache({ gateFor: () => gate });
    const limitedTarget = '/limited-once.wav?case=429';
    const otherTarget = '/voice.wav?case=behind-429';
    const limited = network.track(cache.ensure(cache.register(`${origin.url}${limitedTarget}`)));
    // The first request is refused with 'Retry-After: 1'; the gate has heard of it once the network is quiet.
    await network.settle();
    expect(gate.figures().rateLimited).toBe(1);
    const refusedAt = origin.log.find((entry) => entry.target === limitedTarget)?.at ?? Number.NaN;
    const wallEndsAt = refusedAt + 1000;
    // Another download of the same service, started after the refusal, waits behind the same wall.
    const other = network.track(cache.ensure(cache.register(`${origin.url}${otherTarget}`)));
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
    expect(Buffer.compare(await readFile(limitedMedia.filePath), origin.wav)).toBe(0);
    expect(Buffer.compare(await readFile(otherMedia.filePath), origin.wav)).toBe(0);
    // The first request to go out after the refusal left exactly when the wall ended, the other no earlier; each
    // reached the server the moment the gate let it out.
    expect(gate.asked).toBe(3);
    expect(gate.releasedAt).toHaveLength(3);
    expect(gate.releasedAt[1]).toBe(wallEndsAt);
    expect(gate.releasedAt[2]).toBeGreaterThanOrEqual(wallEndsAt);
    const arrivals = origin.log
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
    const network = new QuietNetwork(origin, gate);
    const cache = await openCache({
      gateFor: () => gate,
      idleTimeoutMs: 30_000,
      retry: { attempts: 6, baseDelayMs: 500, maxDelayMs: 8_000 },
    });
    const targets = Array.from({ length: 60 }, (_, index) => `/paced/take-${index}.wav?case=spacing`);
    let ended = 0;
    const outcomes = Promise.allSettled(
      targets.map((target) =>
        network.track(cache.ensure(cache.register(`${origin.url}${target}`))).finally(() => {
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
        expect(Buffer.compare(await readFile(outcome.value.filePath), origin.wav)).toBe(0);
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
    const arrivals = origin.log.filter((entry) => targets.includes(entry.target)).map((entry) => entry.at);
    expect(arrivals).toEqual(gate.releasedAt);
  });
});

describe('MediaCache index on disk', () => {
  it('moves an unreadable index aside and starts empty', async () => {
    const directory = path.join(dataDir, 'media-cache');
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, 'index.json'), '{ not json');
    const logger = new MemoryLogger();
    const cache = await openCache({ logger });
    expect(cache.has(mediaIdFor(`${origin.url}/voice.wav`))).toBe(false);
    expect((await readdir(directory)).some((name) => name.startsWith('index.json.damaged-'))).toBe(true);
    expect(logger.lines.some((line) => line.includes('moved aside'))).toBe(true);
  });

  it('drops entries whose id is not their URL hash or whose file name could leave the folder', async () => {
    const directory = path.join(dataDir, 'media-cache');
    await mkdir(directory, { recursive: true });
    const goodUrl = `${origin.url}/voice.wav?good=1`;
    const goodId = mediaIdFor(goodUrl);
    const escapeUrl = `${origin.url}/voice.wav?escape=1`;
    const escapeId = mediaIdFor(escapeUrl);
    const registeredAt = new Date().toISOString();
    await writeFile(
      path.join(directory, 'index.json'),
      JSON.stringify({
        version: 1,
        media: {
          [goodId]: { url: goodUrl, registeredAt },
          [mediaIdFor(`${origin.url}/a.wav`)]: { url: `${origin.url}/b.wav`, registeredAt },
          [escapeId]: {
            url: escapeUrl,
            registeredAt,
            file: {
              name: '../../../etc/passwd',
              contentType: 'audio/wav',
              size: 10,
              fetchedAt: registeredAt,
            },
          },
        },
      }),
    );
    const cache = await openCache();
    expect(cache.has(goodId)).toBe(true);
    expect(cache.has(mediaIdFor(`${origin.url}/a.wav`))).toBe(false);
    expect(cache.has(escapeId)).toBe(false);
    await cache.flush();
    const rewritten = JSON.parse(await readFile(path.join(directory, 'index.json'), 'utf8')) as {
      media: Record<string, unknown>;
    };
    expect(Object.keys(rewritten.media)).toEqual([goodId]);
  });

  it('keeps registrations made before the index finished loading, merged with those on disk', async () => {
    const first = await openCache();
    const older = first.register(`${origin.url}/voice.wav?older=1`);
    await first.flush();
    const second = new MediaCache({ dataDir });
    const newer = second.register(`${origin.url}/voice.wav?newer=1`);
    await second.whenReady();
    await second.flush();
    const third = await openCache();
    expect(third.has(older)).toBe(true);
    expect(third.has(newer)).toBe(true);
  });
});
