import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ORIGINAL_AUDIO } from '../../../common/project/timing-schema.js';
import type { TestVideos } from './test-support/test-videos.js';
import { makeTestVideos } from './test-support/test-videos.js';
import { probeVideoFile } from './video-probe.js';

let dir: string;
let videos: TestVideos;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-video-probe-'));
  videos = makeTestVideos(dir);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('probeVideoFile', () => {
  it('reads an H.264 + AAC MP4: length, picture size, frame rate, codecs and its sound', async () => {
    const probed = await probeVideoFile(videos.mp4);
    expect(probed.video).toEqual({
      path: videos.mp4,
      durationMs: 2000,
      width: 160,
      height: 90,
      frameRate: 25,
      originalAudio: DEFAULT_ORIGINAL_AUDIO,
    });
    expect(probed).toMatchObject({
      container: 'mp4',
      videoCodec: 'H.264',
      audioCodec: 'AAC',
      soundNote: null,
    });
    expect(probed.sizeBytes).toBeGreaterThan(1000);
  });

  it('reads a VP9 + Opus WebM', async () => {
    const probed = await probeVideoFile(videos.webm);
    expect(probed).toMatchObject({ container: 'webm', videoCodec: 'VP9', audioCodec: 'Opus' });
    expect(probed.video.frameRate).toBe(30);
    // WebM's length is its last packet's end: the Opus track may run a few milliseconds past 2 s.
    expect(Math.abs(probed.video.durationMs - 2000)).toBeLessThan(30);
  });

  it('leaves originalAudio out for a video without sound', async () => {
    const probed = await probeVideoFile(videos.silentMov);
    expect(probed).toMatchObject({ container: 'mov', audioCodec: null, soundNote: null });
    expect(probed.video).not.toHaveProperty('originalAudio');
    expect(probed.video).toMatchObject({ durationMs: 1000, frameRate: 24 });
  });

  it('keeps a picture whose sound Chromium cannot play, without that sound, and says why', async () => {
    const probed = await probeVideoFile(videos.pcmMov);
    expect(probed.video).not.toHaveProperty('originalAudio');
    expect(probed.audioCodec).toBe('PCM');
    expect(probed.soundNote).toMatch(
      /sound is PCM, which the app cannot play.*AAC, MP3, Opus or FLAC in MP4/,
    );
  });

  it.each([
    [
      'mpeg4',
      /“old\.mp4” cannot be played: its picture is in a codec the app does not know \(in MP4\), and .*MP4 or MOV with H\.264/,
    ],
    ['mkv', /“scene\.mkv” is a Matroska file, which the app does not play: .*WebM with VP8, VP9 or AV1/],
    ['soundOnly', /“tone\.mp4” has no picture \(it holds sound only\)/],
    ['text', /“notes\.mp4” is not a video the app can read/],
  ] as const)('refuses %s, naming the file and the codecs accepted', async (which, message) => {
    await expect(probeVideoFile(videos[which])).rejects.toThrow(message);
    await expect(probeVideoFile(videos[which])).rejects.toMatchObject({
      data: { code: 'INVALID_INPUT', field: 'path' },
    });
  });

  it('refuses a named pipe and a device without blocking, and says a missing file is missing', async () => {
    const fifo = path.join(dir, 'pipe.mp4');
    execFileSync('mkfifo', [fifo]);
    await expect(probeVideoFile(fifo)).rejects.toThrow(
      /“pipe\.mp4” is not an ordinary file \(it is a named pipe\)/,
    );
    const zero = path.join(dir, 'zero.mp4');
    await symlink('/dev/zero', zero);
    await expect(probeVideoFile(zero)).rejects.toThrow(
      /“zero\.mp4” is not an ordinary file \(it is a device\)/,
    );
    await expect(probeVideoFile(path.join(dir, 'gone.mp4'))).rejects.toThrow(/“gone\.mp4” does not exist/);
  });

  it('refuses a video longer than the 24 hours a timeline holds, naming its length', async () => {
    // Three frames 12.5 hours apart: a 37.5-hour video of a few kilobytes.
    const long = path.join(dir, 'marathon.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=size=16x16:rate=1/45000', '-frames:v', '3'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-video_track_timescale', '1000', long],
    ]);
    await expect(probeVideoFile(long)).rejects.toThrow(
      /^“marathon\.mp4” lasts 37:30:00\.000, and a project's timeline holds at most 24 hours/u,
    );
  });

  it('refuses a damaged file (an MP4 cut short) in a sentence, not mediabunny’s words', async () => {
    const cut = path.join(dir, 'cut.mp4');
    await writeFile(cut, (await readFile(videos.mp4)).subarray(0, 700));
    await expect(probeVideoFile(cut)).rejects.toThrow(
      /^“cut\.mp4” could not be read as a video: it may be damaged or cut short \(a reference video must be MP4/,
    );
  });
});
