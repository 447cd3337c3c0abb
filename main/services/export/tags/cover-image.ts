import path from 'node:path';
import { asUserFileError, readUserFileSync } from '../../storage/user-file.js';

export interface CoverImage {
  mime: 'image/jpeg' | 'image/png';
  bytes: Buffer;
}

/** Players and stores cap artwork well under this; a bigger file is almost certainly the wrong one. */
const MAX_COVER_BYTES = 10 * 1024 * 1024;

/**
 * Reads a cover image, recognising JPEG and PNG by their first bytes (not the name), within the size limit. The
 * path may be anything the user named (the CLI's --cover): read by the shared reader, a named pipe, a device such
 * as /dev/zero or a folder is refused at once, and no more than the limit is ever read.
 * `name` is how messages call a file whose path the user does not know (a staged upload): "The chosen file".
 */
export function readCoverImage(filePath: string, name?: string): CoverImage {
  let bytes: Buffer;
  try {
    bytes = readUserFileSync(filePath, {
      maxBytes: MAX_COVER_BYTES,
      what: 'a cover image',
      ...(name === undefined ? {} : { name }),
    });
  } catch (error) {
    // Said as every cover problem is ("cover: …", no full stop): the export dialog and the CLI frame it.
    throw new Error(`cover: ${asUserFileError(error, filePath, 'read').message.replace(/\.$/u, '')}`, {
      cause: error,
    });
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', bytes };
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mime: 'image/png', bytes };
  throw new Error(`cover: ${name ?? `“${path.basename(filePath)}”`} is not a JPEG or PNG image`);
}
