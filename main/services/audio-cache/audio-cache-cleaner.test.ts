import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { createProject, createTextBlock } from '../../../common/project/index.js';
import { AudioCacheCleaner } from './audio-cache-cleaner.js';

const key = (digit: string): string => digit.repeat(64);
const HOUR = 60 * 60_000;

let root: string;
let folder: string;

async function entry(cacheKey: string, bytes: number, ageMs: number): Promise<void> {
  const sidecar = path.join(folder, `${cacheKey}.json`);
  const audio = path.join(folder, `${cacheKey}.mp3`);
  await writeFile(audio, Buffer.alloc(bytes, 1));
  await writeFile(sidecar, JSON.stringify({ remoteUrl: `https://cdn.example/${cacheKey}.mp3` }));
  const when = new Date(Date.now() - ageMs);
  await utimes(audio, when, when);
  await utimes(sidecar, when, when);
}

function projectUsing(keys: { take?: string; audio?: string }): Project {
  const base = createProject({ title: 'Uses' });
  const block = createTextBlock({ text: 'Hello.' });
  const withAudio = {
    ...block,
    ...(keys.audio
      ? {
          generation: {
            kind: 'generated' as const,
            contentHash: 'x',
            audio: { cacheKey: keys.audio, durationMs: 1, generatedAt: '2026-01-01T00:00:00.000Z' },
          },
        }
      : {}),
    ...(keys.take
      ? {
          takes: [
            { cacheKey: keys.take, contentHash: 'x', durationMs: 1, generatedAt: '2026-01-01T00:00:00.000Z' },
          ],
        }
      : {}),
  };
  return { ...base, tracks: { ...base.tracks, speech: { blocks: [withAudio] } } };
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'timbre-cleaner-'));
  folder = path.join(root, '0123456789abcdef');
  await mkdir(folder, { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('AudioCacheCleaner', () => {
  it('counts the cache, and removes only old takes no project uses, with their downloaded copies', async () => {
    await entry(key('a'), 1_000, 2 * HOUR); // a project's take
    await entry(key('b'), 2_000, 2 * HOUR); // a project's block audio
    await entry(key('c'), 4_000, 2 * HOUR); // unused
    await entry(key('d'), 8_000, 10 * 60_000); // unused but recent: kept
    const dropped: string[] = [];
    const cleaner = new AudioCacheCleaner({
      audio: { directory: root },
      media: {
        dropFile: (url) => {
          dropped.push(url);
          return Promise.resolve(4_000);
        },
      },
      projects: () => Promise.resolve([projectUsing({ take: key('a') }), projectUsing({ audio: key('b') })]),
    });
    expect(await cleaner.usage()).toEqual({
      entries: 4,
      bytes: 15_000,
      unusedEntries: 1,
      unusedBytes: 4_000,
    });
    expect(await cleaner.removeUnused()).toEqual({ removedEntries: 1, freedBytes: 4_000 });
    expect((await readdir(folder)).sort()).toEqual(
      [key('a'), key('b'), key('d')].flatMap((kept) => [`${kept}.json`, `${kept}.mp3`]).sort(),
    );
    expect(dropped).toEqual([`https://cdn.example/${key('c')}.mp3`]);
    expect((await cleaner.usage()).unusedEntries).toBe(0);
  });

  it('answers an empty cache without failing', async () => {
    const cleaner = new AudioCacheCleaner({
      audio: { directory: path.join(root, 'missing') },
      media: { dropFile: () => Promise.resolve(0) },
      projects: () => Promise.resolve([]),
    });
    expect(await cleaner.usage()).toEqual({ entries: 0, bytes: 0, unusedEntries: 0, unusedBytes: 0 });
  });
});
