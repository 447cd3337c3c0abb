import { UserFileError, openUserFile } from '../storage/user-file.js';
import type { MediaReply, MediaRequest } from './media-reply.js';
import { errorReply, rangedReply } from './media-reply.js';

/** A local file main may serve (a video the user chose), with its type, found by the caller from an id. */
export interface LocalMediaFile {
  filePath: string;
  contentType: string;
  /** What the file is, for the one-line answers: "The video". */
  what: string;
}

/**
 * The answer for a user's own file served to the page (a reference video), with the media cache's rules: GET/HEAD
 * only, single ranges (206), 416; `undefined` (a file main was never given) is 404 and nothing is opened. The file
 * is opened through the shared reader's checks (no blocking open of a pipe, a regular file by its handle) and sent
 * from that handle. A file that is gone is 404 saying so; one that cannot be read, 403.
 */
export async function planLocalFileReply(
  file: LocalMediaFile | undefined,
  request: MediaRequest = {},
): Promise<MediaReply> {
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    return errorReply(405, 'Only GET and HEAD are allowed.', { Allow: 'GET, HEAD' });
  }
  if (file === undefined) return errorReply(404, 'Unknown media.');
  let handle;
  try {
    handle = await openUserFile(file.filePath, { maxBytes: Number.MAX_SAFE_INTEGER, what: 'media' });
  } catch (error) {
    if (error instanceof UserFileError && error.reason === 'not-found') {
      return errorReply(404, `${file.what} is missing: it may have been moved, renamed or deleted.`);
    }
    return errorReply(403, `${file.what} cannot be read.`);
  }
  try {
    const stats = await handle.stat();
    const reply = rangedReply(
      {
        'Content-Type': file.contentType,
        // The file may be replaced under the same name (re-exported): the tag follows its size and time.
        'Cache-Control': 'private, no-cache',
        ETag: `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`,
      },
      stats.size,
      request,
      method,
      { handle },
    );
    if (reply.body === undefined) await handle.close();
    return reply;
  } catch {
    await handle.close();
    return errorReply(403, `${file.what} cannot be read.`);
  }
}
