import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loudnessPresets } from '../../../../common/export/export-options.js';
import { PcmCache } from '../decode/pcm-cache.js';
import { WavEncoder } from '../encode/wav-encoder.js';
import { ExportEngine } from '../export-engine.js';
import { ExportCancelledError } from '../export-errors.js';
import type { ExportRequest } from '../export-types.js';
import { StagedFile } from '../output/staged-file.js';
import { prepareSources } from '../prepare-sources.js';
import { runExport } from '../render-export.js';
import { TimelineMixer } from '../render/timeline-mixer.js';
import { makeSmallProject, type SmallProject } from '../test-support/small-project.js';
import { defaultWorkerEntry } from '../worker-launcher.js';
import { splitFrameFor } from './split-shared.js';
import { renderWavInTwo } from './split-wav.js';
import { encodeInTwo, planSplit, SPLIT_HOLD_FRAMES } from './split-mp3.js';
import { Mp3Encoder } from '../encode/mp3-encoder.js';

/**
 * A WAV rendered in two halves at once (the helper writing the second half into the same file) is the file a
 * single pass writes: byte for byte without normalisation, and within one least significant bit with it (the
 * helper's limiter starts a second early, which leaves its gain within e^-12 of a single pass's). When the helper
 * fails (here: it cannot find the decoded sources), the export's own thread renders the rest: a WAV or an MP3 is
 * then byte for byte the single-pass file, and the helper's temporary file is gone.
 */

let folder: string;
let project: SmallProject;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-split-wav-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 70, 10);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function request(
  name: string,
  threads: 1 | 2,
  loudness: ExportRequest['options']['loudness'],
): ExportRequest {
  return {
    plan: project.plan,
    sources: project.sources,
    options: { audio: { format: 'wav', bitDepth: 24 }, loudness, subtitles: { srt: false, vtt: false } },
    outputPath: path.join(folder, name),
    pcmCacheDir: path.join(folder, 'cache'),
    renderThreads: threads,
  };
}

/** The project's mixer, its sources decoded into the shared cache. */
async function preparedMixer(): Promise<TimelineMixer> {
  const cache = new PcmCache(path.join(folder, 'cache'));
  const prepared = await prepareSources(
    project.plan,
    project.sources,
    cache,
    () => {},
    () => false,
  );
  return new TimelineMixer(project.plan, prepared.sources, project.plan.sampleRate);
}

/** A PCM cache with nothing in it: a helper pointed at it fails before it renders anything. */
async function emptyCache(): Promise<string> {
  const directory = await mkdtemp(path.join(folder, 'empty-cache-'));
  return directory;
}

/** The largest difference between the 24-bit samples of two WAV files with the same 44-byte header layout. */
function largestSampleDifference(a: Buffer, b: Buffer, dataOffset: number): number {
  let largest = 0;
  for (let at = dataOffset; at + 3 <= Math.min(a.length, b.length); at += 3)
    largest = Math.max(largest, Math.abs(a.readIntLE(at, 3) - b.readIntLE(at, 3)));
  return largest;
}

describe('a WAV rendered in two halves', () => {
  it('is byte for byte the single-pass file', async () => {
    const single = await runExport(request('single.wav', 1, { kind: 'none' }));
    const split = await runExport(request('split.wav', 2, { kind: 'none' }));
    expect(single.splitFrame).toBeUndefined();
    expect(split.splitFrame).toBeGreaterThan(0);
    const [one, two] = await Promise.all([readFile(single.audioPath), readFile(split.audioPath)]);
    expect(two.length).toBe(one.length);
    expect(two.equals(one)).toBe(true);
  }, 120_000);

  it('normalised: within one LSB of the single pass, and measured as one pass measures it', async () => {
    const single = await runExport(request('single-podcast.wav', 1, loudnessPresets.podcast));
    const split = await runExport(request('split-podcast.wav', 2, loudnessPresets.podcast));
    const [one, two] = await Promise.all([readFile(single.audioPath), readFile(split.audioPath)]);
    expect(two.length).toBe(one.length);
    expect(largestSampleDifference(one, two, 68)).toBeLessThanOrEqual(1);
    const a = single.loudness!.output;
    const b = split.loudness!.output;
    expect(b.frames).toBe(a.frames);
    expect(Math.abs(b.integratedLufs - a.integratedLufs)).toBeLessThan(0.001);
    expect(Math.abs(b.samplePeakDb - a.samplePeakDb)).toBeLessThan(0.001);
  }, 120_000);

  it('renders the second half itself when the helper fails, into the same file', async () => {
    const single = await runExport(request('reference.wav', 1, { kind: 'none' }));
    const mixer = await preparedMixer();
    const file = StagedFile.create(path.join(folder, 'fallback.wav'));
    const encoder = new WavEncoder(file, project.plan.sampleRate, project.plan.channels, 24);
    const splitFrame = splitFrameFor(mixer.totalFrames, project.plan.sampleRate, 4410)!;
    await renderWavInTwo({
      plan: project.plan,
      mixer,
      processing: { gain: 1 },
      splitFrame,
      encoder,
      file,
      bitDepth: 24,
      meter: undefined,
      pcmCacheDir: await emptyCache(),
      workerEntry: defaultWorkerEntry(),
      control: { isCancelled: () => false, onFraction: () => {} },
    });
    encoder.finish();
    file.publish();
    mixer.close();
    expect(existsSync(file.tempPath)).toBe(false);
    const [one, two] = await Promise.all([readFile(single.audioPath), readFile(file.finalPath)]);
    expect(two.equals(one)).toBe(true);
  }, 120_000);
});

describe('a parallel MP3 encode whose helper fails', () => {
  it('finishes in one pass, byte for byte the single-pass file, and removes the helper’s file', async () => {
    const single = await runExport({
      plan: project.plan,
      sources: project.sources,
      options: {
        audio: { format: 'mp3', bitrateKbps: 160 },
        loudness: { kind: 'none' },
        subtitles: { srt: false, vtt: false },
      },
      outputPath: path.join(folder, 'single.mp3'),
      pcmCacheDir: path.join(folder, 'cache'),
      renderThreads: 1,
    });

    const mixer = await preparedMixer();
    const split = planSplit(mixer.totalFrames, project.plan.sampleRate, 1);
    expect(split).toBeDefined();
    const file = StagedFile.create(path.join(folder, 'fallback.mp3'));
    const encoder = await Mp3Encoder.create(
      file,
      44100,
      project.plan.channels as 1 | 2,
      160,
      0,
      SPLIT_HOLD_FRAMES,
    );
    const segmentPath = path.join(folder, 'segment.partial');
    const fractions: number[] = [];
    const result = await encodeInTwo({
      plan: project.plan,
      mixer,
      processing: { gain: 1 },
      split: split!,
      encoder,
      bitrateKbps: 160,
      meter: undefined,
      pcmCacheDir: await emptyCache(),
      segmentPath,
      workerEntry: defaultWorkerEntry(),
      control: { isCancelled: () => false, onFraction: (fraction) => fractions.push(fraction) },
    });
    file.publish();
    mixer.close();
    expect(result.joinFrame).toBeUndefined();
    // The export says why it encoded the rest in one pass.
    expect(result.joinSkipped).toMatch(/helper failed before the join: .*"speech-0" is not in the PCM cache/);
    expect(existsSync(segmentPath)).toBe(false);
    expect(fractions.at(-1)).toBeCloseTo(1, 2);
    const [singleBytes, fallbackBytes] = await Promise.all([
      readFile(single.audioPath),
      readFile(file.finalPath),
    ]);
    expect(fallbackBytes.equals(singleBytes)).toBe(true);
  }, 120_000);
});

describe('cancelling an export rendered in two halves', () => {
  it('stops both threads and leaves no file behind, the helper’s included', async () => {
    const outputFolder = await mkdtemp(path.join(folder, 'cancel-'));
    const controller = new AbortController();
    const engine = new ExportEngine();
    const exporting = engine.exportMix(
      {
        ...request('unused.wav', 2, { kind: 'none' }),
        options: {
          audio: { format: 'mp3', bitrateKbps: 128 },
          loudness: { kind: 'none' },
          subtitles: { srt: true, vtt: false },
        },
        outputPath: path.join(outputFolder, 'cancelled.mp3'),
      },
      {
        signal: controller.signal,
        onProgress: (progress) => {
          if (progress.phase === 'render' && progress.phaseFraction > 0.2) controller.abort();
        },
      },
    );
    await expect(exporting).rejects.toBeInstanceOf(ExportCancelledError);
    expect(await readdir(outputFolder)).toEqual([]);
  }, 120_000);
});
