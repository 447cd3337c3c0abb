import { createWriteStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { asUserFileError, openUserFile } from '../../storage/user-file.js';

/** What the shared reader checks a zipped delivery against: a regular file, of any size. */
const DELIVERY_ZIP = { maxBytes: Number.MAX_SAFE_INTEGER, what: 'a zipped delivery' };
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** A delivery lists files by the hundred at most: a directory over this is no delivery the app wrote. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  compressedBytes: number;
  localHeaderOffset: number;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The zip's directory: where it is (ZIP64 too, as yazl writes past 4 GiB) and every entry it lists. */
async function readDirectory(handle: FileHandle, size: number, name: string): Promise<ZipEntry[]> {
  const tailStart = Math.max(0, size - 65_557);
  const tail = await readAt(handle, tailStart, size - tailStart);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error(`“${name}” is not a zip: its directory was not found`);
  let directoryBytes = tail.readUInt32LE(end + 12);
  let directoryOffset = tail.readUInt32LE(end + 16);
  if (directoryOffset === 0xffffffff && end >= 20 && tail.readUInt32LE(end - 20) === ZIP64_LOCATOR) {
    const zip64End = await readAt(handle, Number(tail.readBigUInt64LE(end - 20 + 8)), 56);
    directoryBytes = Number(zip64End.readBigUInt64LE(40));
    directoryOffset = Number(zip64End.readBigUInt64LE(48));
  }
  if (directoryBytes > MAX_DIRECTORY_BYTES) throw new Error(`“${name}” lists more than a delivery holds`);
  const directory = await readAt(handle, directoryOffset, directoryBytes);
  const entries: ZipEntry[] = [];
  for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === DIRECTORY_ENTRY;) {
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      compressedBytes: directory.readUInt32LE(at + 20),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    };
    const uncompressed = directory.readUInt32LE(at + 24);
    readZip64Sizes(
      directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength),
      entry,
      uncompressed,
    );
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A ZIP64 extra field holds, in order, the sizes and offset whose 32-bit fields read 0xFFFFFFFF. */
function readZip64Sizes(extra: Buffer, entry: ZipEntry, uncompressed: number): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (uncompressed === 0xffffffff) next();
      if (entry.compressedBytes === 0xffffffff) entry.compressedBytes = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
    }
    at += 4 + length;
  }
}

/**
 * Unpacks the entries of a zipped delivery that `wanted` picks into `folder`, one at a time and streamed (stored
 * entries copied, deflated ones inflated), so a zip of chapter files is measured as the folder would be. Only an
 * entry's own name is used (no folders inside the zip, no `..`); a second entry of one name is skipped. The zip is
 * read through the shared reader (a regular file checked on its handle). Returns the unpacked files' paths.
 */
export async function unpackZipDelivery(
  zipPath: string,
  folder: string,
  wanted: (name: string) => boolean,
): Promise<string[]> {
  const handle = await openUserFile(zipPath, DELIVERY_ZIP);
  try {
    const { size } = await handle.stat();
    const entries = await readDirectory(handle, size, path.basename(zipPath));
    const written = new Set<string>();
    for (const entry of entries) {
      const name = path.posix.basename(entry.name.replaceAll('\\', '/'));
      if (name === '' || name.startsWith('.') || !wanted(name) || written.has(name)) continue;
      if (entry.method !== 0 && entry.method !== 8) {
        throw new Error(
          `“${name}” in “${path.basename(zipPath)}” is compressed in a way the check cannot read`,
        );
      }
      const local = await readAt(handle, entry.localHeaderOffset, 30);
      if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_HEADER) {
        throw new Error(`“${path.basename(zipPath)}” is damaged: “${name}” is not where its directory says`);
      }
      const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      const target = path.join(folder, name);
      const unpack: Transform = entry.method === 8 ? createInflateRaw() : new PassThrough();
      const source = handle.createReadStream({
        start,
        end: start + entry.compressedBytes - 1,
        autoClose: false,
      });
      await pipeline(entry.compressedBytes === 0 ? [] : source, unpack, createWriteStream(target));
      written.add(name);
    }
    return [...written].map((name) => path.join(folder, name));
  } catch (error) {
    if (error instanceof Error && !('code' in error)) throw error;
    throw asUserFileError(error, zipPath, 'read');
  } finally {
    await handle.close();
  }
}
