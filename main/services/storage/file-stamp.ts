import type { BigIntStats } from 'node:fs';
import { promises as fs } from 'node:fs';
import { isNotFound } from './atomic-file.js';

/**
 * One state of a file on disk: its inode, size, and modification and change times to the nanosecond. Any write
 * or rename moves the change time, and no tool can set it back (restoring a file's modification time, as copy
 * and sync tools do, still moves it), so a file that keeps its stamp still holds the bytes it was read with.
 */
export type FileStamp = string;

function stampOf(stats: BigIntStats): FileStamp {
  return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

async function bigStatsIfExists(filePath: string): Promise<BigIntStats | undefined> {
  try {
    return await fs.stat(filePath, { bigint: true });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export async function fileStampIfExists(filePath: string): Promise<FileStamp | undefined> {
  const stats = await bigStatsIfExists(filePath);
  return stats === undefined ? undefined : stampOf(stats);
}

/**
 * The file's bytes (as `read` gives them, undefined when the file does not exist) and the stamp they belong to:
 * taken before and after the read, and left out when the two differ (the file changed while it was read).
 */
export async function readStampedIfExists(
  filePath: string,
  read: (filePath: string) => Promise<Buffer | undefined>,
): Promise<{ bytes: Buffer; stamp: FileStamp | undefined } | undefined> {
  const before = await fileStampIfExists(filePath);
  if (before === undefined) return undefined;
  const bytes = await read(filePath);
  if (bytes === undefined) return undefined;
  const after = await fileStampIfExists(filePath);
  return { bytes, stamp: after === before ? before : undefined };
}

/**
 * The stamp of a file just written with `bytes` (an atomic rename), when it still has their length: what the
 * next read or save compares with instead of reading the file again.
 */
export async function stampOfWritten(filePath: string, bytes: Uint8Array): Promise<FileStamp | undefined> {
  const stats = await bigStatsIfExists(filePath);
  return stats !== undefined && stats.size === BigInt(bytes.length) ? stampOf(stats) : undefined;
}
