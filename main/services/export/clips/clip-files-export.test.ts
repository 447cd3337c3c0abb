import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportCancelledError } from '../export-errors.js';
import { decodeWithFfmpeg, probeDuration, probeStream } from '../test-support/media-tools.js';
import { makeSmallProject, type SmallProject } from '../test-support/small-project.js';
import { exportClipFiles } from './clip-files-export.js';

const run = promisify(execFile);
let folder: string;
let project: SmallProject;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-clips-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 30);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const base = () => ({
  plan: project.plan,
  sources: project.sources,
  pcmCacheDir: path.join(folder, 'cache'),
});

describe('exportClipFiles', () => {
  it('writes one WAV per speech block into a new folder, each as long as its clip', async () => {
    const destination = path.join(folder, 'blocks');
    const result = await exportClipFiles({
      ...base(),
      audio: { format: 'wav', bitDepth: 16 },
      destination,
      container: 'folder',
      fileNames: { 'block-1': 'Chapter 1: rivers' },
    });
    expect(readdirSync(destination).sort()).toEqual([
      '001-block-0.wav',
      '003-block-2.wav',
      'Chapter 1_ rivers.wav',
    ]);
    expect(result.files.map((file) => file.clipId)).toEqual(['block-0', 'block-1', 'block-2']);
    for (const clip of project.plan.clips.filter((c) => c.track === 'speech')) {
      const file = result.files.find((entry) => entry.clipId === clip.id);
      // A clip ends where its duration or its (gapless-decoded) source does, whichever comes first.
      const source = project.sources[clip.sourceKey]!;
      const sourceSeconds =
        (await decodeWithFfmpeg(source, 24000, 1, path.join(folder, 'probe.f32'))).length / 24000;
      const expected = Math.min(clip.durationMs / 1000, sourceSeconds);
      expect(await probeDuration(path.join(destination, file!.name))).toBeCloseTo(expected, 2);
    }
    // Only the new folder appeared next to the sources: no staging folder left.
    expect(readdirSync(folder).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('writes a store-only zip that unzip accepts, with MP3 entries of every chosen track', async () => {
    const destination = path.join(folder, 'clips.zip');
    const result = await exportClipFiles({
      ...base(),
      audio: { format: 'mp3', bitrateKbps: 128 },
      tracks: ['speech', 'effects'],
      destination,
      container: 'zip',
    });
    expect(result.files.map((file) => file.name)).toEqual([
      '001-chime.mp3',
      '002-block-0.mp3',
      '003-block-1.mp3',
      '004-block-2.mp3',
    ]);
    const { stdout } = await run('unzip', ['-t', destination]);
    expect(stdout).toContain('No errors detected');
    const extracted = path.join(folder, 'unzipped');
    await run('unzip', ['-q', destination, '-d', extracted]);
    expect(await probeStream(path.join(extracted, '002-block-0.mp3'))).toEqual({
      sampleRate: 44100,
      channels: 2,
      codec: 'mp3',
    });
  });

  it('refuses an existing destination folder with files in it, and leaves nothing on cancel', async () => {
    const existing = path.join(folder, 'taken');
    await mkdir(existing);
    await writeFile(path.join(existing, 'keep.txt'), 'mine');
    await expect(
      exportClipFiles({
        ...base(),
        audio: { format: 'wav', bitDepth: 16 },
        destination: existing,
        container: 'folder',
        overwrite: true,
      }),
    ).rejects.toThrow(/already exists \(only an empty one is replaced/);
    const cancelled = path.join(folder, 'cancelled.zip');
    let calls = 0;
    await expect(
      exportClipFiles(
        { ...base(), audio: { format: 'wav', bitDepth: 16 }, destination: cancelled, container: 'zip' },
        { isCancelled: () => (calls += 1) > 3 },
      ),
    ).rejects.toBeInstanceOf(ExportCancelledError);
    expect(readdirSync(folder).filter((name) => name.includes('cancelled'))).toEqual([]);
  });

  it('publishes nothing when the engine answers that the export was cancelled once everything was staged', async () => {
    for (const container of ['zip', 'folder'] as const) {
      const destination = path.join(folder, `refused-${container}`);
      let asked = 0;
      await expect(
        exportClipFiles(
          { ...base(), audio: { format: 'wav', bitDepth: 16 }, destination, container },
          { mayPublish: () => Promise.resolve((asked += 1) === 0) },
        ),
      ).rejects.toBeInstanceOf(ExportCancelledError);
      expect(asked).toBe(1);
      expect(readdirSync(folder).filter((name) => name.includes('refused'))).toEqual([]);
    }
  });
});
