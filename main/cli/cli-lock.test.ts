import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliLockedError, acquireCliLock } from './cli-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the command line state lock', () => {
  it('keeps a second timbre out while the first runs, and lets it in afterwards', async () => {
    const first = await acquireCliLock(dir);
    await expect(acquireCliLock(dir)).rejects.toBeInstanceOf(CliLockedError);
    await expect(acquireCliLock(dir)).rejects.toThrow(new RegExp(`process ${process.pid}.*--data`));
    await first.release();
    const second = await acquireCliLock(dir);
    await second.release();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const lockPath = path.join(dir, 'timbre.lock');
    // Process ids are at most 2^22 on Linux; this one cannot be running.
    await writeFile(lockPath, JSON.stringify({ pid: 2 ** 30, host: hostname(), startedAt: '2024-01-01' }));
    const lock = await acquireCliLock(dir);
    expect(JSON.parse(await readFile(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('treats an unreadable lock as held while it is fresh (its owner may be writing it)', async () => {
    await writeFile(path.join(dir, 'timbre.lock'), '');
    await expect(acquireCliLock(dir)).rejects.toBeInstanceOf(CliLockedError);
  });
});
