import type { FileHandle } from 'node:fs/promises';
import type { Input } from 'mediabunny';
import { asUserFileError, openUserFile } from '../storage/user-file.js';

/** A 2-hour 4K H.264 master is some 40 GB; past this a file is not a reference video but a mistake. */
export const MAX_REFERENCE_VIDEO_BYTES = 64 * 1024 ** 3;

const VIDEO_LIMIT = { maxBytes: MAX_REFERENCE_VIDEO_BYTES, what: 'a reference video' } as const;

/** A user's video file open for mediabunny to read; `close()` frees the input and the handle. */
export interface UserVideoInput {
  input: Input;
  sizeBytes: number;
  close(): Promise<void>;
}

/**
 * Opens a video the user chose for mediabunny through the shared reader's checks (no blocking open of a pipe, a
 * regular file by its handle, the size cap), then reads it through that handle only: mediabunny's own
 * FilePathSource would open the path again, unchecked.
 */
export async function openUserVideo(filePath: string): Promise<UserVideoInput> {
  // Loaded on first use: mediabunny takes ~100 ms that the app's start-up need not pay.
  const { ALL_FORMATS, CustomSource, Input } = await import('mediabunny');
  const handle = await openUserFile(filePath, VIDEO_LIMIT);
  let sizeBytes: number;
  try {
    sizeBytes = (await handle.stat()).size;
  } catch (error) {
    await handle.close();
    throw asUserFileError(error, filePath, 'read');
  }
  const input = new Input({
    formats: ALL_FORMATS,
    source: new CustomSource({
      getSize: () => sizeBytes,
      read: (start, end) => readRange(handle, filePath, start, end),
      prefetchProfile: 'fileSystem',
      // A failed read-ahead is read again, and reported, by the read that needs those bytes.
      handleUnhandledError: () => undefined,
    }),
  });
  return {
    input,
    sizeBytes,
    close: async () => {
      input.dispose();
      await handle.close();
    },
  };
}

async function readRange(
  handle: FileHandle,
  filePath: string,
  start: number,
  end: number,
): Promise<Uint8Array> {
  const bytes = new Uint8Array(end - start);
  let filled = 0;
  try {
    while (filled < bytes.length) {
      const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, start + filled);
      // The file shrank since it was opened: what is missing reads as the end of the file.
      if (bytesRead === 0) return bytes.subarray(0, filled);
      filled += bytesRead;
    }
  } catch (error) {
    throw asUserFileError(error, filePath, 'read');
  }
  return bytes;
}
