import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliLockedError, acquireCliLock, readLiveCliLock } from './cli-lock.js';

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

describe('the running timbre command, as the app sees it', () => {
  const lockPath = (): string => path.join(dir, 'timbre.lock');
  const holder = (pid: number, host = hostname()): string =>
    JSON.stringify({ pid, host, startedAt: new Date().toISOString() });

  it('names the process of a live command on this computer', async () => {
    const command = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      await writeFile(lockPath(), holder(command.pid!));
      expect(readLiveCliLock(dir)).toEqual({ pid: command.pid });
    } finally {
      command.kill();
    }
  });

  it('names none without a lock, for a process that is gone, on another computer, or for this process', async () => {
    expect(readLiveCliLock(dir)).toBeNull();
    await writeFile(lockPath(), holder(2 ** 30));
    expect(readLiveCliLock(dir)).toBeNull();
    await writeFile(lockPath(), holder(process.pid, `not-${hostname()}`));
    expect(readLiveCliLock(dir)).toBeNull();
    const own = await acquireCliLock(path.join(dir, 'own'));
    expect(readLiveCliLock(path.join(dir, 'own'))).toBeNull();
    await own.release();
  });

  it('counts a lock being written (unreadable and fresh) as a command starting, and an old unreadable one as none', async () => {
    await writeFile(lockPath(), '{"pid": 12');
    expect(readLiveCliLock(dir)).toEqual({ pid: null });
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(lockPath(), longAgo, longAgo);
    expect(readLiveCliLock(dir)).toBeNull();
  });
});
