import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryLogger } from '../logging/logger.js';
import { MediaCache } from './media-cache.js';
import { failure, freePort, leftovers, useMediaCacheWorld } from './test-support/media-cache-world.js';
import { MediaCacheError } from './media-cache-error.js';
import { mediaIdFor } from './media-id.js';

const world = useMediaCacheWorld();
const { openCache } = world;

describe('MediaCache.register', () => {
  it('gives a stable, opaque id per URL and refuses anything but http(s) without credentials', async () => {
    const cache = await openCache();
    const id = cache.register(`${world.origin.url}/voice.wav`);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(id).not.toContain('voice');
    expect(cache.register(`${world.origin.url}/voice.wav#t=3`)).toBe(id);
    expect(cache.register(`${world.origin.url}/other.wav`)).not.toBe(id);
    expect(cache.has(id)).toBe(true);
    expect(cache.urlOf(id)).toBe(`${world.origin.url}/voice.wav`);
    expect(cache.has(mediaIdFor(`${world.origin.url}/never-registered.wav`))).toBe(false);
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
    const id = first.register(`${world.origin.url}/voice.wav?restart=1`);
    const media = await first.ensure(id);
    await first.flush();
    const hits = world.origin.hits('/voice.wav');

    const second = await openCache();
    expect(second.has(id)).toBe(true);
    expect(second.isCached(id)).toBe(true);
    expect(await second.ensure(id)).toEqual(media);
    expect(world.origin.hits('/voice.wav')).toBe(hits);
  });
});

describe('MediaCache.ensure', () => {
  it('downloads once into the cache folder with the type and size the server gave', async () => {
    const cache = await openCache();
    const id = cache.register(`${world.origin.url}/voice.wav?once=1`);
    const before = world.origin.hits('/voice.wav');
    const media = await cache.ensure(id);
    expect(media).toEqual({
      filePath: path.join(world.dataDir, 'media-cache', `${id}.wav`),
      contentType: 'audio/wav',
      size: world.origin.wav.byteLength,
    });
    expect(Buffer.compare(await readFile(media.filePath), world.origin.wav)).toBe(0);
    expect(await cache.ensure(id)).toEqual(media);
    expect(world.origin.hits('/voice.wav')).toBe(before + 1);
    expect(await leftovers(cache)).toEqual([]);
  });

  it('drops a downloaded file on request, keeping the registration so it can be fetched again', async () => {
    const cache = await openCache();
    const url = `${world.origin.url}/voice.wav?drop=1`;
    const id = cache.register(url);
    const before = world.origin.hits('/voice.wav');
    const media = await cache.ensure(id);
    expect(await cache.dropFile(url)).toBe(world.origin.wav.byteLength);
    expect(cache.isCached(id)).toBe(false);
    expect(cache.has(id)).toBe(true);
    await expect(readFile(media.filePath)).rejects.toThrow(/ENOENT/);
    expect(await cache.dropFile(url)).toBe(0);
    await cache.ensure(id);
    expect(world.origin.hits('/voice.wav')).toBe(before + 2);
  });

  it('shares one download between concurrent callers', async () => {
    const cache = await openCache();
    const id = cache.register(`${world.origin.url}/slow.wav?shared=1`);
    const before = world.origin.hits('/slow.wav');
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.ensure(id)));
    expect(new Set(results.map((result) => result.filePath)).size).toBe(1);
    expect(results[0]?.contentType).toBe('audio/wav');
    expect(world.origin.hits('/slow.wav')).toBe(before + 1);
  });

  it('lets one caller give up without cancelling the download for the others', async () => {
    const cache = await openCache();
    const id = cache.register(`${world.origin.url}/slow.wav?abandon=1`);
    const impatient = new AbortController();
    const leaving = cache.ensure(id, { signal: impatient.signal });
    const staying = cache.ensure(id);
    setTimeout(() => impatient.abort(), 30);
    expect((await failure(leaving)).code).toBe('MEDIA_ABORTED');
    expect((await staying).size).toBe(world.origin.wav.byteLength);
  });

  it('stops a download every caller gave up on, leaves no partial file, and starts afresh next time', async () => {
    const cache = await openCache();
    const id = cache.register(`${world.origin.url}/slow.wav?all-gone=1`);
    const controller = new AbortController();
    const pending = cache.ensure(id, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect((await failure(pending)).code).toBe('MEDIA_ABORTED');
    expect(cache.isCached(id)).toBe(false);
    expect(await leftovers(cache)).toEqual([]);
    expect((await cache.ensure(id)).size).toBe(world.origin.wav.byteLength);
  });

  it('refuses files over the size limit, declared or streamed, keeping nothing', async () => {
    const cache = await openCache({ maxBytes: 1024 * 1024 });
    for (const route of ['/declared-big', '/streamed-big']) {
      const error = await failure(cache.ensure(cache.register(`${world.origin.url}${route}`)));
      expect(error.code).toBe('MEDIA_TOO_LARGE');
      expect(error.message).toContain('1 MB');
    }
    expect(await leftovers(cache)).toEqual([]);
  });

  it('times out a server that never answers, one that stalls mid-body, and a drip past the deadline', async () => {
    const patient = await openCache({ idleTimeoutMs: 200, deadlineMs: 5000 });
    const silent = await failure(patient.ensure(patient.register(`${world.origin.url}/silent`)));
    expect(silent.code).toBe('MEDIA_TIMEOUT');
    const stalled = await failure(patient.ensure(patient.register(`${world.origin.url}/stall`)));
    expect(stalled.code).toBe('MEDIA_TIMEOUT');
    expect(stalled.message).toContain('sent nothing for 0.2 s');
    expect(stalled.message).toContain('tried 3 times');
    const cache = await openCache({ idleTimeoutMs: 200, deadlineMs: 600 });
    const drip = await failure(cache.ensure(cache.register(`${world.origin.url}/drip`)));
    expect(drip.code).toBe('MEDIA_TIMEOUT');
    expect(drip.message).toBe('The media download took longer than 0.6 s and was stopped.');
    // The deadline is the whole download's, not each attempt's: once it has passed, no other attempt starts.
    expect(world.origin.hits('/drip')).toBe(1);
    expect(await leftovers(cache)).toEqual([]);
    expect(await leftovers(patient)).toEqual([]);
  });

  it('reports HTTP errors with their status, and unknown ids without fetching anything', async () => {
    const cache = await openCache();
    const missing = await failure(cache.ensure(cache.register(`${world.origin.url}/missing.wav`)));
    expect(missing).toMatchObject({ code: 'MEDIA_GONE', httpStatus: 404 });
    expect(world.origin.hits('/missing.wav')).toBe(1);
    const unknownId = mediaIdFor(`${world.origin.url}/voice.wav?never=1`);
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
    const media = await cache.ensure(cache.register(`${world.origin.url}/reset-once.wav?case=resume`));
    expect(Buffer.compare(await readFile(media.filePath), world.origin.wav)).toBe(0);
    const requests = world.origin.log.filter((entry) => entry.target === '/reset-once.wav?case=resume');
    expect(requests).toHaveLength(2);
    expect(requests[0]?.range).toBeUndefined();
    expect(requests[1]?.range).toMatch(/^bytes=[1-9]\d*-$/u);
    expect(await leftovers(cache)).toEqual([]);
  });

  it('tries 5xx answers (HTML pages included) again and keeps the real file', async () => {
    const cache = await openCache();
    const media = await cache.ensure(cache.register(`${world.origin.url}/unavailable-twice.wav?case=5xx`));
    expect(media.contentType).toBe('audio/wav');
    expect(Buffer.compare(await readFile(media.filePath), world.origin.wav)).toBe(0);
    expect(
      world.origin.log.filter((entry) => entry.target === '/unavailable-twice.wav?case=5xx'),
    ).toHaveLength(3);
  });

  it('gives up at once on 403 and 404 (the file is gone), with the request id and no retries', async () => {
    const cache = await openCache();
    const forbidden = await failure(
      cache.ensure(cache.register(`${world.origin.url}/forbidden.wav?case=gone`)),
    );
    expect(forbidden).toMatchObject({ code: 'MEDIA_GONE', httpStatus: 403, requestId: 'req-forbidden' });
    expect(world.origin.log.filter((entry) => entry.target === '/forbidden.wav?case=gone')).toHaveLength(1);
  });

  it('follows redirects, sniffs untyped audio and never keeps an HTML type', async () => {
    const cache = await openCache();
    expect((await cache.ensure(cache.register(`${world.origin.url}/redirect`))).contentType).toBe(
      'audio/wav',
    );
    const untyped = await cache.ensure(cache.register(`${world.origin.url}/untyped`));
    expect(untyped.contentType).toBe('audio/wav');
    expect(untyped.filePath.endsWith('.wav')).toBe(true);
    const page = await cache.ensure(cache.register(`${world.origin.url}/page.html`));
    expect(page.contentType).toBe('application/octet-stream');
    expect(page.filePath.endsWith('.bin')).toBe(true);
  });

  it('fetches again when the cached file was deleted or changed behind its back', async () => {
    const cache = await openCache();
    const id = cache.register(`${world.origin.url}/voice.wav?deleted=1`);
    const media = await cache.ensure(id);
    await writeFile(media.filePath, 'truncated');
    const before = world.origin.hits('/voice.wav');
    expect(Buffer.compare(await readFile((await cache.ensure(id)).filePath), world.origin.wav)).toBe(0);
    expect(world.origin.hits('/voice.wav')).toBe(before + 1);
  });
});

describe('MediaCache index on disk', () => {
  it('moves an unreadable index aside and starts empty', async () => {
    const directory = path.join(world.dataDir, 'media-cache');
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, 'index.json'), '{ not json');
    const logger = new MemoryLogger();
    const cache = await openCache({ logger });
    expect(cache.has(mediaIdFor(`${world.origin.url}/voice.wav`))).toBe(false);
    expect((await readdir(directory)).some((name) => name.startsWith('index.json.damaged-'))).toBe(true);
    expect(logger.lines.some((line) => line.includes('moved aside'))).toBe(true);
  });

  it('drops entries whose id is not their URL hash or whose file name could leave the folder', async () => {
    const directory = path.join(world.dataDir, 'media-cache');
    await mkdir(directory, { recursive: true });
    const goodUrl = `${world.origin.url}/voice.wav?good=1`;
    const goodId = mediaIdFor(goodUrl);
    const escapeUrl = `${world.origin.url}/voice.wav?escape=1`;
    const escapeId = mediaIdFor(escapeUrl);
    const registeredAt = new Date().toISOString();
    await writeFile(
      path.join(directory, 'index.json'),
      JSON.stringify({
        version: 1,
        media: {
          [goodId]: { url: goodUrl, registeredAt },
          [mediaIdFor(`${world.origin.url}/a.wav`)]: { url: `${world.origin.url}/b.wav`, registeredAt },
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
    expect(cache.has(mediaIdFor(`${world.origin.url}/a.wav`))).toBe(false);
    expect(cache.has(escapeId)).toBe(false);
    await cache.flush();
    const rewritten = JSON.parse(await readFile(path.join(directory, 'index.json'), 'utf8')) as {
      media: Record<string, unknown>;
    };
    expect(Object.keys(rewritten.media)).toEqual([goodId]);
  });

  it('keeps registrations made before the index finished loading, merged with those on disk', async () => {
    const first = await openCache();
    const older = first.register(`${world.origin.url}/voice.wav?older=1`);
    await first.flush();
    const second = new MediaCache({ dataDir: world.dataDir });
    const newer = second.register(`${world.origin.url}/voice.wav?newer=1`);
    await second.whenReady();
    await second.flush();
    const third = await openCache();
    expect(third.has(older)).toBe(true);
    expect(third.has(newer)).toBe(true);
  });
});
