import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { RequestBody } from './request-body.js';
import type { FileHandle } from 'node:fs/promises';
import { formatBytes } from '../../../common/text/index.js';
import { UserFileError, openUserFile } from '../storage/user-file.js';

export type MultipartPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      name: string;
      fileName: string;
      mediaType: string;
      sizeBytes: number;
      source: FileSource;
    };

/** Where a file part's bytes come from: a path streamed from disk, or bytes already in memory. */
export type FileSource = { path: string } | { data: Uint8Array };

const CRLF = '\r\n';

/**
 * A multipart/form-data body streamed from disk: the files are never held in memory, and the exact length is
 * computed up front from the parts' sizes so the upload carries a Content-Length and its progress is known.
 */
export function multipartBody(parts: readonly MultipartPart[]): RequestBody {
  const boundary = `----TimbreStudio${randomBytes(12).toString('hex')}`;
  const heads = parts.map((part, index) =>
    Buffer.from(`${index === 0 ? '' : CRLF}--${boundary}${CRLF}${partHeaders(part)}${CRLF}`, 'utf8'),
  );
  const tail = Buffer.from(`${parts.length === 0 ? '' : CRLF}--${boundary}--${CRLF}`, 'utf8');
  const contentLength =
    heads.reduce((sum, head) => sum + head.length, 0) +
    parts.reduce(
      (sum, part) => sum + (part.kind === 'field' ? Buffer.byteLength(part.value, 'utf8') : part.sizeBytes),
      0,
    ) +
    tail.length;

  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength,
    open: () => Readable.from(generateBody(parts, heads, tail)),
  };
}

async function* generateBody(
  parts: readonly MultipartPart[],
  heads: readonly Buffer[],
  tail: Buffer,
): AsyncGenerator<Buffer> {
  for (const [index, part] of parts.entries()) {
    const head = heads[index];
    if (head) yield head;
    if (part.kind === 'field') {
      yield Buffer.from(part.value, 'utf8');
      continue;
    }
    if ('data' in part.source) {
      yield Buffer.from(part.source.data.buffer, part.source.data.byteOffset, part.source.data.byteLength);
      continue;
    }
    let read = 0;
    // Opened as a user's file (a named pipe or a device swapped in since it was measured is refused at once), and
    // held while streaming to the size measured earlier, which the Content-Length already states.
    let handle: FileHandle;
    try {
      handle = await openUserFile(part.source.path, {
        maxBytes: part.sizeBytes,
        what: `the "${part.name}" file`,
      });
    } catch (error) {
      // Larger now than when it was measured: it is being written to, which is what the sentence must say.
      if (error instanceof UserFileError && error.reason === 'too-large')
        throw changedWhileUploading(part, 'larger');
      throw error;
    }
    for await (const chunk of handle.createReadStream({ highWaterMark: 256 * 1024 })) {
      const bytes = chunk as Buffer;
      read += bytes.length;
      // The Content-Length was computed from the size measured earlier; a file that changed since would
      // corrupt the request, so stop instead.
      if (read > part.sizeBytes) throw changedWhileUploading(part, 'larger');
      yield bytes;
    }
    if (read !== part.sizeBytes) throw changedWhileUploading(part, 'smaller');
  }
  yield tail;
}

/** The file was written to while it was being sent: the request was stopped, and the user can send it once it is finished. */
function changedWhileUploading(
  part: MultipartPart & { kind: 'file' },
  now: 'larger' | 'smaller',
): UserFileError {
  const filePath = 'path' in part.source ? part.source.path : part.fileName;
  return new UserFileError(
    filePath,
    'changed',
    `“${part.fileName}” changed while it was being uploaded (it is now ${now} than the ${formatBytes(part.sizeBytes)} it held when the upload began), so the upload was stopped and nothing was created. Wait until no program is writing to it, then try again.`,
  );
}

function partHeaders(part: MultipartPart): string {
  if (part.kind === 'field')
    return `Content-Disposition: form-data; name="${escapeQuoted(part.name)}"${CRLF}`;
  return (
    `Content-Disposition: form-data; name="${escapeQuoted(part.name)}"; filename="${escapeQuoted(part.fileName)}"${CRLF}` +
    `Content-Type: ${part.mediaType}${CRLF}`
  );
}

/** Escapes a quoted header parameter the way browsers do (WHATWG form encoding). */
function escapeQuoted(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
