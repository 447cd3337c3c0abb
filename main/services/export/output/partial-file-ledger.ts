import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { writeJsonAtomic } from '../../storage/atomic-file.js';
import { isProcessAlive } from '../../storage/process-alive.js';
import { PROCESS_INSTANCE } from '../../storage/process-instance.js';
import { asUserFileError } from '../../storage/user-file.js';
import { isStagingName } from './staged-file.js';

/**
 * Which hidden `.NAME.<hex>.partial` files (and staging folders) in the user's export folders are the app's own.
 * An export writes its files under such names and renames them when complete; a process killed mid-export leaves
 * them behind, in folders the user chose, next to files that are not the app's. So before an export creates any,
 * their paths are recorded here (one small file per export, written atomically and synced, in the data folder),
 * and the record is dropped when the export has renamed or deleted them all. At the next start, sweep() deletes
 * what a record lists, and only that: a path that still exists, still has a staging name, and is a regular file
 * (or a staging folder holding only regular files). A record whose process is still running (the CLI exporting
 * while the app starts, a second instance) is left alone, so a live export is never disrupted; a record on
 * another machine (a shared data folder) cannot be checked and is left alone too.
 *
 * A record names its process by pid and by this process's instance id (PROCESS_INSTANCE): in a container or a
 * Flatpak the app often gets the same pid at every launch, so a record of a killed earlier run carries the pid this
 * process has now. Such a record is stale: this process's own records carry its instance id, and only those are
 * live. That is what lets the sweep run in the background while this process already exports.
 */
export class PartialFileLedger {
  constructor(readonly directory: string) {}

  /** Records `paths` before `work` creates them, and drops the record once none of them is left. */
  async track<T>(paths: readonly string[], work: () => Promise<T>): Promise<T> {
    const recordPath = await this.record(paths);
    try {
      return await work();
    } finally {
      await this.release(recordPath, paths);
    }
  }

  /**
   * Deletes the partial files that exports of processes no longer running left behind (see the class comment).
   * Records are swept one at a time, each on its own: one that fails is reported in `failed` and tried again at
   * the next start, the others are still swept. One at a time on purpose: a recorded path on an unreachable network
   * share can block its file call for ever, and each such call holds one of the few threads all of Node's file
   * I/O shares, so the sweep never has more than one call out.
   */
  async sweep(): Promise<LeftoverSweep> {
    const result: LeftoverSweep = { removed: [], bytes: 0, kept: [], failed: [] };
    const names = await fs.readdir(this.directory).catch(() => [] as string[]);
    for (const name of names) {
      try {
        await this.sweepRecord(name, result);
      } catch (error) {
        result.failed.push({ record: path.join(this.directory, name), error });
      }
    }
    return result;
  }

  private async sweepRecord(name: string, result: LeftoverSweep): Promise<void> {
    const recordPath = path.join(this.directory, name);
    if (!RECORD_NAME.test(name)) {
      // A record cut short by a crash while it was written (writeJsonAtomic's temp file) recorded nothing.
      if (name.startsWith('.') && name.endsWith('.tmp')) await removeIfQuiet(recordPath);
      return;
    }
    const record = await readRecord(recordPath);
    if (record === undefined) {
      await removeIfQuiet(recordPath);
      return;
    }
    if (isRecordLive(record)) return;
    for (const partialPath of record.paths) await removeLeftover(partialPath, result);
    await fs.rm(recordPath, { force: true });
  }

  private async record(paths: readonly string[]): Promise<string> {
    const recordPath = path.join(this.directory, `${process.pid}-${randomBytes(6).toString('hex')}.json`);
    const record: LedgerRecord = {
      pid: process.pid,
      instance: PROCESS_INSTANCE,
      host: hostname(),
      startedAt: new Date().toISOString(),
      paths: [...paths],
    };
    try {
      await writeJsonAtomic(recordPath, record);
    } catch (error) {
      throw asUserFileError(error, this.directory, 'write');
    }
    return recordPath;
  }

  /**
   * Drops the record when its paths are all gone (renamed into place or deleted). One still there (a cleanup that
   * failed) keeps the record, so the next start removes it; the names are random and never made again.
   */
  private async release(recordPath: string, paths: readonly string[]): Promise<void> {
    const left = await Promise.all(paths.map((partialPath) => exists(partialPath)));
    if (left.some(Boolean)) return;
    await fs.rm(recordPath, { force: true }).catch(() => undefined);
  }
}

/** What a sweep did: the partial files and folders it deleted (and their bytes), and those it left alone. */
export interface LeftoverSweep {
  removed: string[];
  bytes: number;
  /** Listed paths that were not deleted because they are no longer what the export made (see removeLeftover). */
  kept: string[];
  /** Records that could not be swept now (a file call failed); they are tried again at the next start. */
  failed: { record: string; error: unknown }[];
}

/**
 * Whether the export that wrote `record` may still be running. A record with this process's pid is one of its own
 * only if it carries its instance id; otherwise an earlier process that had the same pid (a container, a Flatpak)
 * wrote it and was killed.
 */
function isRecordLive(record: LedgerRecord): boolean {
  if (record.host === hostname() && record.pid === process.pid) return record.instance === PROCESS_INSTANCE;
  return isProcessAlive(record.pid, record.host);
}

const recordSchema = z.object({
  pid: z.number().int(),
  /** Absent in records written before instance ids (such a record with this process's pid is stale). */
  instance: z.string().optional(),
  host: z.string(),
  startedAt: z.string(),
  paths: z.array(z.string()),
});
type LedgerRecord = z.infer<typeof recordSchema>;

const RECORD_NAME = /^\d+-[0-9a-f]{12}\.json$/u;

// A record or temp file unreadable for less than this may be one being written right now by another process.
const QUIET_MS = 60_000;

async function readRecord(recordPath: string): Promise<LedgerRecord | undefined> {
  try {
    const parsed = recordSchema.safeParse(JSON.parse(await fs.readFile(recordPath, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function removeIfQuiet(filePath: string): Promise<void> {
  const stats = await fs.lstat(filePath).catch(() => undefined);
  if (stats?.isFile() && Date.now() - stats.mtimeMs >= QUIET_MS) await fs.rm(filePath, { force: true });
}

/** Deletes a recorded path only if it still looks like what an export made there. */
async function removeLeftover(partialPath: string, result: LeftoverSweep): Promise<void> {
  if (!path.isAbsolute(partialPath) || !isStagingName(path.basename(partialPath))) {
    result.kept.push(partialPath);
    return;
  }
  // lstat: a link put in its place is not followed, and is not the export's.
  const stats = await fs.lstat(partialPath).catch(() => undefined);
  if (stats === undefined) return;
  if (stats.isFile()) {
    await fs.rm(partialPath, { force: true });
    result.removed.push(partialPath);
    result.bytes += stats.size;
    return;
  }
  const bytes = stats.isDirectory() ? await stagingFolderBytes(partialPath) : undefined;
  if (bytes === undefined) {
    result.kept.push(partialPath);
    return;
  }
  await fs.rm(partialPath, { recursive: true, force: true });
  result.removed.push(partialPath);
  result.bytes += bytes;
}

/**
 * The bytes in a staging folder (per-block and per-chapter exports write into one), or undefined when it holds
 * anything but regular files: an export only writes files there, so a folder or a link inside is not its own.
 */
async function stagingFolderBytes(folder: string): Promise<number | undefined> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => undefined);
  if (entries === undefined) return undefined;
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile()) return undefined;
    const stats = await fs.lstat(path.join(folder, entry.name)).catch(() => undefined);
    bytes += stats?.size ?? 0;
  }
  return bytes;
}

async function exists(filePath: string): Promise<boolean> {
  return (await fs.lstat(filePath).catch(() => undefined)) !== undefined;
}
