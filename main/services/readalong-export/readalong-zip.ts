import { createWriteStream, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { writingTo, writingToAsync } from '../export/output/writing-to.js';

/** A file of the package: text or bytes made here (the cover), or a file already written into the staging folder. */
export type PackageEntry =
  | { readonly name: string; readonly text: string }
  | { readonly name: string; readonly bytes: Uint8Array }
  | { readonly name: string; readonly file: string };

/**
 * Writes the entries into a zip at `temporary`, in their order, then renames it to `destination`. Text is deflated,
 * audio and images stored (they do not shrink); `mimetype` is stored uncompressed as EPUB's container rules ask of its first
 * entry (the caller puts it first).
 */
export async function writePackageZip(
  entries: readonly PackageEntry[],
  destination: string,
  temporary: string,
  overwrite: boolean,
): Promise<number> {
  const zip = new ZipFile();
  // A fixed date: two exports of one book differ only where the book does.
  const options = { mode: 0o100644, mtime: new Date(Date.UTC(2020, 0, 1)) };
  for (const entry of entries) {
    if ('text' in entry) {
      const compress = entry.name !== 'mimetype';
      zip.addBuffer(Buffer.from(entry.text, 'utf8'), entry.name, { ...options, compress });
    } else if ('bytes' in entry) {
      const bytes = Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength);
      zip.addBuffer(bytes, entry.name, { ...options, compress: false });
    } else zip.addFile(entry.file, entry.name, { ...options, compress: false });
  }
  zip.end();
  try {
    await writingToAsync(destination, () =>
      pipeline(zip.outputStream, createWriteStream(temporary, { flags: 'wx' })),
    );
    return writingTo(destination, () => {
      const bytes = statSync(temporary).size;
      if (overwrite && existsSync(destination)) rmSync(destination, { force: true });
      renameSync(temporary, destination);
      return bytes;
    });
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Refuses a destination in a folder that does not exist, or a file already there unless the user said replace. */
export function checkPackageDestination(destination: string, overwrite: boolean): void {
  const parent = path.dirname(destination);
  if (!existsSync(parent)) throw new Error(`destination: folder ${parent} does not exist`);
  if (existsSync(destination) && !overwrite)
    throw new Error(`destination: ${destination} already exists; choose replace to write over it`);
}
