import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { packPcm, wavHeader } from '../../../common/audio/pcm-wav.js';
import type { RenderPlan } from '../../../common/export/render-plan.js';
import { openWorkerChannel, type WorkerProtocol } from '../../../common/workers/worker-channel.js';
import type { ExportRequest } from './export-types.js';
import { keptEndpoint } from './helper-workers.js';
import { runExport } from './render-export.js';
import * as launcher from './worker-launcher.js';

vi.mock('./worker-launcher.js', { spy: true });

/**
 * An export that decodes with a helper and renders in two halves starts ONE helper thread: the helper that decoded
 * goes on to render the second half (helper-workers.ts). Each thread compiles the worker's script and packages
 * before its first job, a fixed cost a short export cannot repay twice (issue 42). The file is still the one a
 * single pass writes.
 */

const RATE = 44_100;
const SOURCES = 10;
const SOURCE_SECONDS = 4;
let folder: string;
let plan: RenderPlan;
const sources: Record<string, string> = {};

/** A mono 16-bit WAV of a tone, different per source, made here. */
async function writeTone(file: string, hz: number): Promise<void> {
  const frames = RATE * SOURCE_SECONDS;
  const samples = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame += 1)
    samples[frame] = 0.3 * Math.sin((2 * Math.PI * hz * frame) / RATE);
  const data = new Uint8Array(frames * 2);
  packPcm([samples], frames, 1, 16, data);
  await writeFile(
    file,
    Buffer.concat([wavHeader({ sampleRate: RATE, channels: 1, bitDepth: 16 }, data.length), data]),
  );
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-helper-workers-'));
  const clips: RenderPlan['clips'] = [];
  for (let index = 0; index < SOURCES; index += 1) {
    const file = path.join(folder, `tone-${index}.wav`);
    await writeTone(file, 220 + 40 * index);
    sources[`tone-${index}`] = file;
    clips.push({
      id: `block-${index}`,
      track: 'speech',
      sourceKey: `tone-${index}`,
      startMs: index * 7000,
      durationMs: SOURCE_SECONDS * 1000,
      gainDb: 0,
      fadeInMs: 0,
      fadeOutMs: 0,
    });
  }
  plan = { sampleRate: RATE, channels: 2, durationMs: 70_000, clips, cues: [] };
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

beforeEach(() => {
  vi.mocked(launcher.launchWorker).mockClear();
});

function request(name: string, cache: string, renderThreads: 1 | 2): ExportRequest {
  return {
    plan,
    sources,
    options: {
      audio: { format: 'wav', bitDepth: 16 },
      loudness: { kind: 'none' },
      subtitles: { srt: false, vtt: false },
    },
    outputPath: path.join(folder, name),
    pcmCacheDir: path.join(folder, cache),
    decodeThreads: 2,
    renderThreads,
  };
}

describe('helper threads of one export', () => {
  it('decodes and renders the second half with one helper thread, and writes the single-pass file', async () => {
    const split = await runExport(request('split.wav', 'cache-split', 2));
    expect(split.decodedSources).toBe(SOURCES);
    expect(split.splitFrame).toBeGreaterThan(0);
    expect(vi.mocked(launcher.launchWorker)).toHaveBeenCalledTimes(1);

    const single = await runExport(request('single.wav', 'cache-single', 1));
    expect(single.splitFrame).toBeUndefined();
    expect(Buffer.compare(await readFile(split.audioPath), await readFile(single.audioPath))).toBe(0);
  }, 60_000);
});

describe('a kept helper', () => {
  it('carries no listeners of the phases it served: each closed channel lets go of the thread', async () => {
    type Echo = WorkerProtocol<{ type: 'ping'; n: number }, { type: 'pong'; n: number }>;
    const worker = new Worker(
      "require('node:worker_threads').parentPort.on('message', (m) => require('node:worker_threads').parentPort.postMessage({ type: 'pong', n: m.n }))",
      { eval: true },
    );
    try {
      const before = ['message', 'error', 'exit'].map((event) => worker.listenerCount(event));
      // A book's parts: one channel per part, each closed when its part is done, the thread kept throughout.
      for (let part = 0; part < 30; part += 1) {
        let answer: (n: number) => void = () => {};
        const answered = new Promise<number>((resolve) => (answer = resolve));
        const channel = openWorkerChannel<Echo>(keptEndpoint(worker), { pong: ({ n }) => answer(n) });
        channel.send({ type: 'ping', n: part });
        expect(await answered).toBe(part);
        await channel.close();
      }
      expect(['message', 'error', 'exit'].map((event) => worker.listenerCount(event))).toEqual(before);
      // Still running, for the next phase.
      const last = openWorkerChannel<Echo>(keptEndpoint(worker), { pong: () => {} });
      const pong = new Promise((resolve) => worker.once('message', resolve));
      last.send({ type: 'ping', n: 99 });
      expect(await pong).toEqual({ type: 'pong', n: 99 });
      await last.close();
    } finally {
      await worker.terminate();
    }
  });
});
