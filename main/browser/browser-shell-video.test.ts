import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestVideos } from '../services/video/test-support/test-videos.js';
import { makeTestVideos } from '../services/video/test-support/test-videos.js';
import { connect, useBrowserShell } from './test-support/browser-shell-world.js';

/** The reference video through the browser shell: its IPC methods over the socket and its media route. */
describe('browser shell: the reference video', () => {
  const world = useBrowserShell();
  let dir: string;
  let videos: TestVideos;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'timbre-shell-video-'));
    videos = makeTestVideos(dir);
  }, 60_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('probes only a chosen video, says which are not granted, and validates what the page sends', async () => {
    const page = await connect(`${world.wsUrl}?secret=${world.secret}`, { Origin: world.shell.origin });
    try {
      expect(await page.call('video.choose', {})).toEqual({ ok: true, result: { path: null } });
      expect(await page.call('video.probe', { path: videos.mp4 })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', field: 'path', message: expect.stringMatching(/was not chosen/) },
      });
      expect(await page.call('video.status', { path: videos.mp4 })).toMatchObject({
        ok: true,
        result: { status: 'not-granted', path: videos.mp4 },
      });
      expect(await page.call('video.probe', { path: 'scene.mp4' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT', field: 'path' },
      });
      expect(
        await page.call('video.locate', { path: videos.mp4, previous: { path: videos.mp4, durationMs: -1 } }),
      ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'previous.durationMs' } });

      // What the chooser's answer does once the user picked the file there.
      await world.shell.services.videos.grant(videos.mp4);
      expect(await page.call('video.probe', { path: videos.mp4 })).toMatchObject({
        ok: true,
        result: { container: 'mp4', video: { path: videos.mp4, durationMs: 2000, frameRate: 25 } },
      });
    } finally {
      page.socket.close();
    }
  });

  it('serves a chosen video under /media/video/ only with the page’s media session', async () => {
    await world.shell.services.videos.grant(videos.webm);
    const { url } = await world.shell.services.videos.probe(videos.webm);
    const videoUrl = `${world.shell.origin}${url}`;
    expect((await fetch(videoUrl, { headers: { Range: 'bytes=0-3' } })).status).toBe(401);
    const session = await fetch(`${world.shell.origin}/session`, {
      method: 'POST',
      headers: { 'x-timbre-secret': world.secret, origin: world.shell.origin },
    });
    const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const ranged = await fetch(videoUrl, { headers: { cookie, Range: 'bytes=0-3' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('video/webm');
    // WebM's EBML magic.
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  });
});
