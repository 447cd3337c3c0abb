import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportEngine } from '../export-engine.js';
import type { ExportProgress, ExportRequest } from '../export-types.js';
import { makeSmallProject, wavExportRequest, type SmallProject } from '../test-support/small-project.js';

/** Decoding an export's sources while its dialog is open (ExportEngine.prepareAhead), in the real worker. */

let folder: string;
let project: SmallProject;
let reference: Buffer;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-decode-ahead-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 40);
  // The same export without a head start: what each export below must write, byte for byte.
  const result = await new ExportEngine().exportMix(request('reference', 'reference-cache'));
  reference = await readFile(result.audioPath);
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function request(name: string, cache: string): ExportRequest {
  return wavExportRequest(
    project,
    { outputPath: path.join(folder, `${name}.wav`), pcmCacheDir: path.join(folder, cache) },
    { srt: false, vtt: false },
  );
}

const sourceCount = (): number => new Set(project.plan.clips.map((clip) => clip.sourceKey)).size;

function partialsIn(cache: string): string[] {
  return readdirSync(path.join(folder, cache)).filter((name) => name.endsWith('.partial'));
}

describe('ExportEngine.prepareAhead', () => {
  it('decodes while the dialog is open, and the export then decodes nothing and writes the same file', async () => {
    await mkdir(path.join(folder, 'cache-ahead'));
    const engine = new ExportEngine();
    const ahead = request('ahead', 'cache-ahead');
    engine.prepareAhead({ plan: ahead.plan, sources: ahead.sources, pcmCacheDir: ahead.pcmCacheDir });
    // The user takes a moment to choose.
    await expect
      .poll(() => readdirSync(path.join(folder, 'cache-ahead')).filter((name) => name.endsWith('.json')), {
        timeout: 20_000,
      })
      .toHaveLength(sourceCount());
    const result = await engine.exportMix(ahead);
    expect(result.decodedSources).toBe(0);
    expect(result.cachedSources).toBe(sourceCount());
    expect((await readFile(result.audioPath)).equals(reference)).toBe(true);
  }, 60_000);

  it('an export started while the decoding is under way waits for it rather than decoding again', async () => {
    const engine = new ExportEngine();
    const ahead = request('at-once', 'cache-at-once');
    const progress: ExportProgress[] = [];
    engine.prepareAhead({ plan: ahead.plan, sources: ahead.sources, pcmCacheDir: ahead.pcmCacheDir });
    const result = await engine.exportMix(ahead, { onProgress: (step) => progress.push(step) });
    expect(result.decodedSources).toBe(0);
    expect(result.cachedSources).toBe(sourceCount());
    expect((await readFile(result.audioPath)).equals(reference)).toBe(true);
    const fractions = progress.map((step) => step.fraction);
    expect(fractions.every((value, index) => index === 0 || value >= fractions[index - 1]!)).toBe(true);
    expect(progress[0]?.phase).toBe('decode');
    expect(fractions.at(-1)).toBe(1);
    expect(partialsIn('cache-at-once')).toEqual([]);
  }, 60_000);

  it('stops when the dialog closes; the export after it decodes what is missing', async () => {
    const engine = new ExportEngine();
    const ahead = request('closed', 'cache-closed');
    engine.prepareAhead({ plan: ahead.plan, sources: ahead.sources, pcmCacheDir: ahead.pcmCacheDir });
    engine.cancelAhead();
    const result = await engine.exportMix(ahead);
    // However far it got before it stopped, every source is decoded once, by one or the other.
    expect(result.decodedSources + result.cachedSources).toBe(sourceCount());
    expect(result.decodedSources).toBeGreaterThan(0);
    expect((await readFile(result.audioPath)).equals(reference)).toBe(true);
    expect(partialsIn('cache-closed')).toEqual([]);
  }, 60_000);

  it('loses only the head start when the request is not valid: the export checks its own', async () => {
    const engine = new ExportEngine();
    const ahead = request('invalid', 'cache-invalid');
    engine.prepareAhead({ plan: ahead.plan, sources: ahead.sources, pcmCacheDir: 'relative/cache' });
    const result = await engine.exportMix(ahead);
    expect(result.decodedSources).toBe(sourceCount());
    expect((await readFile(result.audioPath)).equals(reference)).toBe(true);
    await expect(
      engine.exportMix({ ...request('invalid-again', 'cache-invalid'), pcmCacheDir: 'relative/cache' }),
    ).rejects.toThrow('pcmCacheDir: must be an absolute path');
  }, 60_000);
});
