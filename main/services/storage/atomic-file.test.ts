import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  readFileIfExists,
  syncDirectory,
  syncDirectorySync,
  writeFileAtomic,
  writeJsonAtomic,
} from './atomic-file.js';

describe('atomic file writes', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'timbre-atomic-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates missing folders and leaves no temp files behind', async () => {
    const target = path.join(dir, 'a', 'b', 'settings.json');
    await writeJsonAtomic(target, { hello: 'world' });
    expect(JSON.parse(await readFile(target, 'utf8'))).toEqual({ hello: 'world' });
    expect(await readdir(path.dirname(target))).toEqual(['settings.json']);
  });

  it('replaces existing content whole', async () => {
    const target = path.join(dir, 'file.txt');
    await writeFileAtomic(target, 'first version, longer than the second');
    await writeFileAtomic(target, 'second');
    expect(await readFile(target, 'utf8')).toBe('second');
  });

  it('survives concurrent writers: the file always holds one complete version', async () => {
    const target = path.join(dir, 'race.json');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => writeJsonAtomic(target, { i, pad: 'x'.repeat(i * 100) })),
    );
    const parsed = JSON.parse(await readFile(target, 'utf8')) as { i: number; pad: string };
    expect(parsed.pad).toHaveLength(parsed.i * 100);
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('flushes the file and its folder to disk, unless told the file is not durable', async () => {
    const probe = await open(path.join(dir, 'probe'), 'w');
    const sync = vi.spyOn(Object.getPrototypeOf(probe) as { sync(): Promise<void> }, 'sync');
    await probe.close();
    try {
      await writeJsonAtomic(path.join(dir, 'settings.json'), { kept: true });
      expect(sync).toHaveBeenCalledTimes(process.platform === 'win32' ? 1 : 2);
      sync.mockClear();
      await writeJsonAtomic(path.join(dir, 'recent.json'), { recent: ['a'] }, { durable: false });
      expect(sync).not.toHaveBeenCalled();
      expect(JSON.parse(await readFile(path.join(dir, 'recent.json'), 'utf8'))).toEqual({ recent: ['a'] });
      expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      sync.mockRestore();
    }
  });

  it('reads a missing file as undefined', async () => {
    expect(await readFileIfExists(path.join(dir, 'nope.json'))).toBeUndefined();
  });

  it('syncs a folder by opening it, in both the async and the synchronous form (a no-op on Windows)', async () => {
    await expect(syncDirectory(dir)).resolves.toBeUndefined();
    expect(() => syncDirectorySync(dir)).not.toThrow();
    const missing = path.join(dir, 'missing');
    if (process.platform === 'win32') {
      await expect(syncDirectory(missing)).resolves.toBeUndefined();
      expect(() => syncDirectorySync(missing)).not.toThrow();
    } else {
      await expect(syncDirectory(missing)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(() => syncDirectorySync(missing)).toThrow(expect.objectContaining({ code: 'ENOENT' }));
    }
  });
});
