import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loudnessPresets } from '../../../common/export/export-options.js';
import type { ProjectExportSettings } from '../../../common/export/project-export-settings.js';
import { createProject } from '../../../common/project/index.js';
import {
  audiobookManifestSchema,
  isoDurationMs,
} from '../../../common/readalong/test-support/audiobook-manifest-schema.js';
import type { AudioCache } from '../audio-cache/index.js';
import { ExportEngine } from '../export/index.js';
import { ffmpeg, probeDuration } from '../export/test-support/media-tools.js';
import { makeSmallProject } from '../export/test-support/small-project.js';
import { noServiceLexicons } from '../pronunciation/test-support/no-lexicons.js';
import { ProjectExporter, type PreparedExport } from '../project-export/project-exporter.js';

const run = promisify(execFile);
const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';

let folder: string;
let prepared: PreparedExport;
const engine = new ExportEngine();
let exporter: ProjectExporter;
let coverPath: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-readalong-'));
  const small = await makeSmallProject(path.join(folder, 'sources'), 30, 3);
  coverPath = path.join(folder, 'front.png');
  await ffmpeg(['-v', 'error', '-f', 'lavfi', '-i', 'color=c=navy:s=60x90:d=1', '-frames:v', '1', coverPath]);
  // Speech only: the silences between sentences are then measurable in the exported files.
  const plan = { ...small.plan, clips: small.plan.clips.filter((clip) => clip.track === 'speech') };
  const project = {
    ...createProject({ title: 'Rivers & Mountains', id: 'book-1', defaults: { voiceName: 'Clara' } }),
    metadata: { author: 'A. Writer', language: 'en-GB' },
  };
  const settings: ProjectExportSettings = {
    options: {
      audio: { format: 'mp3', bitrateKbps: 128 },
      loudness: loudnessPresets.none,
      subtitles: { srt: false, vtt: false },
    },
    sampleRate: 44_100,
    channels: 1,
  };
  const chapters = [
    { title: 'Rivers', startMs: 0 },
    { title: 'Mountains', startMs: 10_000 },
  ];
  prepared = { project, settings, plan, sources: small.sources, chapters };
  exporter = new ProjectExporter({
    engine,
    // export() takes a prepared project: the audio cache is asked only by prepare().
    audio: {} as AudioCache,
    pcmCacheDir: path.join(folder, 'pcm'),
    lexicons: noServiceLexicons,
  });
}, 120_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** epubcheck's verdict; a machine without it fails the test, saying how to install it. */
async function epubcheck(epubPath: string): Promise<string> {
  if (!existsSync(EPUBCHECK_JAR)) {
    throw new Error(
      `epubcheck is not installed (${EPUBCHECK_JAR} is missing): run node scripts/install-system-deps.mjs, which installs the Debian package epubcheck`,
    );
  }
  const result = await run('java', ['-jar', EPUBCHECK_JAR, epubPath], { maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
  return `${result.stdout}\n${result.stderr}`;
}

/** The silences ffmpeg finds in a file, in milliseconds. */
async function silencesIn(filePath: string): Promise<{ startMs: number; endMs: number }[]> {
  const log = await ffmpeg(['-i', filePath, '-af', 'silencedetect=noise=-45dB:d=0.12', '-f', 'null', '-']);
  const starts = [...log.matchAll(/silence_start: ([\d.]+)/gu)].map((match) => Number(match[1]) * 1000);
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/gu)].map((match) => Number(match[1]) * 1000);
  return starts.map((startMs, index) => ({ startMs, endMs: ends[index] ?? Number.POSITIVE_INFINITY }));
}

function clockMs(clock: string): number {
  const [hours, minutes, seconds] = clock.split(':').map(Number);
  return Math.round(((hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0)) * 1000);
}

describe('the read-along EPUB 3', () => {
  let epubPath: string;
  let files: Record<string, Uint8Array>;

  beforeAll(async () => {
    epubPath = path.join(folder, 'book.epub');
    const target = { outputPath: epubPath, mode: 'epub-read-along', overwrite: false, coverPath } as const;
    await exporter.export(prepared, target);
    files = unzipSync(await readFile(epubPath));
  }, 180_000);

  it('opens on the export’s cover: the cover image item, its page first in the spine and the landmarks', async () => {
    expect(files['OEBPS/images/cover.png']).toEqual(new Uint8Array(await readFile(coverPath)));
    const opf = strFromU8(files['OEBPS/package.opf']!);
    expect(opf).toContain(
      '<item id="cover-image" href="images/cover.png" media-type="image/png" properties="cover-image"/>',
    );
    expect(opf).toMatch(/<spine>\n<itemref idref="cover"\/>\n<itemref idref="chapter-001"\/>/u);
    expect(strFromU8(files['OEBPS/cover.xhtml']!)).toContain('<img src="images/cover.png"');
    expect(strFromU8(files['OEBPS/nav.xhtml']!)).toContain(
      '<a epub:type="cover" href="cover.xhtml">Cover</a>',
    );
  });

  it('passes epubcheck with no errors or warnings', async () => {
    const report = await epubcheck(epubPath);
    expect(report).toContain('No errors or warnings detected');
  }, 120_000);

  it('stores mimetype first and uncompressed, as the EPUB container requires', async () => {
    const bytes = await readFile(epubPath);
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.readUInt16LE(8)).toBe(0);
    expect(bytes.subarray(30, 38).toString('latin1')).toBe('mimetype');
    expect(bytes.subarray(38, 58).toString('latin1')).toBe('application/epub+zip');
  });

  it('gives every SMIL text reference an element of its chapter, and carries the book’s metadata', () => {
    const opf = strFromU8(files['OEBPS/package.opf']!);
    expect(opf).toContain('<dc:title>Rivers &amp; Mountains</dc:title>');
    expect(opf).toContain('<meta property="media:narrator">Clara</meta>');
    expect(opf).toContain('<meta property="media:active-class">-epub-media-overlay-active</meta>');
    for (const stem of ['chapter-001', 'chapter-002']) {
      const smil = strFromU8(files[`OEBPS/${stem}.smil`]!);
      const xhtml = strFromU8(files[`OEBPS/${stem}.xhtml`]!);
      const ids = [...smil.matchAll(/<text src="([^"#]+)#([^"]+)"/gu)];
      expect(ids.length).toBeGreaterThan(1);
      for (const [, file, id] of ids) {
        expect(file).toBe(`${stem}.xhtml`);
        expect(xhtml).toContain(`id="${id}"`);
      }
    }
    expect(strFromU8(files['OEBPS/nav.xhtml']!)).toContain('<a href="chapter-002.xhtml">Mountains</a>');
  });

  it('clips each sentence where it is heard in the chapter’s MP3: sentence ends and starts at its pauses', async () => {
    const opf = strFromU8(files['OEBPS/package.opf']!);
    let overlaysMs = 0;
    for (const stem of ['chapter-001', 'chapter-002']) {
      const audioPath = path.join(folder, `${stem}.mp3`);
      await writeFile(audioPath, files[`OEBPS/audio/${stem}.mp3`]!);
      const silences = await silencesIn(audioPath);
      const smil = strFromU8(files[`OEBPS/${stem}.smil`]!);
      const clips = [
        ...smil.matchAll(/#(b\d+)s\d+"\/><audio src="[^"]+" clipBegin="([^"]+)" clipEnd="([^"]+)"/gu),
      ].map(([, block, begin, end]) => ({ block, startMs: clockMs(begin!), endMs: clockMs(end!) }));
      expect(clips.length).toBeGreaterThanOrEqual(2);
      for (const [index, clip] of clips.entries()) {
        // Speech is heard at the clip's start, and not in a silence.
        expect(silences.some((s) => clip.startMs > s.startMs + 30 && clip.startMs < s.endMs - 30)).toBe(
          false,
        );
        const next = clips[index + 1];
        if (next === undefined || next.block !== clip.block) continue;
        // Between two sentences of one take: the first ends where a pause starts, the next starts where it ends.
        const pause = silences.find((s) => Math.abs(s.startMs - clip.endMs) < 80);
        expect(pause, `a pause at ${clip.endMs} ms in ${stem}`).toBeDefined();
        expect(Math.abs(pause!.endMs - next.startMs)).toBeLessThan(80);
      }
      const overlayMs = clips.reduce((sum, clip) => sum + clip.endMs - clip.startMs, 0);
      expect(opf).toContain(`refines="#${stem}-overlay">${formatClock(overlayMs)}</meta>`);
      overlaysMs += overlayMs;
    }
    expect(opf).toContain(`<meta property="media:duration">${formatClock(overlaysMs)}</meta>`);
  }, 60_000);
});

function formatClock(ms: number): string {
  const pad = (value: number, width: number): string => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000), 2)}:${pad(Math.floor((ms % 3_600_000) / 60_000), 2)}:${pad(Math.floor((ms % 60_000) / 1000), 2)}.${pad(ms % 1000, 3)}`;
}

/** The prepared book exported as AAC: `format` m4a or m4b at 64 kbps. */
function asAac(format: 'm4a' | 'm4b'): PreparedExport {
  const options = { ...prepared.settings.options, audio: { format, bitrateKbps: 64 } as const };
  return { ...prepared, settings: { ...prepared.settings, options } };
}

describe('the read-along EPUB 3 with M4A audio', () => {
  it('carries AAC chapters in M4A (audio/mp4) when the export is AAC, and passes epubcheck', async () => {
    const epubPath = path.join(folder, 'book-aac.epub');
    await exporter.export(asAac('m4b'), { outputPath: epubPath, mode: 'epub-read-along', overwrite: false });
    const files = unzipSync(await readFile(epubPath));
    expect(Object.keys(files).filter((name) => name.startsWith('OEBPS/audio/'))).toEqual([
      'OEBPS/audio/chapter-001.m4a',
      'OEBPS/audio/chapter-002.m4a',
    ]);
    const opf = strFromU8(files['OEBPS/package.opf']!);
    expect(opf).toContain('href="audio/chapter-001.m4a" media-type="audio/mp4"/>');
    expect(strFromU8(files['OEBPS/chapter-002.smil']!)).toContain('<audio src="audio/chapter-002.m4a"');
    const audioPath = path.join(folder, 'aac-chapter-001.m4a');
    await writeFile(audioPath, files['OEBPS/audio/chapter-001.m4a']!);
    expect(await ffmpeg(['-i', audioPath, '-f', 'null', '-'])).toMatch(/Audio: aac \(LC\)/u);
    expect(await epubcheck(epubPath)).toContain('No errors or warnings detected');
  }, 240_000);
});

describe('the W3C Audiobook (LPF)', () => {
  it('holds a valid publication manifest whose reading order is the chapters’ audio, with their real lengths', async () => {
    const lpfPath = path.join(folder, 'book.lpf');
    await exporter.export(prepared, {
      outputPath: lpfPath,
      mode: 'lpf-audiobook',
      overwrite: false,
      coverPath,
    });
    const files = unzipSync(await readFile(lpfPath));
    expect(files['cover.png']).toEqual(new Uint8Array(await readFile(coverPath)));
    const manifest = audiobookManifestSchema.parse(JSON.parse(strFromU8(files['publication.json']!)));
    expect(manifest.name).toBe('Rivers & Mountains');
    expect(manifest.readingOrder.map((item) => item.name)).toEqual(['Rivers', 'Mountains']);
    let totalMs = 0;
    for (const item of manifest.readingOrder) {
      const audioPath = path.join(folder, path.basename(item.url));
      await writeFile(audioPath, files[item.url]!);
      const probedMs = (await probeDuration(audioPath)) * 1000;
      expect(Math.abs(isoDurationMs(item.duration) - probedMs)).toBeLessThan(60);
      totalMs += isoDurationMs(item.duration);
    }
    expect(isoDurationMs(manifest.duration)).toBe(totalMs);
    expect(strFromU8(files['toc.html']!)).toContain('<a href="audio/chapter-002.mp3">Mountains</a>');
    expect(manifest.resources).toContainEqual(
      expect.objectContaining({ url: 'cover.png', encodingFormat: 'image/png', rel: 'cover' }),
    );
  }, 180_000);

  it('reads M4A chapters in order when the export is M4A, their lengths as ffprobe measures them', async () => {
    const lpfPath = path.join(folder, 'book-aac.lpf');
    await exporter.export(asAac('m4a'), { outputPath: lpfPath, mode: 'lpf-audiobook', overwrite: false });
    const files = unzipSync(await readFile(lpfPath));
    const manifest = audiobookManifestSchema.parse(JSON.parse(strFromU8(files['publication.json']!)));
    expect(manifest.readingOrder.map((item) => [item.url, item.encodingFormat])).toEqual([
      ['audio/chapter-001.m4a', 'audio/mp4'],
      ['audio/chapter-002.m4a', 'audio/mp4'],
    ]);
    for (const item of manifest.readingOrder) {
      const audioPath = path.join(folder, `lpf-${path.basename(item.url)}`);
      await writeFile(audioPath, files[item.url]!);
      // Decoded, an AAC file is its timeline and at most one frame more (1,024 samples: 23 ms at 44.1 kHz).
      expect(Math.abs(isoDurationMs(item.duration) - (await probeDuration(audioPath)) * 1000)).toBeLessThan(
        60,
      );
    }
    expect(manifest.resources?.some((resource) => resource.rel === 'cover')).toBe(false);
  }, 240_000);
});

describe('the karaoke WebVTT', () => {
  it('is written beside the mix in place of the plain WebVTT, a sentence per cue', async () => {
    const mixPath = path.join(folder, 'mix.mp3');
    const written = await exporter.export(
      {
        ...prepared,
        settings: {
          ...prepared.settings,
          options: { ...prepared.settings.options, subtitles: { srt: true, vtt: true } },
        },
      },
      { outputPath: mixPath, mode: 'karaoke-vtt', overwrite: false },
    );
    expect(written.subtitlePaths.map((file) => path.basename(file)).sort()).toEqual(['mix.srt', 'mix.vtt']);
    const vtt = await readFile(path.join(folder, 'mix.vtt'), 'utf8');
    expect(vtt).toMatch(/^WEBVTT\n\n00:00:00\.\d{3} --> 00:00:0\d\.\d{3}\nWelcome <00:00:0\d\.\d{3}>to /u);
    expect(vtt.match(/-->/gu)).toHaveLength(6);
  }, 180_000);

  it('keeps a .vtt already beside the mix unless the user chose Replace', async () => {
    const mixPath = path.join(folder, 'kept.mp3');
    const vttPath = path.join(folder, 'kept.vtt');
    await writeFile(vttPath, 'the user’s own captions');
    await expect(
      exporter.export(prepared, { outputPath: mixPath, mode: 'karaoke-vtt', overwrite: false }),
    ).rejects.toThrow(`${vttPath} already exists: choose Replace.`);
    expect(await readFile(vttPath, 'utf8')).toBe('the user’s own captions');
    await exporter.export(prepared, { outputPath: mixPath, mode: 'karaoke-vtt', overwrite: true });
    expect(await readFile(vttPath, 'utf8')).toMatch(/^WEBVTT\n/u);
    expect((await readdir(folder)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  }, 180_000);
});
