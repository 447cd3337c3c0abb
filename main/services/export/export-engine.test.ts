import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportEngine } from './export-engine.js';
import { ExportCancelledError, MissingSourcesError } from './export-errors.js';
import type { ExportProgress, ExportRequest } from './export-types.js';
import { ffmpeg, probeDuration, probeStream } from './test-support/media-tools.js';
import { makeSmallProject, wavExportRequest, type SmallProject } from './test-support/small-project.js';
import { launchWorker } from './worker-launcher.js';

/** The engine as main uses it: a worker thread per export, progress, cancel, and files that appear only when complete. */

let folder: string;
let project: SmallProject;
const engine = new ExportEngine();

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-engine-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 40);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function freshFolder(name: string): Promise<string> {
  const target = path.join(folder, name);
  await mkdir(target, { recursive: true });
  return target;
}

function request(outputPath: string, overrides: Partial<ExportRequest> = {}): ExportRequest {
  return {
    ...wavExportRequest(
      project,
      { outputPath, pcmCacheDir: path.join(folder, 'cache') },
      { srt: true, vtt: true },
    ),
    ...overrides,
  };
}

describe('ExportEngine', () => {
  it('exports WAV with SRT and WebVTT next to it, in a worker, reporting progress to 100 %', async () => {
    const out = await freshFolder('wav');
    const progress: ExportProgress[] = [];
    const result = await engine.exportMix(request(path.join(out, 'story.wav')), {
      onProgress: (p) => progress.push(p),
    });
    expect(readdirSync(out).sort()).toEqual(['story.srt', 'story.vtt', 'story.wav']);
    expect(result.subtitlePaths).toEqual([path.join(out, 'story.srt'), path.join(out, 'story.vtt')]);
    expect(await probeDuration(path.join(out, 'story.wav'))).toBeCloseTo(40, 3);
    expect(await probeStream(path.join(out, 'story.wav'))).toEqual({
      sampleRate: 44100,
      channels: 2,
      codec: 'pcm_s16le',
    });
    expect(result.frames).toBe(40 * 44100);
    const fractions = progress.map((p) => p.fraction);
    expect(fractions.every((value, index) => index === 0 || value >= fractions[index - 1]!)).toBe(true);
    expect(fractions.at(-1)).toBe(1);
    expect(new Set(progress.map((p) => p.phase))).toEqual(
      new Set(['decode', 'render', 'subtitles', 'finalize']),
    );
    // Both subtitle files parse in ffmpeg (read, then written back out), and the cues sit on the timeline's blocks.
    const srt = await readFile(path.join(out, 'story.srt'), 'utf8');
    const cueCount = srt.split('-->').length - 1;
    for (const [name, format] of [
      ['story.srt', 'srt'],
      ['story.vtt', 'webvtt'],
    ] as const) {
      const roundTrip = path.join(folder, `round-trip-${name}`);
      await ffmpeg(['-v', 'error', '-i', path.join(out, name), '-f', format, roundTrip]);
      expect((await readFile(roundTrip, 'utf8')).split('-->').length - 1).toBe(cueCount);
    }
    const firstStart = /^00:00:(\d\d),(\d\d\d) -->/mu.exec(srt);
    expect(Number(firstStart?.[1]) * 1000 + Number(firstStart?.[2])).toBeGreaterThanOrEqual(300);
    expect(srt).toContain('Welcome to the studio.');
    expect((await readFile(path.join(out, 'story.vtt'), 'utf8')).startsWith('WEBVTT\n')).toBe(true);
  });

  it('exports MP3 at the chosen bit rate, reusing the decoded sources', async () => {
    const out = await freshFolder('mp3');
    const result = await engine.exportMix(
      request(path.join(out, 'story.mp3'), {
        options: {
          audio: { format: 'mp3', bitrateKbps: 192 },
          loudness: { kind: 'none' },
          subtitles: { srt: false, vtt: false },
        },
      }),
    );
    expect(result.decodedSources).toBe(0);
    expect(result.cachedSources).toBe(5);
    expect(readdirSync(out)).toEqual(['story.mp3']);
    const stream = await probeStream(path.join(out, 'story.mp3'));
    expect(stream).toEqual({ sampleRate: 44100, channels: 2, codec: 'mp3' });
    // LAME's priming and padding add a frame or two; no gapless header is written.
    expect(await probeDuration(path.join(out, 'story.mp3'))).toBeCloseTo(40, 0);
    expect(statSync(path.join(out, 'story.mp3')).size).toBeGreaterThan(0.9 * 40 * 24000);
  });

  it('lets the output appear only complete: while it runs, only hidden temporary files exist', async () => {
    const out = await freshFolder('appear');
    const target = path.join(out, 'story.wav');
    const seen = new Set<string>();
    let sizeWhenSeen: number | undefined;
    const watcher = setInterval(() => {
      for (const name of readdirSync(out)) seen.add(name);
      if (existsSync(target) && sizeWhenSeen === undefined) sizeWhenSeen = statSync(target).size;
    }, 2);
    await engine.exportMix(
      request(target, {
        options: {
          audio: { format: 'wav', bitDepth: 24 },
          loudness: { kind: 'none' },
          subtitles: { srt: true, vtt: false },
        },
      }),
    );
    clearInterval(watcher);
    const finalSize = statSync(target).size;
    expect(sizeWhenSeen === undefined || sizeWhenSeen === finalSize).toBe(true);
    for (const name of seen)
      expect(
        name === 'story.wav' ||
          name === 'story.srt' ||
          /^\.story\.(wav|srt)\.[0-9a-f]{12}\.partial$/u.test(name),
      ).toBe(true);
    expect([...seen].some((name) => name.endsWith('.partial'))).toBe(true);
  });

  it('cancels during rendering, during subtitles (the last step before publishing) and during decoding, leaving no file behind', async () => {
    for (const phase of ['render', 'subtitles', 'decode'] as const) {
      const out = await freshFolder(`cancel-${phase}`);
      const controller = new AbortController();
      const cacheDir =
        phase === 'decode' ? path.join(folder, `cold-cache-${Date.now()}`) : path.join(folder, 'cache');
      const running = engine.exportMix(request(path.join(out, 'story.wav'), { pcmCacheDir: cacheDir }), {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.phase === phase) controller.abort();
        },
      });
      await expect(running).rejects.toBeInstanceOf(ExportCancelledError);
      expect(readdirSync(out)).toEqual([]);
      if (phase === 'decode') {
        // The cache keeps only complete entries (a JSON sidecar for each PCM file), never partial ones.
        const cached = existsSync(cacheDir) ? readdirSync(cacheDir) : [];
        expect(cached.filter((name) => name.endsWith('.partial'))).toEqual([]);
        expect(cached.filter((name) => name.endsWith('.f32')).length).toBe(
          cached.filter((name) => name.endsWith('.json')).length,
        );
      }
    }
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      engine.exportMix(request(path.join(folder, 'never.wav')), { signal: controller.signal }),
    ).rejects.toBeInstanceOf(ExportCancelledError);
  });

  it('terminates a worker that does not stop, and deletes its temporary files itself', async () => {
    const out = await freshFolder('stuck');
    const stuckWorker = path.join(folder, 'stuck-worker.mjs');
    await writeFile(
      stuckWorker,
      `import { parentPort } from 'node:worker_threads';
       import { writeFileSync } from 'node:fs';
       parentPort.on('message', (message) => {
         if (message.type !== 'start') return;
         writeFileSync(message.staging.audio, 'half an export');
         parentPort.postMessage({ type: 'progress', progress: { phase: 'render', fraction: 0.5, phaseFraction: 0.5 } });
         setTimeout(() => { for (;;) {} }, 10);
       });`,
    );
    const stuck = new ExportEngine({ workerEntry: stuckWorker, cancelGraceMs: 200 });
    const controller = new AbortController();
    const running = stuck.exportMix(request(path.join(out, 'story.wav')), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(running).rejects.toBeInstanceOf(ExportCancelledError);
    expect(readdirSync(out)).toEqual([]);
  });

  it('names missing sources (so the caller can offer to generate them) before writing anything', async () => {
    const out = await freshFolder('missing');
    const sources = { ...project.sources };
    delete sources['speech-1'];
    sources.effect = path.join(folder, 'no-such-effect.wav');
    const running = engine.exportMix(
      request(path.join(out, 'story.wav'), { sources, pcmCacheDir: path.join(folder, 'cache-missing') }),
    );
    await expect(running).rejects.toBeInstanceOf(MissingSourcesError);
    await expect(running).rejects.toMatchObject({ sourceKeys: ['speech-1', 'effect'] });
    expect(readdirSync(out)).toEqual([]);
  });

  it('fails with the file named when a source is not audio, leaving nothing behind', async () => {
    const out = await freshFolder('corrupt');
    const bogus = path.join(folder, 'bogus.mp3');
    await writeFile(bogus, new Uint8Array(4096).fill(7));
    const running = engine.exportMix(
      request(path.join(out, 'story.wav'), {
        sources: { ...project.sources, music: bogus },
        pcmCacheDir: path.join(folder, 'cache-corrupt'),
      }),
    );
    await expect(running).rejects.toThrow(/bogus\.mp3: not a WAV, MP3, Ogg Opus or FLAC file/);
    expect(readdirSync(out)).toEqual([]);
  });

  it('refuses to replace existing files unless asked, and validates the request naming the field', async () => {
    const out = await freshFolder('existing');
    await writeFile(path.join(out, 'story.srt'), 'keep me');
    await expect(engine.exportMix(request(path.join(out, 'story.wav')))).rejects.toThrow(
      /story\.srt already exist/,
    );
    expect(await readFile(path.join(out, 'story.srt'), 'utf8')).toBe('keep me');
    await engine.exportMix(request(path.join(out, 'story.wav'), { overwrite: true }));
    expect(await readFile(path.join(out, 'story.srt'), 'utf8')).toContain('-->');
    const badRate = { ...project.plan, sampleRate: 22000 };
    await expect(
      engine.exportMix(
        request(path.join(out, 'x.mp3'), {
          plan: badRate,
          options: {
            audio: { format: 'mp3', bitrateKbps: 128 },
            loudness: { kind: 'none' },
            subtitles: { srt: false, vtt: false },
          },
        }),
      ),
    ).rejects.toThrow(/plan\.sampleRate: MP3 needs one of/);
    await expect(engine.exportMix(request('relative/out.wav'))).rejects.toThrow(
      'Invalid export request: outputPath: must be an absolute path',
    );
  });
});

/** An engine whose every worker thread is recorded, with when it exited. */
function countingEngine(aheadIdleMs?: number) {
  const launched: { worker: Worker; exited: boolean }[] = [];
  const engine = new ExportEngine({
    ...(aheadIdleMs === undefined ? {} : { aheadIdleMs }),
    launch: (entry) => {
      const worker = launchWorker(entry);
      const record = { worker, exited: false };
      worker.once('exit', () => (record.exited = true));
      launched.push(record);
      return worker;
    },
  });
  return { engine, launched };
}

async function exportTo(engine: ExportEngine, name: string): Promise<string[]> {
  const out = await freshFolder(name);
  const result = await engine.exportMix(
    request(path.join(out, 'story.wav'), {
      options: { ...request('').options, subtitles: { srt: true, vtt: false } },
    }),
  );
  expect(result.frames).toBe(40 * 44100);
  return readdirSync(out).sort();
}

describe('ExportEngine.startWorkerAhead', () => {
  it('starts one worker, which the next export runs in; the export after that starts its own', async () => {
    const { engine, launched } = countingEngine();
    engine.startWorkerAhead();
    engine.startWorkerAhead();
    expect(launched).toHaveLength(1);
    expect(await exportTo(engine, 'ahead-first')).toEqual(['story.srt', 'story.wav']);
    expect(launched).toHaveLength(1);
    // The export's worker ends with its export, as one started then would.
    await expect.poll(() => launched[0]!.exited).toBe(true);
    expect(await exportTo(engine, 'ahead-second')).toEqual(['story.srt', 'story.wav']);
    expect(launched).toHaveLength(2);
  }, 60_000);

  it('ends a worker no export came for, and the next export starts a new one', async () => {
    const { engine, launched } = countingEngine(200);
    engine.startWorkerAhead();
    await expect.poll(() => launched[0]?.exited, { timeout: 10_000 }).toBe(true);
    expect(await exportTo(engine, 'ahead-idle')).toEqual(['story.srt', 'story.wav']);
    expect(launched).toHaveLength(2);
  }, 60_000);

  it('does not hand an export a worker that ended while it waited', async () => {
    const { engine, launched } = countingEngine();
    engine.startWorkerAhead();
    await launched[0]!.worker.terminate();
    expect(await exportTo(engine, 'ahead-ended')).toEqual(['story.srt', 'story.wav']);
    expect(launched).toHaveLength(2);
  }, 60_000);

  it('ends a waiting worker when the engine is disposed (the app is closing)', async () => {
    const { engine, launched } = countingEngine();
    engine.startWorkerAhead();
    await engine.dispose();
    expect(launched[0]!.exited).toBe(true);
    // Nothing is left waiting: a second dispose has nothing to end.
    await engine.dispose();
    expect(launched).toHaveLength(1);
  }, 60_000);
});
