import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaCache } from './media-cache.js';
import { mediaIdFor } from './media-id.js';
import { mediaResponse } from './media-response.js';
import { serveMediaHttp } from './serve-media-http.js';
import type { OriginServer } from './test-support/origin-server.js';
import { startOriginServer } from './test-support/origin-server.js';

/** The two serving helpers: the browser shell's node:http handler and the WHATWG Response for Electron. */
let workDir: string;
let origin: OriginServer;
let cache: MediaCache;
let shell: http.Server;
let shellUrl: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'timbre-media-serve-'));
  origin = await startOriginServer();
  cache = await MediaCache.open({
    dataDir: workDir,
    idleTimeoutMs: 300,
    retry: { attempts: 2, baseDelayMs: 20, maxDelayMs: 50 },
  });
  // The browser shell's media route, as the lead wires it: /media/<id>.
  shell = http.createServer((request, response) => {
    const id = decodeURIComponent((request.url ?? '').replace(/^\/media\//, ''));
    void serveMediaHttp(cache, id, request, response);
  });
  await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
  shellUrl = `http://127.0.0.1:${(shell.address() as AddressInfo).port}`;
});
afterAll(async () => {
  shell.closeAllConnections();
  await new Promise<void>((resolve) => shell.close(() => resolve()));
  await origin.close();
  await rm(workDir, { recursive: true, force: true });
});

function media(id: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${shellUrl}/media/${encodeURIComponent(id)}`, init);
}

async function bytesOf(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('serveMediaHttp', () => {
  it('serves a registered file whole, with its type, length and safety headers', async () => {
    const id = cache.register(`${origin.url}/voice.wav?serve=whole`);
    const response = await media(id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('content-length')).toBe(String(origin.wav.byteLength));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(Buffer.compare(await bytesOf(response), origin.wav)).toBe(0);
  });

  it('answers ranges with 206 and exactly the bytes asked for', async () => {
    const id = cache.register(`${origin.url}/voice.wav?serve=range`);
    const size = origin.wav.byteLength;
    for (const [header, start, end] of [
      ['bytes=100-199', 100, 199],
      ['bytes=0-0', 0, 0],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      ['bytes=-64', size - 64, size - 1],
      [`bytes=50-${size * 2}`, 50, size - 1],
    ] as const) {
      const response = await media(id, { headers: { Range: header } });
      expect(response.status, header).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.compare(await bytesOf(response), origin.wav.subarray(start, end + 1)), header).toBe(0);
    }
  });

  it('answers 416 with the size for ranges the file cannot satisfy', async () => {
    const id = cache.register(`${origin.url}/voice.wav?serve=416`);
    const size = origin.wav.byteLength;
    for (const header of [`bytes=${size}-`, 'bytes=500-100', 'bytes=-0', 'bytes=x-y']) {
      const response = await media(id, { headers: { Range: header } });
      expect(response.status, header).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${size}`);
      expect((await bytesOf(response)).byteLength).toBe(0);
    }
  });

  it('answers HEAD with the headers only', async () => {
    const id = cache.register(`${origin.url}/voice.wav?serve=head`);
    const response = await media(id, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(origin.wav.byteLength));
    expect((await bytesOf(response)).byteLength).toBe(0);
  });

  it('is not an open proxy: an id main never registered is 404 and nothing is fetched', async () => {
    const unregisteredPath = '/voice.wav';
    const before = origin.hits(unregisteredPath);
    const guessed = mediaIdFor(`${origin.url}${unregisteredPath}?guessed=1`);
    const response = await media(guessed);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Unknown media.\n');
    for (const bogus of ['../../etc/passwd', `${origin.url}/voice.wav`, '']) {
      expect((await media(bogus)).status).toBe(404);
    }
    expect(origin.hits(unregisteredPath)).toBe(before);
  });

  it('refuses other methods, and reports a failed download as 502 / 504', async () => {
    const id = cache.register(`${origin.url}/voice.wav?serve=post`);
    const post = await media(id, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await media(cache.register(`${origin.url}/missing.wav`))).status).toBe(502);
    expect((await media(cache.register(`${origin.url}/silent?serve=1`))).status).toBe(504);
  });

  it('keeps fetching for the cache when a player drops its request mid-download', async () => {
    const id = cache.register(`${origin.url}/slow.wav?dropped=1`);
    const before = origin.hits('/slow.wav');
    const dropped = new AbortController();
    const request = media(id, { signal: dropped.signal, headers: { Range: 'bytes=0-' } }).catch(
      (error: unknown) => error,
    );
    setTimeout(() => dropped.abort(), 50);
    expect(await request).toBeInstanceOf(Error);
    const again = await media(id, { headers: { Range: 'bytes=10-19' } });
    expect(again.status).toBe(206);
    expect(Buffer.compare(await bytesOf(again), origin.wav.subarray(10, 20))).toBe(0);
    expect(origin.hits('/slow.wav')).toBe(before + 1);
  });

  it('serves stored HTML as an inert download, never as a page of the app origin', async () => {
    const response = await media(cache.register(`${origin.url}/page.html?serve=1`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });
});

describe('mediaResponse', () => {
  it('builds the same answers as WHATWG Responses', async () => {
    const id = cache.register(`${origin.url}/voice.wav?response=1`);
    const whole = await mediaResponse(cache, id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.compare(await bytesOf(whole), origin.wav)).toBe(0);

    const part = await mediaResponse(cache, id, 'bytes=1000-1999');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${origin.wav.byteLength}`);
    expect(Buffer.compare(await bytesOf(part), origin.wav.subarray(1000, 2000))).toBe(0);

    const head = await mediaResponse(cache, id, undefined, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();

    const unsatisfiable = await mediaResponse(cache, id, `bytes=${origin.wav.byteLength}-`);
    expect(unsatisfiable.status).toBe(416);
    const unknown = await mediaResponse(cache, mediaIdFor(`${origin.url}/voice.wav?nobody=1`));
    expect(unknown.status).toBe(404);
  });

  it('knows registrations of an earlier run even when asked before the index finished loading', async () => {
    const id = cache.register(`${origin.url}/voice.wav?earlier-run=1`);
    await cache.ensure(id);
    await cache.flush();
    const restarted = new MediaCache({ dataDir: workDir });
    const response = await mediaResponse(restarted, id, 'bytes=0-3');
    expect(response.status).toBe(206);
    expect((await bytesOf(response)).toString('ascii')).toBe('RIFF');
  });
});
