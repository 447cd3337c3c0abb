import { copyFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ORIGINAL_AUDIO } from '../../../common/project/timing-schema.js';
import type { ReferenceVideo } from '../../../common/project/timing-schema.js';
import { MemoryLogger } from '../logging/logger.js';
import { durationNote } from './duration-note.js';
import { ReferenceVideos } from './reference-videos.js';
import type { TestVideos } from './test-support/test-videos.js';
import { makeTestVideos } from './test-support/test-videos.js';
import { VideoGrants, videoIdOf } from './video-grants.js';

let fixtures: string;
let videos: TestVideos;
let dataDir: string;

beforeAll(async () => {
  fixtures = await mkdtemp(path.join(tmpdir(), 'timbre-videos-'));
  videos = makeTestVideos(fixtures);
}, 60_000);
afterAll(async () => {
  await rm(fixtures, { recursive: true, force: true });
});
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(fixtures, 'data-'));
});

const open = async () => new ReferenceVideos(await VideoGrants.open(dataDir, new MemoryLogger()));

describe('ReferenceVideos', () => {
  it('reads only a video the user chose, and serves it under an opaque id', async () => {
    const service = await open();
    await expect(service.probe(videos.mp4)).rejects.toThrow(
      /“scene\.mp4” was not chosen as a video: choose it with Choose…/,
    );
    await service.grant(videos.mp4);
    const facts = await service.probe(videos.mp4);
    expect(facts.video.durationMs).toBe(2000);
    expect(facts.url).toBe(`/media/video/${videoIdOf(videos.mp4)}.mp4`);
    expect(facts.url).not.toContain('scene');
    expect(service.fileFor(videoIdOf(videos.mp4))).toEqual({
      filePath: videos.mp4,
      contentType: 'video/mp4',
      what: 'The video',
    });
    expect(service.fileFor(videoIdOf(videos.webm))).toBeUndefined();
  });

  it('keeps the chosen videos across a restart, so a reopened project plays its video', async () => {
    await (await open()).grant(videos.webm);
    const onDisk = JSON.parse(await readFile(path.join(dataDir, 'reference-videos.json'), 'utf8')) as unknown;
    expect(onDisk).toEqual({ version: 1, paths: [videos.webm] });
    const reopened = await open();
    expect(await reopened.status(videos.webm)).toEqual({
      status: 'ok',
      path: videos.webm,
      url: `/media/video/${videoIdOf(videos.webm)}.webm`,
    });
  });

  it('keeps a grant whose path the file wrote unnormalised, and ignores a relative one', async () => {
    // path.join would normalise it: the file holds it as written.
    const roundabout = `${path.dirname(videos.mp4)}/elsewhere/../${path.basename(videos.mp4)}`;
    await writeFile(
      path.join(dataDir, 'reference-videos.json'),
      JSON.stringify({ version: 1, paths: [roundabout, 'relative/scene.webm'] }),
    );
    const service = await open();
    expect(service.allows(videos.mp4)).toBe(true);
    expect(service.fileFor(videoIdOf(videos.mp4))?.filePath).toBe(videos.mp4);
    expect(service.allows(path.resolve('relative/scene.webm'))).toBe(false);
  });

  it('grants and serves only files named as videos, even from a tampered list', async () => {
    const secret = path.join(dataDir, 'passwords.txt');
    await writeFile(secret, 'hunter2\n');
    await writeFile(
      path.join(dataDir, 'reference-videos.json'),
      JSON.stringify({ version: 1, paths: [secret, videos.mp4] }),
    );
    const service = await open();
    expect(service.allows(secret)).toBe(false);
    expect(service.fileFor(videoIdOf(secret))).toBeUndefined();
    expect(service.allows(videos.mp4)).toBe(true);
    await expect(service.grant(secret)).rejects.toThrow(
      /^“passwords\.txt” is not a video file: choose an MP4, MOV, M4V or WebM file\.$/u,
    );
    expect(service.allows(secret)).toBe(false);
  });

  it('says a project’s video is not granted when the project names a file the user never chose here', async () => {
    const status = await (await open()).status(videos.mp4);
    expect(status).toMatchObject({ status: 'not-granted', path: videos.mp4 });
    expect(status).not.toHaveProperty('url');
    expect('message' in status && status.message).toMatch(/has not been chosen .* locate it to play it here/);
  });

  it('says a granted video that was moved away is missing, and nothing is served for it', async () => {
    const moved = path.join(fixtures, 'to-move.mp4');
    await copyFile(videos.mp4, moved);
    const service = await open();
    await service.grant(moved);
    await rename(moved, path.join(fixtures, 'moved-away.mp4'));
    const status = await service.status(moved);
    expect(status).toMatchObject({ status: 'missing', path: moved });
    expect('message' in status && status.message).toMatch(
      /“to-move\.mp4” is no longer in .*: it may have been moved, renamed or deleted\. Locate it/,
    );
  });

  it('takes back the grant of a chosen file that is not a video the app plays', async () => {
    const service = await open();
    await service.grant(videos.mpeg4);
    await expect(service.probe(videos.mpeg4)).rejects.toThrow(/cannot be played/);
    expect(service.fileFor(videoIdOf(videos.mpeg4))).toBeUndefined();
    expect((await service.status(videos.mpeg4)).status).toBe('not-granted');
  });

  it('locates a moved video: new facts, the original-audio settings kept, a different length noted', async () => {
    const service = await open();
    await service.grant(videos.mp4);
    const previous: ReferenceVideo = {
      path: '/elsewhere/scene.mp4',
      durationMs: 2000,
      width: 160,
      height: 90,
      frameRate: 25,
      originalAudio: { volumeDb: -6, muted: true, duckDb: -20 },
    };
    const same = await service.locate(videos.mp4, previous);
    expect(same.video).toEqual({ ...previous, path: videos.mp4 });
    expect(same.durationNote).toBeNull();

    const longer = await service.locate(videos.mp4, { ...previous, durationMs: 1500 });
    expect(longer.durationNote).toBe(
      `“scene.mp4” lasts 00:00:02.000, 0.5 s longer than the video this project was timed against (00:00:01.500). Timed lines keep their times: check that they still meet the picture.`,
    );
    await service.grant(videos.silentMov);
    const silent = await service.locate(videos.silentMov, previous);
    expect(silent.video).not.toHaveProperty('originalAudio');
  });
});

describe('durationNote', () => {
  const recorded: ReferenceVideo = { path: '/a/take.mp4', durationMs: 60_000, frameRate: 25 };
  it('stays quiet within one frame of the located video', () => {
    expect(durationNote(recorded, { ...recorded, durationMs: 60_040 })).toBeNull();
    expect(durationNote(recorded, { ...recorded, durationMs: 59_960 })).toBeNull();
  });
  it('names a difference of more than a frame, in milliseconds when under a tenth of a second', () => {
    expect(durationNote(recorded, { ...recorded, durationMs: 59_920 })).toMatch(/, 80 ms shorter than/);
    expect(
      durationNote(recorded, {
        path: '/b/cut.webm',
        durationMs: 62_400,
        originalAudio: DEFAULT_ORIGINAL_AUDIO,
      }),
    ).toMatch(/^“cut\.webm” lasts 00:01:02\.400, 2\.4 s longer than .* \(00:01:00\.000\)/);
  });
});
