import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  openSync,
  rmSync,
  statSync,
  type ReadStream,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ExportCancelledError } from '../export/export-errors.js';
import { publishStaged } from '../export/output/publish-staged.js';
import { writingTo, writingToAsync } from '../export/output/writing-to.js';

/** A file of the package: text or bytes made here (the cover), or a file already written into the staging folder. */
export type PackageEntry =
  | { readonly name: string; readonly text: string }
  | { readonly name: string; readonly bytes: Uint8Array }
  | { readonly name: string; readonly file: string };

/**
 * Writes the entries into a zip at `temporary`, in their order, then moves it to `destination` (publishStaged: a
 * file in the way only with Replace, replaced in one rename once the zip is on disk, so an earlier book stays
 * whole until the new one is). Text is deflated, audio and images stored (they do not shrink); `mimetype` is
 * stored uncompressed as EPUB's container rules ask of its first entry (the caller puts it first). A cancel while
 * zipping stops it and publishes nothing.
 */
export async function writePackageZip(
  entries: readonly PackageEntry[],
  destination: string,
  temporary: string,
  overwrite: boolean,
  signal?: AbortSignal,
): Promise<number> {
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  const reading = new Set<ReadStream>();
  // A fixed date: two exports of one book differ only where the book does.
  const options = { mode: 0o100644, mtime: new Date(Date.UTC(2020, 0, 1)) };
  for (const entry of entries) {
    if ('text' in entry) {
      const compress = entry.name !== 'mimetype';
      zip.addBuffer(Buffer.from(entry.text, 'utf8'), entry.name, { ...options, compress });
    } else if ('bytes' in entry) {
      const bytes = Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength);
      zip.addBuffer(bytes, entry.name, { ...options, compress: false });
    } else {
      // Opened when the zip reaches the file, and kept track of: a cancel or a failure closes it (yazl's own
      // addFile left the file open once the zip's output was stopped).
      const size = statSync(entry.file).size;
      zip.addReadStreamLazy(entry.name, { ...options, compress: false, size }, (opened) => {
        const stream = createReadStream(entry.file);
        reading.add(stream);
        stream.once('close', () => reading.delete(stream));
        stream.once('error', (error) => zip.outputStream.emit('error', error));
        opened(null, stream);
      });
    }
  }
  zip.end();
  const cancel = signal ?? new AbortController().signal;
  try {
    await writingToAsync(destination, () =>
      pipeline(zip.outputStream, createWriteStream(temporary, { flags: 'wx' }), { signal: cancel }),
    ).catch((error: unknown) => {
      throw cancel.aborted ? new ExportCancelledError() : error;
    });
    if (cancel.aborted) throw new ExportCancelledError();
    const bytes = writingTo(destination, () => {
      const descriptor = openSync(temporary, 'r');
      try {
        fsyncSync(descriptor);
      } finally {
        closeSync(descriptor);
      }
      return statSync(temporary).size;
    });
    await publishStaged({ main: temporary, besides: [] }, destination, overwrite);
    return bytes;
  } finally {
    for (const stream of reading) stream.destroy();
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
