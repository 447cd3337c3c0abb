import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportEngine } from '../export/export-engine.js';
import type { ExportRequest } from '../export/export-types.js';
import type { FileTags } from '../export/tags/file-tags.js';
import { compareSamples, decodeWithFfmpeg, ffmpeg, probeFile } from '../export/test-support/media-tools.js';
import { makeSmallProject, type SmallProject } from '../export/test-support/small-project.js';
import { findBox, parseBoxes } from './mp4-box-tree.js';

/** M4B and M4A through the export engine, read back by ffprobe and ffmpeg (the players' reference reader). */

let folder: string;
let project: SmallProject;
let coverPath: string;
const engine = new ExportEngine();

const chapters = [
  { title: 'The Hills', startMs: 0, endMs: 7_000 },
  { title: 'Rivers — and Seas', startMs: 7_000, endMs: 14_000 },
  { title: 'Mountains', startMs: 14_000, endMs: 20_000 },
];

const tags: FileTags = {
  metadata: {
    title: 'A Book',
    author: 'A. Writer',
    narrator: 'N. Reader',
    album: 'A Book',
    year: '2026',
    genre: 'Audiobook',
    series: 'The Saga',
    part: '2',
  },
  chapters,
  markers: true,
  chaptersJson: false,
};

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-m4b-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 20);
  coverPath = path.join(folder, 'cover.png');
  await ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=64x64:d=1', '-frames:v', '1', coverPath]);
}, 60_000);

afterAll(async () => {
  if (!process.env['KEEP']) await rm(folder, { recursive: true, force: true });
});

function request(
  outputPath: string,
  audio: ExportRequest['options']['audio'],
  channels: 1 | 2,
): ExportRequest {
  return {
    plan: { ...project.plan, channels },
    sources: project.sources,
    options: { audio, loudness: { kind: 'none' }, subtitles: { srt: true, vtt: false } },
    outputPath,
    pcmCacheDir: path.join(folder, 'cache'),
  };
}

/** A copy of the file with four bytes after the last `marker` replaced, to hide one form of the chapters. */
async function copyWithout(filePath: string, marker: string, replacement: string): Promise<string> {
  const bytes = await readFile(filePath);
  const at = bytes.lastIndexOf(Buffer.from(marker, 'latin1'));
  expect(at).toBeGreaterThan(0);
  bytes.write(replacement, at, 'latin1');
  const copy = `${filePath}.${replacement.trim()}.m4b`;
  await writeFile(copy, bytes);
  return copy;
}

describe('M4B export', () => {
  it('writes one M4B with its subtitles beside it, whose chapter track, Nero chapters and tags ffprobe reads', async () => {
    const out = path.join(folder, 'book');
    await mkdir(out);
    const bookPath = path.join(out, 'book.m4b');
    const result = await engine.exportMix({
      ...request(bookPath, { format: 'm4b', bitrateKbps: 128 }, 2),
      tags: { ...tags, coverPath },
    });
    expect((await readdir(out)).sort()).toEqual(['book.m4b', 'book.srt']);
    expect(result.audioPath).toBe(bookPath);

    const probed = await probeFile(bookPath);
    const titles = chapters.map((chapter) => chapter.title);
    expect(probed.format.tags).toMatchObject({
      title: 'A Book',
      artist: 'A. Writer',
      composer: 'N. Reader',
      album: 'A Book',
      genre: 'Audiobook',
      media_type: '2',
      SERIES: 'The Saga',
      'SERIES-PART': '2',
      major_brand: 'M4B ',
    });
    expect(String(probed.format.tags?.['date'])).toMatch(/^2026/u);
    // The cover is an attached picture stream, after the audio (and the chapter track).
    expect(probed.streams.some((stream) => stream.codec_name === 'png')).toBe(true);

    // The QuickTime chapter track alone (Nero's list hidden), then Nero's list alone (the track's reference hidden).
    const trackOnly = await probeFile(await copyWithout(bookPath, 'chpl', 'free'));
    const neroOnly = await probeFile(await copyWithout(bookPath, 'chap', 'none'));
    for (const read of [probed, trackOnly, neroOnly]) {
      expect(read.chapters.map((chapter) => chapter.tags.title)).toEqual(titles);
      expect(read.chapters.map((chapter) => Number(chapter.start_time))).toEqual([0, 7, 14]);
    }
    expect(trackOnly.chapters[0]!.time_base).toBe('1/1000');
    expect(neroOnly.chapters[0]!.time_base).toBe('1/10000000');
  }, 120_000);

  it('decodes to the timeline’s length within one AAC frame, at least as close to the mix as ffmpeg’s AAC less 1 dB', async () => {
    const out = path.join(folder, 'quality');
    await mkdir(out);
    const wavPath = path.join(out, 'source.wav');
    const bookPath = path.join(out, 'mix.m4b');
    const nativePath = path.join(out, 'native.m4a');
    const mix = await engine.exportMix(request(wavPath, { format: 'wav', bitDepth: 16 }, 1));
    const book = await engine.exportMix(request(bookPath, { format: 'm4b', bitrateKbps: 64 }, 1));
    await ffmpeg(['-v', 'error', '-i', wavPath, '-c:a', 'aac', '-b:a', '64k', nativePath]);

    const rate = project.plan.sampleRate;
    const source = await decodeWithFfmpeg(wavPath, rate, 1, path.join(out, 'source.f32'));
    const ours = await decodeWithFfmpeg(bookPath, rate, 1, path.join(out, 'ours.f32'));
    const native = await decodeWithFfmpeg(nativePath, rate, 1, path.join(out, 'native.f32'));
    expect(source.length).toBe(mix.frames);
    expect(book.frames).toBe(mix.frames);
    expect(Math.abs(ours.length - mix.frames)).toBeLessThanOrEqual(1024);

    const oursSnr = -compareSamples(ours, source).relativeDb;
    const nativeSnr = -compareSamples(native, source).relativeDb;
    console.info(`SNR 64 kbps mono: ours ${oursSnr.toFixed(2)} dB, ffmpeg aac ${nativeSnr.toFixed(2)} dB`);
    expect(oursSnr).toBeGreaterThanOrEqual(nativeSnr - 1);
    // Aligned, not merely similar: a 1,024-sample (priming) shift would read near 0 dB on speech.
    expect(oursSnr).toBeGreaterThan(10);
  }, 120_000);

  it('writes an M4A without the audiobook flag and with no chapters when none are marked', async () => {
    const out = path.join(folder, 'm4a');
    await mkdir(out);
    const filePath = path.join(out, 'chapter.m4a');
    await engine.exportMix({
      ...request(filePath, { format: 'm4a', bitrateKbps: 96 }, 2),
      tags: { ...tags, markers: false, chapters: [] },
    });
    const probed = await probeFile(filePath);
    expect(probed.chapters).toEqual([]);
    expect(probed.format.tags?.['media_type']).toBeUndefined();
    expect(probed.format.tags).toMatchObject({ major_brand: 'M4A ', title: 'A Book' });
    const moov = findBox(parseBoxes(await readFile(filePath)), 'moov');
    expect(moov?.children?.filter((box) => box.type === 'trak')).toHaveLength(1);
  }, 120_000);
});
