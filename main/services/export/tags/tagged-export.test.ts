import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import NodeID3 from 'node-id3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaveFile } from 'wavefile';
import { ExportEngine } from '../export-engine.js';
import type { ExportRequest } from '../export-types.js';
import { ffmpeg, probeDuration, probeFile } from '../test-support/media-tools.js';
import { makeSmallProject, type SmallProject } from '../test-support/small-project.js';
import type { FileTags } from './file-tags.js';

/** Chapter markers, metadata and a cover as written into real files, read back by ffprobe and other readers. */

let folder: string;
let project: SmallProject;
let coverPath: string;
const engine = new ExportEngine();

const chapters = [
  { title: 'The Hills', startMs: 0, endMs: 10_000 },
  { title: 'Rivers — and Seas', startMs: 10_000, endMs: 20_000 },
  { title: 'Mountains', startMs: 20_000, endMs: 30_000 },
];

const tags: FileTags = {
  metadata: { title: 'A Book', author: 'A. Writer', album: 'Series One', year: '2026', track: '2/5' },
  chapters,
  markers: true,
  chaptersJson: true,
};

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-tags-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 30);
  coverPath = path.join(folder, 'cover.png');
  await ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=64x64:d=1', '-frames:v', '1', coverPath]);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function request(
  outputPath: string,
  format: 'wav' | 'mp3',
  overrides: Partial<ExportRequest> = {},
): ExportRequest {
  return {
    plan: project.plan,
    sources: project.sources,
    options: {
      audio: format === 'mp3' ? { format: 'mp3', bitrateKbps: 128 } : { format: 'wav', bitDepth: 16 },
      loudness: { kind: 'none' },
      subtitles: { srt: false, vtt: false },
    },
    outputPath,
    pcmCacheDir: path.join(folder, 'cache'),
    ...overrides,
  };
}

describe('tagged exports', () => {
  it('writes an MP3 whose ID3v2 chapters, metadata and cover ffprobe reads, with a chapters JSON beside it', async () => {
    const out = path.join(folder, 'mp3');
    await mkdir(out);
    const audioPath = path.join(out, 'book.mp3');
    const result = await engine.exportMix(request(audioPath, 'mp3', { tags: { ...tags, coverPath } }));
    expect(readdirSync(out).sort()).toEqual(['book.chapters.json', 'book.mp3']);
    expect(result.chaptersJsonPath).toBe(path.join(out, 'book.chapters.json'));

    const probed = await probeFile(audioPath);
    expect(probed.chapters.map((chapter) => chapter.tags.title)).toEqual(chapters.map((c) => c.title));
    expect(probed.chapters.map((chapter) => Number(chapter.start_time))).toEqual([0, 10, 20]);
    expect(probed.chapters.map((chapter) => Number(chapter.end_time))).toEqual([10, 20, 30]);
    expect(probed.format.tags).toMatchObject({
      title: 'A Book',
      artist: 'A. Writer',
      album: 'Series One',
      track: '2/5',
    });
    expect(probed.format.tags?.date ?? probed.format.tags?.TYER).toBe('2026');
    const picture = probed.streams.find((stream) => stream.codec_type === 'video');
    expect(picture?.codec_name).toBe('png');
    expect(picture?.disposition?.attached_pic).toBe(1);
    // The tag does not shift the audio: the file is as long as the plan.
    expect(await probeDuration(audioPath)).toBeCloseTo(30, 1);

    const read = NodeID3.read(audioPath);
    expect(read.tableOfContents?.[0]?.elements).toEqual(['chp0', 'chp1', 'chp2']);

    const json = JSON.parse(readFileSync(path.join(out, 'book.chapters.json'), 'utf8')) as {
      version: string;
      title: string;
      author: string;
      chapters: { startTime: number; title: string }[];
    };
    expect(json.version).toBe('1.2.0');
    expect(json.title).toBe('A Book');
    expect(json.author).toBe('A. Writer');
    expect(json.chapters.map((chapter) => [chapter.startTime, chapter.title])).toEqual([
      [0, 'The Hills'],
      [10, 'Rivers — and Seas'],
      [20, 'Mountains'],
    ]);
  }, 60_000);

  it('writes a WAV with cue points and labels after the audio, which a cue reader lists', async () => {
    const out = path.join(folder, 'wav-cues');
    await mkdir(out);
    const audioPath = path.join(out, 'book.wav');
    await engine.exportMix(
      request(audioPath, 'wav', { tags: { ...tags, metadata: {}, chaptersJson: false } }),
    );
    expect(readdirSync(out)).toEqual(['book.wav']);
    const wave = new WaveFile(readFileSync(audioPath));
    const cues = wave.listCuePoints() as { position: number; label: string }[];
    expect(cues.map((cue) => [cue.position, cue.label])).toEqual([
      [0, 'The Hills'],
      [10_000, 'Rivers — and Seas'],
      [20_000, 'Mountains'],
    ]);
    expect(await probeDuration(audioPath)).toBeCloseTo(30, 3);
  }, 60_000);

  it('adds LIST INFO metadata to a WAV with cue points, growing the RIFF size, the audio untouched', async () => {
    const out = path.join(folder, 'wav-info');
    await mkdir(out);
    const audioPath = path.join(out, 'book.wav');
    await engine.exportMix(request(audioPath, 'wav', { tags: { ...tags, chaptersJson: false } }));
    const bytes = readFileSync(audioPath);
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
    expect(await probeDuration(audioPath)).toBeCloseTo(30, 3);
    expect((await probeFile(audioPath)).format.tags).toMatchObject({
      title: 'A Book',
      artist: 'A. Writer',
      album: 'Series One',
    });
  }, 60_000);

  it('refuses a cover that is not an image before writing anything', async () => {
    const out = path.join(folder, 'bad-cover');
    await mkdir(out);
    await expect(
      engine.exportMix(
        request(path.join(out, 'book.mp3'), 'mp3', { tags: { ...tags, coverPath: audioOf(project) } }),
      ),
    ).rejects.toThrow(/cover: .* is not a JPEG or PNG image/u);
    expect(readdirSync(out)).toEqual([]);
  }, 60_000);
});

function audioOf(small: SmallProject): string {
  return Object.values(small.sources)[0]!;
}
