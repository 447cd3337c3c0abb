import { readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../services/storage/process-alive.js';

/** Another `timbre` holds the data folder's command-line state. */
export class CliLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `Another timbre command${pid > 0 ? ` (process ${pid})` : ''} is using this data folder. Wait for it to finish, or pass another --data folder. If no such process is running, delete ${lockPath}.`,
    );
    this.name = 'CliLockedError';
  }
}

const FRESH_LOCK_MS = 10_000;

export interface CliLock {
  release(): Promise<void>;
}

interface LockContent {
  pid: number;
  host: string;
  startedAt: string;
}

/**
 * One `timbre` at a time per data folder: its job file and media index (under `<data>/cli/`) are each written
 * whole by their owner, so two owners would overwrite each other's entries. The lock is a file created
 * exclusively; one left by a process that is gone (a crash, a kill) is taken over.
 */
export async function acquireCliLock(stateDir: string): Promise<CliLock> {
  await mkdir(stateDir, { recursive: true });
  const lockPath = path.join(stateDir, 'timbre.lock');
  const mine: LockContent = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockPath, text, { flag: 'wx', mode: 0o600 });
      return {
        release: async () => {
          const current = await readFile(lockPath, 'utf8').catch(() => undefined);
          if (current === text) await rm(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
    const holder = parseHolder(await readFile(lockPath, 'utf8').catch(() => ''));
    if (holder ? isAlive(holder) : isFresh(await stat(lockPath).catch(() => undefined)))
      throw new CliLockedError(lockPath, holder?.pid ?? -1);
    await rm(lockPath, { force: true });
  }
  throw new CliLockedError(lockPath, -1);
}

function parseHolder(text: string): LockContent | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return undefined;
    return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt) };
  } catch {
    // A lock file cut short (a crash while writing it) holds nothing.
    return undefined;
  }
}

/** An unreadable lock may be one being written this instant by a timbre that just started. */
function isFresh(stats: { mtimeMs: number } | undefined): boolean {
  return stats !== undefined && Date.now() - stats.mtimeMs < FRESH_LOCK_MS;
}

/**
 * The `timbre` command running on this computer from the data folder's `<data>/cli/` now, if any: its process
 * id, or null while its lock is still being written. For the app, which cannot replace itself under a running
 * command (Windows' installer ends every copy of the binary, which `timbre` runs). A lock left by a process that
 * is gone, or held by this process, names none; one held on another machine (a shared data folder) names none
 * either, since that command runs another computer's copy of the app. Synchronous: the lock is a tiny local file.
 */
export function readLiveCliLock(stateDir: string): { pid: number | null } | null {
  const lockPath = path.join(stateDir, 'timbre.lock');
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch {
    return null;
  }
  const holder = parseHolder(text);
  if (!holder) return isFresh(statSync(lockPath, { throwIfNoEntry: false })) ? { pid: null } : null;
  if (holder.host !== hostname() || holder.pid === process.pid || !isAlive(holder)) return null;
  return { pid: holder.pid };
}

/** A holder on another machine (a shared data folder) cannot be checked, so it is taken to be alive. */
function isAlive(holder: LockContent): boolean {
  return isProcessAlive(holder.pid, holder.host);
}
