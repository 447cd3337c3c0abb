import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderClip } from '../../../../common/export/render-plan.js';
import { ExportCancelledError } from '../export-errors.js';
import { prepareSources } from '../prepare-sources.js';
import { ffmpeg, readFloat32 } from '../test-support/media-tools.js';
import { PcmCache } from './pcm-cache.js';
import { decodeVideoSound } from './video-sound-decoder.js';

const RATE = 44_100;
const SECONDS = 4;
/** The click in each video's sound: where the picture is at 1.5 s. */
const CLICK_S = 1.5;
let dir: string;
const files: Record<'aac' | 'opus' | 'vorbis' | 'ac3', string> = { aac: '', opus: '', vorbis: '', ac3: '' };

/** A video whose sound is silence with one loud click at CLICK_S (48 kHz, as a camera records). */
async function videoWith(name: string, audioCodec: string[], videoCodec: string[]): Promise<string> {
  const file = path.join(dir, name);
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc=size=160x120:rate=25:duration=${SECONDS}`],
    ...[
      '-f',
      'lavfi',
      '-i',
      `aevalsrc='if(between(t,${CLICK_S},${CLICK_S}+0.002),0.8,0)':s=48000:d=${SECONDS}`,
    ],
    ...videoCodec,
    ...audioCodec,
    file,
  ]);
  return file;
}

/** The time ffprobe gives the first decoded frame of a file's sound. */
async function firstSoundTime(file: string): Promise<number> {
  const { stdout } = await promisify(execFile)('ffprobe', [
    ...['-v', 'error', '-select_streams', 'a:0', '-show_frames'],
    ...['-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file],
  ]);
  return Number(stdout.trim().split('\n')[0]);
}

function clipOf(file: string): RenderClip {
  return {
    id: 'original-sound',
    track: 'music',
    sourceKey: `video-sound|${file}`,
    videoSound: true,
    startMs: 0,
    durationMs: SECONDS * 1000,
    gainDb: 0,
    fadeInMs: 0,
    fadeOutMs: 0,
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-video-sound-'));
  const h264 = ['-c:v', 'libx264', '-pix_fmt', 'yuv420p'];
  const vp9 = ['-c:v', 'libvpx-vp9', '-b:v', '100k'];
  files.aac = await videoWith('clip.mp4', ['-c:a', 'aac'], h264);
  files.opus = await videoWith('clip.webm', ['-c:a', 'libopus'], vp9);
  files.vorbis = await videoWith('vorbis.webm', ['-c:a', 'libvorbis'], vp9);
  files.ac3 = await videoWith('ac3.mp4', ['-c:a', 'ac3'], h264);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('decodeVideoSound', () => {
  it.each(['aac', 'opus', 'vorbis'] as const)(
    'decodes %s in step with the picture (priming and edit list applied)',
    async (codec) => {
      let samples = 0;
      let click = -1;
      let rate = 0;
      for await (const chunk of decodeVideoSound(files[codec])) {
        rate = chunk.sampleRate;
        const first = chunk.channelData[0]!.findIndex((sample) => Math.abs(sample) > 0.4);
        if (click < 0 && first >= 0) click = samples + first;
        samples += chunk.samplesDecoded;
      }
      expect(rate).toBe(48_000);
      // The length of the video within one codec frame (AAC's encoder pads its last frame).
      expect(Math.abs(samples - SECONDS * rate)).toBeLessThanOrEqual(1024);
      // The click where a player puts it by the container's timestamps, within 1 ms: ffmpeg's Vorbis in WebM
      // stamps its first sound 3 ms late (ffprobe's first frame time), AAC and Opus at 0.
      expect(Math.abs(click / rate - (CLICK_S + (await firstSoundTime(files[codec]))))).toBeLessThan(0.001);
    },
    60_000,
  );
});

describe('decodeVideoSound with surround sound', () => {
  /** RMS of each stereo channel of a decoded 5.1 video whose only sound is a 0.5 sine in the channel named. */
  async function stereoLevels(channel: 'FC' | 'BL', layout: string): Promise<number[]> {
    const channels = ['FL', 'FR', 'FC', 'LFE', 'BL', 'BR'];
    const expression = channels.map((name) => (name === channel ? '0.5*sin(2*PI*440*t)' : '0')).join('|');
    const file = path.join(dir, `surround-${channel}.mp4`);
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=2'],
      ...['-f', 'lavfi', '-i', `aevalsrc='${expression}':s=48000:d=2:c=${layout}`],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
    const sums = [0, 0];
    let samples = 0;
    for await (const chunk of decodeVideoSound(file)) {
      expect(chunk.channelData).toHaveLength(2);
      chunk.channelData.forEach((data, index) => {
        for (const sample of data) sums[index]! += sample * sample;
      });
      samples += chunk.samplesDecoded;
    }
    return sums.map((sum) => Math.sqrt(sum / samples));
  }

  it('keeps the centre channel (where films put the dialogue) in both sides, as ffmpeg downmixes', async () => {
    const [left, right] = await stereoLevels('FC', '5.1');
    // 0.5 sine (RMS 0.354) × 0.707 centre level, normalised by 1 + 0.707 + 0.707 as ffmpeg's -ac 2: RMS ≈ 0.104.
    expect(left).toBeGreaterThan(0.09);
    expect(right).toBeCloseTo(left!, 3);
  }, 60_000);

  it('puts a rear left channel on the left only', async () => {
    const [left, right] = await stereoLevels('BL', '5.1');
    expect(left).toBeGreaterThan(0.09);
    expect(right).toBeLessThan(0.01);
  }, 60_000);
});

describe('prepareSources with a video’s sound', () => {
  it('decodes it into the PCM cache at the mix rate, reports progress, and finds it there the next time', async () => {
    const cacheDir = path.join(dir, 'cache');
    const clip = clipOf(files.aac);
    const fractions: number[] = [];
    const plan = { clips: [clip], sampleRate: RATE };
    const sources = { [clip.sourceKey]: files.aac };
    const first = await prepareSources(
      plan,
      sources,
      new PcmCache(cacheDir),
      (f) => fractions.push(f),
      () => false,
    );
    expect(first).toMatchObject({ decoded: 1, cached: 0 });
    expect(first.unavailable.size).toBe(0);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    const decoded = first.sources.get(clip.sourceKey)!;
    expect(decoded.sampleRate).toBe(RATE);
    const samples = await readFloat32(decoded.pcmPath);
    expect(Math.abs(samples.findIndex((sample) => Math.abs(sample) > 0.4) / RATE - CLICK_S)).toBeLessThan(
      0.001,
    );
    const second = await prepareSources(
      plan,
      sources,
      new PcmCache(cacheDir),
      () => {},
      () => false,
    );
    expect(second).toMatchObject({ decoded: 0, cached: 1 });
  }, 60_000);

  it('stops on cancel and leaves nothing in the cache', async () => {
    const cacheDir = path.join(dir, 'cancelled');
    const clip = clipOf(files.opus);
    let fractions = 0;
    await expect(
      prepareSources(
        { clips: [clip], sampleRate: RATE },
        { [clip.sourceKey]: files.opus },
        new PcmCache(cacheDir),
        () => (fractions += 1),
        () => fractions > 1,
      ),
    ).rejects.toBeInstanceOf(ExportCancelledError);
    expect(await readdir(cacheDir)).toEqual([]);
  }, 60_000);

  it('names a sound it cannot decode, and goes on without it', async () => {
    const clip = clipOf(files.ac3);
    const prepared = await prepareSources(
      { clips: [clip], sampleRate: RATE },
      { [clip.sourceKey]: files.ac3 },
      new PcmCache(path.join(dir, 'ac3')),
      () => {},
      () => false,
    );
    expect(prepared.sources.size).toBe(0);
    expect([...prepared.unavailable.values()]).toEqual([
      '“ac3.mp4” has its sound in ac3, which Timbre Studio cannot decode (AAC, Opus, Vorbis and PCM it can), so its original sound is not mixed in.',
    ]);
  }, 60_000);
});
