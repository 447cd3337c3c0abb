import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RenderClip } from '../../../../common/export/render-plan.js';
import type { CachedSource } from '../decode/pcm-cache.js';
import { PcmCache } from '../decode/pcm-cache.js';
import { addStretchedSources } from './stretched-source.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-stretched-source-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe('addStretchedSources', () => {
  it('closes the decoded take it was reading when the stretched copy cannot be created, and leaves no file', async () => {
    const frames = 4410;
    const pcmPath = path.join(dir, 'take.f32');
    await writeFile(pcmPath, new Uint8Array(new Float32Array(frames).buffer));
    const source: CachedSource = {
      version: 2,
      sourceKey: 'take',
      sampleRate: 44_100,
      channels: 1,
      frames,
      sourceSampleRate: 44_100,
      sourceFormat: 'wav',
      silences: [],
      pcmPath,
    } as CachedSource;
    const clip = { id: 'line', sourceKey: 'take', stretch: 1.1 } as RenderClip;
    const cacheDir = path.join(dir, 'pcm');
    const opened: FileHandle[] = [];
    const realOpen = fs.open.bind(fs);
    vi.spyOn(fs, 'open').mockImplementation(async (file, flags) => {
      if (flags === 'w') throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      const handle = await realOpen(file, flags);
      opened.push(handle);
      return handle;
    });
    const sources = new Map([['take', source]]);
    await expect(addStretchedSources([clip], new PcmCache(cacheDir), sources, () => false)).rejects.toThrow(
      /You do not have permission to write/u,
    );
    expect(opened).toHaveLength(1);
    // A closed handle has no descriptor left (fd -1): the take's file is not held open.
    expect(opened[0]!.fd).toBe(-1);
    expect(await readdir(cacheDir)).toEqual([]);
  });
});
