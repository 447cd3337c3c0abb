import http from 'node:http';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryLogger } from '../logging/logger.js';
import { ReferenceVideos } from './reference-videos.js';
import { serveVideoHttp, videoResponse } from './serve-video.js';
import type { TestVideos } from './test-support/test-videos.js';
import { makeTestVideos } from './test-support/test-videos.js';
import { VideoGrants, videoIdOf } from './video-grants.js';
import { videoIdOfUrlPath } from './video-url.js';

/** The route both shells serve granted videos on, over a real node:http server and as Electron's Response. */
let dir: string;
let videos: TestVideos;
let service: ReferenceVideos;
let server: http.Server;
let base: string;
let mp4Bytes: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-video-serve-'));
  videos = makeTestVideos(dir);
  mp4Bytes = await readFile(videos.mp4);
  service = new ReferenceVideos(await VideoGrants.open(dir, new MemoryLogger()));
  await service.grant(videos.mp4);
  await service.grant(videos.webm);
  // As the browser shell routes it (after its media-session check).
  server = http.createServer((request, response) => {
    const id = videoIdOfUrlPath(new URL(request.url ?? '/', 'http://x').pathname);
    if (id === undefined) response.writeHead(404).end();
    else void serveVideoHttp(service, id, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

const urlOf = (filePath: string) => `${base}/media/video/${videoIdOf(filePath)}${path.extname(filePath)}`;

describe('serving a chosen video', () => {
  it('answers a range request with 206 and exactly those bytes, with its type and the safety headers', async () => {
    const response = await fetch(urlOf(videos.mp4), { headers: { Range: 'bytes=100-1099' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-range')).toBe(`bytes 100-1099/${mp4Bytes.byteLength}`);
    expect(response.headers.get('content-length')).toBe('1000');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(mp4Bytes.subarray(100, 1100));
  });

  it('serves the whole file, a suffix range, HEAD without a body, and 416 past the end', async () => {
    const whole = await fetch(urlOf(videos.webm));
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(await readFile(videos.webm));
    const tail = await fetch(urlOf(videos.mp4), { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(mp4Bytes.subarray(-10));
    const head = await fetch(urlOf(videos.mp4), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(mp4Bytes.byteLength));
    const past = await fetch(urlOf(videos.mp4), { headers: { Range: `bytes=${mp4Bytes.byteLength}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${mp4Bytes.byteLength}`);
    expect((await fetch(urlOf(videos.mp4), { method: 'POST' })).status).toBe(405);
  });

  it('refuses a video the user never chose, though it is on disk, and opens nothing for it', async () => {
    const response = await fetch(urlOf(videos.silentMov));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Unknown media.\n');
  });

  it('answers a chosen video that vanished as missing', async () => {
    const doomed = path.join(dir, 'doomed.mp4');
    await copyFile(videos.mp4, doomed);
    await service.grant(doomed);
    await rm(doomed);
    const response = await fetch(urlOf(doomed));
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(
      /^The video is missing: it may have been moved, renamed or deleted\./,
    );
  });

  it('answers Electron’s protocol the same way (a range, and a video never chosen)', async () => {
    const ranged = await videoResponse(service, videoIdOf(videos.mp4), 'bytes=0-9', 'GET');
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(mp4Bytes.subarray(0, 10));
    const refused = await videoResponse(service, videoIdOf(videos.mkv), undefined, 'GET');
    expect(refused.status).toBe(404);
  });
});
