import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AacPartCache, aacPartCacheDir } from './aac-part-cache.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'timbre-aac-part-cache-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const hoursAgo = (hours: number): Date => new Date(Date.now() - hours * 3600_000);

describe('the cache of encoded AAC parts', () => {
  it('lives beside the decoded-audio cache in the data folder', () => {
    expect(aacPartCacheDir('/data/pcm-cache')).toBe(path.join('/data', 'aac-parts'));
  });

  it('finds a part only once its write is committed: a part a crash left half-written is never used', async () => {
    const cache = new AacPartCache(dir);
    const write = await cache.write('abc');
    await writeFile(write.temporaryPath, 'half a part');
    expect(await cache.has('abc')).toBe(false);
    await write.commit();
    expect(await cache.has('abc')).toBe(true);
    expect(await readdir(dir)).toEqual(['abc.aacpart']);
  });

  it('evicts the least recently used parts past its size, sparing recent ones, the export’s own and fresh temporary files', async () => {
    const cache = new AacPartCache(dir, 250);
    const part = async (key: string, usedHoursAgo: number): Promise<void> => {
      await writeFile(cache.pathOf(key), Buffer.alloc(100));
      await utimes(cache.pathOf(key), hoursAgo(usedHoursAgo), hoursAgo(usedHoursAgo));
    };
    await part('oldest', 5);
    await part('old-but-kept', 4);
    await part('older', 3);
    await part('recent', 0);
    const crashed = path.join(dir, 'x.aacpart.partial-1');
    const writing = path.join(dir, 'y.aacpart.partial-2');
    await writeFile(crashed, 'left by a crash');
    await utimes(crashed, hoursAgo(2), hoursAgo(2));
    await writeFile(writing, 'being written now');
    await cache.evict(new Set(['old-but-kept']));
    expect((await readdir(dir)).sort()).toEqual(
      ['old-but-kept.aacpart', 'recent.aacpart', 'y.aacpart.partial-2'].sort(),
    );
  });

  it('marks a hit as used, so a part used again is kept over older ones', async () => {
    const cache = new AacPartCache(dir, 150);
    for (const key of ['a', 'b']) {
      await writeFile(cache.pathOf(key), Buffer.alloc(100));
      await utimes(cache.pathOf(key), hoursAgo(key === 'a' ? 3 : 2), hoursAgo(key === 'a' ? 3 : 2));
    }
    expect(await cache.has('a')).toBe(true);
    await cache.evict(new Set());
    expect(await readdir(dir)).toEqual(['a.aacpart']);
  });
});
