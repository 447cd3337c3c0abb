import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProjectExportSettings, loudnessPresets } from '../../../common/export/index.js';
import type { ProjectExportSettings } from '../../../common/export/index.js';
import { ExportEngine } from '../export/export-engine.js';
import { ExportCancelledError } from '../export/export-errors.js';
import { decodeWithFfmpeg, ffmpeg } from '../export/test-support/media-tools.js';
import { makeSmallProject, type SmallProject } from '../export/test-support/small-project.js';
import { ORIGINAL_AUDIO_NAME, NEW_SOUNDTRACK_NAME } from './soundtrack-remux.js';
import { exportVideoWithSoundtrack } from './video-soundtrack-export.js';

const run = promisify(execFile);
const engine = new ExportEngine();
const RATE = 44_100;
const AAC_FRAME = 1024;
const VIDEO_SECONDS = 7;
let dir: string;
let project: SmallProject;
let mp4: string;
let webm: string;

const settings: ProjectExportSettings = {
  ...defaultProjectExportSettings,
  options: { ...defaultProjectExportSettings.options, loudness: loudnessPresets.none },
  video: { container: 'mp4', keepOriginalAudio: true },
};

/** The md5 of a file's packets of one stream, copied as they are (`ffmpeg -c copy -f md5`). */
async function packetsMd5(filePath: string, stream: string): Promise<string> {
  const { stdout } = await run('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-i', filePath, '-map', stream, '-c', 'copy', '-f', 'md5', '-'],
  ]);
  return stdout.trim();
}

/** The first sample louder than -34 dBFS: where the speech starts. */
function onset(samples: Float32Array): number {
  return samples.findIndex((sample) => Math.abs(sample) > 0.02);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-video-export-'));
  project = await makeSmallProject(path.join(dir, 'sources'), 6, 2);
  mp4 = path.join(dir, 'picture.mp4');
  webm = path.join(dir, 'picture.webm');
  const picture = ['-f', 'lavfi', '-i', `testsrc=size=160x120:rate=25:duration=${VIDEO_SECONDS}`];
  const sound = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${VIDEO_SECONDS}`];
  await ffmpeg([...picture, ...sound, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', mp4]);
  await ffmpeg([...picture, ...sound, '-c:v', 'libvpx-vp9', '-b:v', '200k', '-c:a', 'libopus', webm]);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('exportVideoWithSoundtrack', () => {
  it('copies the picture byte for byte, makes the new AAC soundtrack as long as the video, labels the original', async () => {
    const outputPath = path.join(dir, 'Dubbed.mp4');
    const fractions: number[] = [];
    const result = await exportVideoWithSoundtrack(
      engine,
      {
        ...project,
        settings,
        video: { path: mp4, durationMs: VIDEO_SECONDS * 1000 },
        outputPath,
        overwrite: false,
        pcmCacheDir: path.join(dir, 'pcm'),
      },
      { onProgress: ({ fraction }) => fractions.push(fraction) },
    );
    expect(result.durationMs).toBe(VIDEO_SECONDS * 1000);
    expect(result.subtitlePaths).toEqual([path.join(dir, 'Dubbed.srt')]);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    // The picture: every packet unchanged.
    expect(await packetsMd5(outputPath, '0:v')).toBe(await packetsMd5(mp4, '0:v'));
    // The original sound: its packets copied as a second stream.
    expect(await packetsMd5(outputPath, '0:a:1')).toBe(await packetsMd5(mp4, '0:a:0'));
    const input = new Input({ source: new FilePathSource(outputPath), formats: ALL_FORMATS });
    const tracks = await input.getAudioTracks();
    expect(await Promise.all(tracks.map((track) => track.getName()))).toEqual([
      NEW_SOUNDTRACK_NAME,
      ORIGINAL_AUDIO_NAME,
    ]);
    expect(await Promise.all(tracks.map((track) => track.getCodec()))).toEqual(['aac', 'aac']);
    input.dispose();
    // The new soundtrack: the video's length within one AAC frame, as ffmpeg decodes it.
    const decoded = await decodeWithFfmpeg(outputPath, RATE, 1, path.join(dir, 'decoded.f32'));
    expect(Math.abs(decoded.length - VIDEO_SECONDS * RATE)).toBeLessThanOrEqual(AAC_FRAME);
    // The speech where the timeline puts it: the same onset as the engine's own WAV of the plan, within 1 ms (the
    // encoder's 1,024 samples of priming would put it 23 ms late).
    const wav = path.join(dir, 'reference.wav');
    await engine.exportMix({
      plan: { ...project.plan, durationMs: VIDEO_SECONDS * 1000 },
      sources: project.sources,
      options: {
        ...settings.options,
        audio: { format: 'wav', bitDepth: 16 },
        subtitles: { srt: false, vtt: false },
      },
      outputPath: wav,
      pcmCacheDir: path.join(dir, 'pcm'),
      overwrite: false,
    });
    const reference = await decodeWithFfmpeg(wav, RATE, 1, path.join(dir, 'reference.f32'));
    expect(Math.abs(onset(decoded) - onset(reference))).toBeLessThan(RATE / 1000);
    // The subtitles: one cue per take, where its clip starts (timed from the real audio, not the text).
    const srt = await readFile(result.subtitlePaths[0]!, 'utf8');
    const starts = [...srt.matchAll(/^(\d\d):(\d\d):(\d\d),(\d\d\d) -->/gmu)].map(
      ([, h, m, s, ms]) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms),
    );
    const clipStarts = project.plan.cues.map((cue) => cue.startMs);
    expect(starts.length).toBeGreaterThanOrEqual(clipStarts.length);
    for (const clipStart of clipStarts) {
      expect(starts.some((start) => start >= clipStart && start < clipStart + 400)).toBe(true);
    }
    // Nothing else is left in the folder: the staging folder and the mix's WAV are gone.
    expect((await readdir(dir)).filter((name) => name.startsWith('.'))).toEqual([]);
  }, 120_000);

  it('exports a WebM (VP9 and Opus) source as MP4 with its picture and Opus sound copied unchanged', async () => {
    const outputPath = path.join(dir, 'From WebM.mp4');
    await exportVideoWithSoundtrack(engine, {
      ...project,
      settings: { ...settings, options: { ...settings.options, subtitles: { srt: false, vtt: false } } },
      video: { path: webm, durationMs: VIDEO_SECONDS * 1000 },
      outputPath,
      overwrite: false,
      pcmCacheDir: path.join(dir, 'pcm'),
    });
    expect(await packetsMd5(outputPath, '0:v')).toBe(await packetsMd5(webm, '0:v'));
    expect(await packetsMd5(outputPath, '0:a:1')).toBe(await packetsMd5(webm, '0:a:0'));
    const decoded = await decodeWithFfmpeg(outputPath, RATE, 1, path.join(dir, 'webm.f32'));
    expect(Math.abs(decoded.length - VIDEO_SECONDS * RATE)).toBeLessThanOrEqual(AAC_FRAME);
  }, 120_000);

  it('leaves no file and no staging folder when cancelled, and never replaces a file unasked', async () => {
    const controller = new AbortController();
    const outputPath = path.join(dir, 'Cancelled.mp4');
    const job = {
      ...project,
      settings,
      video: { path: mp4, durationMs: VIDEO_SECONDS * 1000 },
      outputPath,
      overwrite: false,
      pcmCacheDir: path.join(dir, 'pcm'),
    };
    await expect(
      exportVideoWithSoundtrack(engine, job, {
        signal: controller.signal,
        onProgress: ({ phase }) => {
          if (phase === 'finalize') controller.abort();
        },
      }),
    ).rejects.toBeInstanceOf(ExportCancelledError);
    expect(existsSync(outputPath)).toBe(false);
    expect(existsSync(path.join(dir, 'Cancelled.srt'))).toBe(false);
    expect((await readdir(dir)).filter((name) => name.startsWith('.'))).toEqual([]);

    await writeFile(outputPath, 'mine');
    await expect(exportVideoWithSoundtrack(engine, job)).rejects.toThrow(/already exists: choose Replace/u);
    expect(await readFile(outputPath, 'utf8')).toBe('mine');
  }, 120_000);

  it('labels the audio streams where ffprobe and ffmpeg-based players read them, with their languages', async () => {
    // A source whose sound is in French: the original keeps its language, the new speech gets the project's.
    const french = path.join(dir, 'french.mp4');
    await ffmpeg(['-i', mp4, '-c', 'copy', '-metadata:s:a:0', 'language=fra', french]);
    for (const container of ['mp4', 'mov'] as const) {
      const outputPath = path.join(dir, `Labelled.${container}`);
      await exportVideoWithSoundtrack(engine, {
        ...project,
        settings: {
          ...settings,
          options: { ...settings.options, subtitles: { srt: false, vtt: false } },
          video: { container, keepOriginalAudio: true },
        },
        video: { path: french, durationMs: VIDEO_SECONDS * 1000 },
        outputPath,
        overwrite: false,
        pcmCacheDir: path.join(dir, 'pcm'),
        soundtrackLanguage: 'deu',
      });
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream_tags=handler_name,language'],
        ...['-of', 'json', outputPath],
      ]);
      const streams = (JSON.parse(stdout) as { streams: { tags?: Record<string, string> }[] }).streams;
      expect(streams.map((stream) => stream.tags)).toEqual([
        { handler_name: NEW_SOUNDTRACK_NAME, language: 'deu' },
        { handler_name: ORIGINAL_AUDIO_NAME, language: 'fra' },
      ]);
      // The picture is still copied unchanged: labelling rewrote only the names, in place.
      expect(await packetsMd5(outputPath, '0:v')).toBe(await packetsMd5(french, '0:v'));
    }
  }, 120_000);
});
