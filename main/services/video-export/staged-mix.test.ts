import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportEngine } from '../export/index.js';
import type { ExportRequest, ExportResult } from '../export/export-types.js';
import { withStagedMix } from './staged-mix.js';

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** An engine that records the render it is asked for and writes an empty file in its place. */
function recordingEngine(requests: ExportRequest[]): ExportEngine {
  const exportMix = async (request: ExportRequest): Promise<ExportResult> => {
    requests.push(request);
    await writeFile(request.outputPath, '');
    return { audioPath: request.outputPath, subtitlePaths: [] } as unknown as ExportResult;
  };
  return { exportMix } as unknown as ExportEngine;
}

describe('withStagedMix', () => {
  it('renders the staging kind of WAV (no 4 GiB limit) into a hidden folder, removed afterwards', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'timbre-staged-mix-'));
    folders.push(folder);
    const requests: ExportRequest[] = [];
    const outputPath = path.join(folder, 'Book.m4b');
    const mixRequest = async () =>
      ({
        options: { audio: { format: 'm4b', bitrateKbps: 64 } },
      }) as unknown as Omit<ExportRequest, 'outputPath' | 'overwrite' | 'stagingWav'>;
    const job = { outputPath, renderShare: 0.5, mixRequest };
    const seen = await withStagedMix(recordingEngine(requests), job, {}, async ({ mix, staging, base }) => {
      expect(existsSync(mix.audioPath)).toBe(true);
      return { staging, base, wav: mix.audioPath };
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      stagingWav: true,
      overwrite: false,
      options: { audio: { format: 'wav', bitDepth: 16 } },
    });
    expect(seen.base).toBe('Book');
    expect(path.dirname(seen.wav)).toBe(seen.staging);
    expect(path.dirname(seen.staging)).toBe(folder);
    expect(existsSync(seen.staging)).toBe(false);
  });
});
