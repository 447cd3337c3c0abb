import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProjectExportSettings, loudnessPresets } from '../../../common/export/index.js';
import type { ProjectExportSettings } from '../../../common/export/index.js';
import { ExportEngine } from '../export/export-engine.js';
import { ffmpeg, readFloat32 } from '../export/test-support/media-tools.js';
import { makeSmallProject, type SmallProject } from '../export/test-support/small-project.js';
import { checkPictureFitsOutput } from './picture-container-check.js';
import { ORIGINAL_AUDIO_NAME, NEW_SOUNDTRACK_NAME } from './soundtrack-remux.js';
import { exportVideoWithSoundtrack } from './video-soundtrack-export.js';

const run = promisify(execFile);
const engine = new ExportEngine();
/** Opus decodes at 48 kHz; one Opus frame is 20 ms, 960 samples. */
const RATE = 48_000;
const OPUS_FRAME = 960;
const VIDEO_SECONDS = 7;
let dir: string;
let project: SmallProject;
let webm: string;
/** VP9 picture with AAC sound in an MP4 (as video sites serve it): the picture fits a WebM, the sound does not. */
let vp9Aac: string;
let vp8: string;
let mp4: string;

const settings: ProjectExportSettings = {
  ...defaultProjectExportSettings,
  options: {
    ...defaultProjectExportSettings.options,
    loudness: loudnessPresets.none,
    subtitles: { srt: false, vtt: false },
  },
  video: { container: 'webm', keepOriginalAudio: true },
};

function job(source: string, outputPath: string, keepOriginalAudio = true) {
  return {
    ...project,
    settings: { ...settings, video: { container: 'webm' as const, keepOriginalAudio } },
    video: { path: source, durationMs: VIDEO_SECONDS * 1000 },
    outputPath,
    overwrite: false,
    pcmCacheDir: path.join(dir, 'pcm'),
    soundtrackLanguage: 'fra',
  };
}

/** The md5 of each packet of one stream, copied as they are (`ffmpeg -c copy -f framemd5`), without the timing. */
async function packetMd5s(filePath: string, stream: string): Promise<string[]> {
  const { stdout } = await run('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-i', filePath, '-map', stream, '-c', 'copy', '-f', 'framemd5', '-'],
  ]);
  // "stream, dts, pts, duration, size, hash[, side data]": the bytes' size and hash, in order. (A source's
  // last Opus packet may carry Matroska's DiscardPadding as side data, which the muxer does not copy.)
  return stdout
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(',').slice(4, 6).join(',').trim());
}

/** One audio stream decoded by ffmpeg, mono at 48 kHz. */
async function decodeStream(filePath: string, stream: string, name: string): Promise<Float32Array> {
  const outPath = path.join(dir, name);
  await ffmpeg([
    '-v',
    'error',
    '-i',
    filePath,
    '-map',
    stream,
    '-ar',
    String(RATE),
    '-ac',
    '1',
    '-f',
    'f32le',
    outPath,
  ]);
  return readFloat32(outPath);
}

/** When a stream's first decoded frame plays, in seconds (its timestamp after the decoder's pre-skip). */
async function firstFrameSeconds(filePath: string, stream: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', stream, '-show_entries', 'frame=pts_time'],
    ...['-read_intervals', '%+#1', '-of', 'csv=p=0', filePath],
  ]);
  return Number(stdout.trim());
}

/** The first sample louder than -34 dBFS: where the speech starts. */
function onset(samples: Float32Array): number {
  return samples.findIndex((sample) => Math.abs(sample) > 0.02);
}

interface ProbedStream {
  codec_name: string;
  codec_type: string;
  sample_rate?: string;
  disposition: { default: number };
  tags?: Record<string, string>;
}

async function probeStreams(filePath: string): Promise<ProbedStream[]> {
  const { stdout } = await run('ffprobe', [
    ...[
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,codec_type,sample_rate:stream_disposition=default',
    ],
    ...['-show_entries', 'stream_tags=title,language', '-of', 'json', filePath],
  ]);
  return (JSON.parse(stdout) as { streams: ProbedStream[] }).streams;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-webm-export-'));
  project = await makeSmallProject(path.join(dir, 'sources'), 6, 2);
  webm = path.join(dir, 'picture.webm');
  vp8 = path.join(dir, 'silent-vp8.webm');
  mp4 = path.join(dir, 'picture.mp4');
  const picture = ['-f', 'lavfi', '-i', `testsrc=size=160x120:rate=25:duration=${VIDEO_SECONDS}`];
  const sound = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${VIDEO_SECONDS}`];
  await ffmpeg([
    ...picture,
    ...sound,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '200k',
    '-c:a',
    'libopus',
    ...['-metadata:s:a:0', 'language=ger', webm],
  ]);
  await ffmpeg([...picture, '-c:v', 'libvpx', '-b:v', '200k', vp8]);
  await ffmpeg([...picture, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', mp4]);
  vp9Aac = path.join(dir, 'vp9-aac.mp4');
  await ffmpeg([...picture, ...sound, '-c:v', 'libvpx-vp9', '-b:v', '200k', '-c:a', 'aac', vp9Aac]);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('exportVideoWithSoundtrack to WebM', () => {
  it('copies the VP9 picture packet for packet, writes the new soundtrack as Opus, labels both streams', async () => {
    const outputPath = path.join(dir, 'Dubbed.webm');
    const result = await exportVideoWithSoundtrack(engine, job(webm, outputPath));
    // The video stream's own length (its last frame's end, as mediabunny computes it): within a frame of 7 s.
    expect(Math.abs(result.durationMs - VIDEO_SECONDS * 1000)).toBeLessThanOrEqual(40);
    // The picture: every packet's bytes unchanged, in order; the original sound's too.
    const picture = await packetMd5s(webm, '0:v');
    expect(picture.length).toBe(VIDEO_SECONDS * 25);
    expect(await packetMd5s(outputPath, '0:v')).toEqual(picture);
    expect(await packetMd5s(outputPath, '0:a:1')).toEqual(await packetMd5s(webm, '0:a:0'));
    // The streams as ffprobe (and players built on ffmpeg) read them: Matroska's TrackName and language (its
    // bibliographic form: the project's "fra" is written "fre"; the original keeps the source's).
    expect(await probeStreams(outputPath)).toEqual([
      { codec_name: 'vp9', codec_type: 'video', disposition: { default: 1 } },
      {
        codec_name: 'opus',
        codec_type: 'audio',
        sample_rate: '48000',
        disposition: { default: 1 },
        tags: { title: NEW_SOUNDTRACK_NAME, language: 'fre' },
      },
      {
        codec_name: 'opus',
        codec_type: 'audio',
        sample_rate: '48000',
        disposition: { default: 0 },
        tags: { title: ORIGINAL_AUDIO_NAME, language: 'ger' },
      },
    ]);
    // The new soundtrack: the video's length within one Opus frame, as ffmpeg decodes it.
    const decoded = await decodeStream(outputPath, '0:a:0', 'decoded.f32');
    expect(Math.abs(decoded.length - (result.durationMs / 1000) * RATE)).toBeLessThanOrEqual(OPUS_FRAME);
    // The speech where the timeline puts it: where a player plays it (the first frame's time after the decoder's
    // pre-skip, plus the onset within the stream) is the engine's own WAV's onset, within Matroska's 1 ms clock.
    // Stamped from zero, libopus' 312 samples of pre-skip would put it 6.5 ms late.
    const wav = path.join(dir, 'reference.wav');
    await engine.exportMix({
      plan: { ...project.plan, durationMs: VIDEO_SECONDS * 1000 },
      sources: project.sources,
      options: { ...settings.options, audio: { format: 'wav', bitDepth: 16 } },
      outputPath: wav,
      pcmCacheDir: path.join(dir, 'pcm'),
      overwrite: false,
    });
    const reference = await decodeStream(wav, '0:a:0', 'reference.f32');
    expect(onset(reference)).toBeGreaterThan(0);
    const heardAt = (await firstFrameSeconds(outputPath, 'a:0')) + onset(decoded) / RATE;
    expect(Math.abs(heardAt - onset(reference) / RATE)).toBeLessThanOrEqual(0.0015);
    // Nothing else is left in the folder: the staging folder and the mix's WAV are gone.
    expect((await readdir(dir)).filter((name) => name.startsWith('.'))).toEqual([]);
  }, 120_000);

  it('writes a silent VP8 WebM with the new soundtrack alone', async () => {
    const outputPath = path.join(dir, 'From VP8.webm');
    await exportVideoWithSoundtrack(engine, job(vp8, outputPath, false));
    expect(await packetMd5s(outputPath, '0:v')).toEqual(await packetMd5s(vp8, '0:v'));
    const streams = await probeStreams(outputPath);
    expect(streams.map((stream) => [stream.codec_name, stream.tags?.title])).toEqual([
      ['vp8', undefined],
      ['opus', NEW_SOUNDTRACK_NAME],
    ]);
    const decoded = await decodeStream(outputPath, '0:a:0', 'vp8.f32');
    expect(Math.abs(decoded.length - VIDEO_SECONDS * RATE)).toBeLessThanOrEqual(OPUS_FRAME);
  }, 120_000);

  it('refuses, before anything is rendered, to keep an AAC original sound in a WebM, naming the file and the rule', async () => {
    const sentence =
      'The original audio of “vp9-aac.mp4” is aac, which a .webm file cannot hold: leave out the original audio.';
    await expect(checkPictureFitsOutput(vp9Aac, '/out/Dub.webm', true)).rejects.toThrow(sentence);
    // Without the original sound, or into an MP4, the same video is taken.
    await expect(checkPictureFitsOutput(vp9Aac, '/out/Dub.webm', false)).resolves.toBeUndefined();
    await expect(checkPictureFitsOutput(vp9Aac, '/out/Dub.mp4', true)).resolves.toBeUndefined();
    await expect(checkPictureFitsOutput(webm, '/out/Dub.webm', true)).resolves.toBeUndefined();
  }, 60_000);

  it('refuses H.264 picture in WebM, naming the codec and the rule, and leaves nothing behind', async () => {
    const sentence =
      'The video “picture.mp4” has H.264 picture, and a WebM file holds only VP8, VP9 or AV1 picture (the picture is copied, never re-encoded): export it as MP4 or MOV.';
    // Before anything is rendered (the exporter asks first), and again by the remux itself.
    await expect(checkPictureFitsOutput(mp4, '/out/Dub.webm')).rejects.toThrow(sentence);
    await expect(checkPictureFitsOutput(mp4, '/out/Dub.mp4')).resolves.toBeUndefined();
    await expect(checkPictureFitsOutput(webm, '/out/Dub.webm')).resolves.toBeUndefined();
    const outputPath = path.join(dir, 'Refused.webm');
    await expect(exportVideoWithSoundtrack(engine, job(mp4, outputPath, false))).rejects.toThrow(sentence);
    expect(existsSync(outputPath)).toBe(false);
    expect((await readdir(dir)).filter((name) => name.startsWith('.'))).toEqual([]);
  }, 120_000);
});
