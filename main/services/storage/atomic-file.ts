import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, promises as fs } from 'node:fs';
import path from 'node:path';

export interface AtomicWriteOptions {
  /**
   * False for files that are a convenience, not the user's work (which projects were opened last): the temp file
   * and the folder are not flushed to disk. A crash of the app still leaves the old content or the new one; a power
   * cut may leave the file empty, which its reader takes as nothing recorded. The two flushes cost 3–30 ms here.
   */
  durable?: boolean;
}

/**
 * Writes a file so that a crash at any moment leaves either the old content or the new one, never a mix:
 * write a temp file in the same folder, fsync it, rename it over the target, then fsync the folder so the
 * rename itself survives a power cut.
 */
export async function writeFileAtomic(
  filePath: string,
  data: string | Uint8Array,
  { durable = true }: AtomicWriteOptions = {},
): Promise<void> {
  const dir = path.dirname(filePath);
  await fs.mkdir(dir, { recursive: true });
  const tempPath = tempPathBeside(filePath);
  const handle = await fs.open(tempPath, 'w', 0o600);
  try {
    await handle.writeFile(data);
    if (durable) await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(tempPath, filePath);
  } catch (error) {
    await fs.rm(tempPath, { force: true });
    throw error;
  }
  if (durable) await syncDirectory(dir);
}

/** A fresh temp file name beside `filePath`: hidden, and ending in `.tmp`, so orphans are known as such. */
export function tempPathBeside(filePath: string): string {
  const name = `.${path.basename(filePath)}.${randomBytes(6).toString('hex')}.tmp`;
  return path.join(path.dirname(filePath), name);
}

/** JSON flavour of writeFileAtomic, pretty-printed so users can diff their files. */
export async function writeJsonAtomic(
  filePath: string,
  value: unknown,
  options: AtomicWriteOptions = {},
): Promise<void> {
  await writeFileAtomic(filePath, `${JSON.stringify(value, null, 2)}\n`, options);
}

/** Reads a file, returning undefined when it does not exist (any other error is thrown). */
export async function readFileIfExists(filePath: string): Promise<string | undefined> {
  // Decoded in one go: readFile's own 'utf8' decodes chunk by chunk, ~5× slower on a 7 MB project file.
  return (await readBytesIfExists(filePath))?.toString('utf8');
}

/** A file's bytes, or undefined when it does not exist (any other error is thrown). */
async function readBytesIfExists(filePath: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(filePath);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
}

/**
 * Flushes a folder's entries to disk so a rename or a new file in it survives a power cut. Every writer that
 * publishes by renaming uses this (or syncDirectorySync) so the Windows rule below is written once.
 */
export async function syncDirectory(dir: string): Promise<void> {
  if (!canSyncDirectory()) return;
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** syncDirectory for the export worker, whose writers are synchronous. */
export function syncDirectorySync(dir: string): void {
  if (!canSyncDirectory()) return;
  const descriptor = openSync(dir, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** Windows cannot open a directory for fsync; the rename is already durable enough there. */
function canSyncDirectory(): boolean {
  return process.platform !== 'win32';
}
