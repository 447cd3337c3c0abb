import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { formatBytes } from '../../../common/text/index.js';

/**
 * Reading a file the user named (a project to open, a script to import, a cover, a voice sample, a CLI argument):
 * it may be anything at all. A named pipe would block the open (and then every other file operation of the
 * process, as libuv's few threads wait on it), a device like /dev/zero never ends, a folder is not a file, and a
 * huge file would fill memory. So: open without blocking, check on the open handle that it is a regular file (a
 * check of the path before opening could be raced), and read with the cap enforced while reading, not only from
 * the size the file claimed when it was opened.
 */

/** Why a user's file could not be read or written, as a sentence that names the file and says what to do. */
export class UserFileError extends Error {
  constructor(
    readonly filePath: string,
    readonly reason: UserFileProblem,
    message: string,
    /** The system's own error, kept for a log and never shown: its text is Node's, and names the full path. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'UserFileError';
  }
}

export type UserFileProblem =
  | 'not-found'
  | 'folder'
  | 'not-a-file'
  | 'too-large'
  | 'no-permission'
  | 'path-not-folder'
  | 'disk-full'
  | 'read-only'
  /** It changed while it was being read (an upload that was measured first, then streamed). */
  | 'changed'
  | 'other';

export interface UserFileLimit {
  /** The most bytes the file may hold; more is refused with a message that states this limit. */
  maxBytes: number;
  /** What the file is for, in words that finish "… may be at most 20 MB": "a script to import", "a cover image". */
  what: string;
  /**
   * How the file is named in these messages when the last part of its path is not the name the user knows it by
   * (an upload staged under an id): "The chosen file". By default, that last part in quotes.
   */
  name?: string;
}

// Windows has no O_NONBLOCK (and no named pipes in the file system); 0 keeps the plain open there.
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;
const READ_FLAGS = constants.O_RDONLY | NON_BLOCKING;
const CHUNK_BYTES = 1024 * 1024;

/** The whole of a user's file, refused with a UserFileError if it is not a regular file or exceeds the limit. */
export async function readUserFile(filePath: string, limit: UserFileLimit): Promise<Buffer> {
  const handle = await openUserFile(filePath, limit);
  try {
    const stats = await handle.stat();
    const chunks: Buffer[] = [];
    let total = 0;
    // Read past the size it claimed (it may be growing) but never past the limit: one byte more is enough to know.
    const initial = Math.min(Math.max(stats.size, 1), limit.maxBytes + 1);
    let buffer = Buffer.allocUnsafe(Math.min(initial, CHUNK_BYTES * 16));
    for (;;) {
      const room = Math.min(buffer.length, limit.maxBytes + 1 - total);
      const { bytesRead } = await handle.read(buffer, 0, room, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (total > limit.maxBytes) throw tooLarge(filePath, limit, undefined);
      if (bytesRead === buffer.length) buffer = Buffer.allocUnsafe(CHUNK_BYTES);
      else buffer = buffer.subarray(bytesRead);
    }
    return chunks.length === 1 ? (chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(chunks, total);
  } catch (error) {
    throw asUserFileError(error, filePath, 'read');
  } finally {
    await handle.close();
  }
}

/** The same check and read, synchronously, for a worker thread that reads a small file once (a cover image). */
export function readUserFileSync(filePath: string, limit: UserFileLimit): Buffer {
  let fd: number;
  try {
    fd = openSync(filePath, READ_FLAGS);
  } catch (error) {
    throw openError(error, filePath, limit);
  }
  try {
    checkRegular(fstatSync(fd), filePath, limit);
    const chunks: Buffer[] = [];
    let total = 0;
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const bytesRead = readSync(fd, buffer, 0, Math.min(buffer.length, limit.maxBytes + 1 - total), null);
      if (bytesRead === 0) break;
      chunks.push(Buffer.from(buffer.subarray(0, bytesRead)));
      total += bytesRead;
      if (total > limit.maxBytes) throw tooLarge(filePath, limit, undefined);
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    throw asUserFileError(error, filePath, 'read');
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens a user's file for reading once it is known to be a regular file within the limit (by the open handle's
 * own stat). For callers that stream it: they must still stop at `limit.maxBytes` while reading.
 */
export async function openUserFile(filePath: string, limit: UserFileLimit): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(filePath, READ_FLAGS);
  } catch (error) {
    throw openError(error, filePath, limit);
  }
  try {
    checkRegular(await handle.stat(), filePath, limit);
    return handle;
  } catch (error) {
    await handle.close();
    throw asUserFileError(error, filePath, 'read');
  }
}

function checkRegular(stats: Stats, filePath: string, limit: UserFileLimit): void {
  if (stats.isDirectory()) {
    throw new UserFileError(
      filePath,
      'folder',
      `${nameOf(filePath, limit)} is a folder, not a file. Choose a file inside it.`,
    );
  }
  if (!stats.isFile()) throw notAFile(filePath, limit, kindOf(stats));
  if (stats.size > limit.maxBytes) throw tooLarge(filePath, limit, stats.size);
}

/**
 * Some things that are not files fail at the open itself rather than at the check of the handle: a UNIX socket
 * (ENXIO), a device with no driver (ENODEV), a special file that cannot be opened so (EOPNOTSUPP), a file
 * locked against non-blocking opens (EAGAIN). Those are refused as any other thing that is not a file.
 */
function openError(error: unknown, filePath: string, limit: UserFileLimit): UserFileError {
  if (!isNotAFileCode(errorCode(error))) return asUserFileError(error, filePath, 'read');
  let kind = 'not a regular file';
  try {
    // The path's own stat does not open it, so it cannot block; it only makes the sentence more precise.
    kind = kindOf(statSync(filePath));
  } catch {
    // Gone or unreachable since the open: the plain wording will do.
  }
  return notAFile(filePath, limit, kind, error);
}

function notAFile(filePath: string, limit: UserFileLimit, kind: string, cause?: unknown): UserFileError {
  return new UserFileError(
    filePath,
    'not-a-file',
    `${nameOf(filePath, limit)} is not an ordinary file (it is ${kind}), so it cannot be read as ${limit.what}. Choose a file saved on disk.`,
    cause,
  );
}

const NOT_A_FILE_CODES: ReadonlySet<unknown> = new Set([
  'ENXIO',
  'ENODEV',
  'EOPNOTSUPP',
  'EAGAIN',
  'EWOULDBLOCK',
]);

function isNotAFileCode(code: unknown): boolean {
  return NOT_A_FILE_CODES.has(code);
}

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

function nameOf(filePath: string, limit: UserFileLimit): string {
  return limit.name ?? `“${path.basename(filePath)}”`;
}

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

function tooLarge(filePath: string, limit: UserFileLimit, size: number | undefined): UserFileError {
  const sizeText = size === undefined ? `larger than ${formatBytes(limit.maxBytes)}` : formatBytes(size);
  return new UserFileError(
    filePath,
    'too-large',
    `${nameOf(filePath, limit)} is ${sizeText}; ${limit.what} may be at most ${formatBytes(limit.maxBytes)}.`,
  );
}

/**
 * Any error of reading or writing a user's file as a UserFileError whose message is a sentence naming the file,
 * the cause and what to do, never Node's "ENOSPC: no space left on device, write".
 */
export function asUserFileError(error: unknown, filePath: string, action: 'read' | 'write'): UserFileError {
  if (error instanceof UserFileError) return error;
  const name = `“${path.basename(filePath)}”`;
  const code = errorCode(error);
  if (isNotAFileCode(code)) {
    return new UserFileError(
      filePath,
      'not-a-file',
      `${name} is not an ordinary file, so it cannot be ${action === 'read' ? 'read' : 'written'}. Choose a file saved on disk.`,
      error,
    );
  }
  switch (code) {
    case 'ENOENT':
      return action === 'read'
        ? new UserFileError(
            filePath,
            'not-found',
            `${name} does not exist: it may have been moved, renamed or deleted.`,
          )
        : new UserFileError(
            filePath,
            'not-found',
            `${name} cannot be written: its folder ${path.dirname(filePath)} does not exist.`,
          );
    case 'EISDIR':
      return new UserFileError(
        filePath,
        'folder',
        `${name} is a folder, not a file. Choose a file inside it.`,
      );
    case 'ENOTDIR':
      return new UserFileError(
        filePath,
        'path-not-folder',
        `${filePath} cannot be reached: a part of that path is a file, not a folder. Check the path.`,
      );
    case 'EACCES':
    case 'EPERM':
      return new UserFileError(
        filePath,
        'no-permission',
        `You do not have permission to ${action} ${name}. Check the file's permissions, or choose another place.`,
      );
    case 'ENOSPC':
    case 'EDQUOT':
      return new UserFileError(
        filePath,
        'disk-full',
        `The disk holding ${name} is full, so it could not be ${action === 'read' ? 'read' : 'written'}. Free some space and try again.`,
      );
    case 'EROFS':
      return new UserFileError(
        filePath,
        'read-only',
        `${name} cannot be written: its disk is read-only. Choose a folder on another disk.`,
      );
    case 'ELOOP':
      return new UserFileError(
        filePath,
        'other',
        `${name} is a link that points back to itself, so it cannot be ${action === 'read' ? 'read' : 'written'}.`,
      );
    case 'ENAMETOOLONG':
      return new UserFileError(
        filePath,
        'other',
        `The path of ${name} is too long for this system. Choose a shorter one.`,
      );
    case 'EMFILE':
    case 'ENFILE':
      return new UserFileError(
        filePath,
        'other',
        `Too many files are open to ${action} ${name} now. Close some other programs and try again.`,
      );
    case 'EIO':
      return new UserFileError(
        filePath,
        'other',
        `The disk reported an error while ${action === 'read' ? 'reading' : 'writing'} ${name}. Check the disk, or copy the file somewhere else.`,
      );
    default:
      // Node's own text ("ENXIO: no such device or address, open '/full/path'") means nothing to the user and
      // repeats the full path; it stays on the error as its cause, for a log.
      return action === 'read'
        ? new UserFileError(
            filePath,
            'other',
            `${name} could not be read. Check that it is a file on a disk you can open, or choose another file.`,
            error,
          )
        : new UserFileError(
            filePath,
            'other',
            `${name} could not be written. Check that its folder is on a disk you can write to, or choose another place.`,
            error,
          );
  }
}
