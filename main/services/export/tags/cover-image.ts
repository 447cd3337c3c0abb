import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface CoverImage {
  mime: 'image/jpeg' | 'image/png';
  bytes: Buffer;
}

/** Players and stores cap artwork well under this; a bigger file is almost certainly the wrong one. */
const MAX_COVER_BYTES = 10 * 1024 * 1024;

/** Reads a cover image, recognising JPEG and PNG by their first bytes (not the name), within the size limit. */
export function readCoverImage(filePath: string, name = path.basename(filePath)): CoverImage {
  const size = statSync(filePath, { throwIfNoEntry: false })?.size;
  if (size === undefined) throw new Error(`cover: ${name} does not exist`);
  if (size > MAX_COVER_BYTES)
    throw new Error(`cover: ${name} is ${(size / 1048576).toFixed(1)} MB; a cover must be at most 10 MB`);
  const bytes = readFileSync(filePath);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', bytes };
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mime: 'image/png', bytes };
  throw new Error(`cover: ${name} is not a JPEG or PNG image`);
}
