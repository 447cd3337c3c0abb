import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parseByteRange } from './byte-range.js';
import type { MediaCache } from './media-cache.js';
import { isMediaCacheError } from './media-cache-error.js';
import { isMediaId } from './media-id.js';

/** What to answer for a media request, independent of how it is sent (node:http or a WHATWG Response). */
export interface MediaReply {
  status: number;
  headers: Record<string, string>;
  /** Bytes `start`..`end` (inclusive) of the file, absent for HEAD, errors and 416. */
  body?: MediaReplyBody;
  /** A short plain-text explanation for error statuses. */
  text?: string;
}

/**
 * Where the bytes come from: a cached file by its path (the cache's own folder), or the already-open, checked
 * handle of a user's file (never opened again by path, so it cannot be swapped for a pipe in between). Whoever
 * sends the reply streams the handle (which closes it) or calls `discardMediaReply`.
 */
export type MediaReplyBody = { start: number; end: number } & ({ filePath: string } | { handle: FileHandle });

export interface MediaRequest {
  method?: string | undefined;
  rangeHeader?: string | undefined;
}

/**
 * Headers on every media answer. The cache answers from the app's origin: `nosniff` and a sandboxing CSP
 * keep a file from ever running as a page there, and CORP keeps other sites from embedding it.
 */
const SAFETY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * Decides the answer: 405 for methods other than GET/HEAD, 404 for an id main never registered (nothing is
 * fetched for it), 502/504 when the download fails, 416 for an unsatisfiable range, 206 with Content-Range for a
 * satisfiable one, else 200 with the whole file.
 */
export async function planMediaReply(
  cache: MediaCache,
  mediaId: string,
  request: MediaRequest = {},
): Promise<MediaReply> {
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    return errorReply(405, 'Only GET and HEAD are allowed.', { Allow: 'GET, HEAD' });
  }
  // Registrations persisted by an earlier run are known only once the index is loaded.
  await cache.whenReady().catch(() => undefined);
  if (!isMediaId(mediaId) || !cache.has(mediaId)) return errorReply(404, 'Unknown media.');

  let media;
  try {
    // No signal on purpose: players drop and reissue range requests while seeking, and the download they
    // started is wanted by the next one; it is bounded by the cache's timeouts and size limit anyway.
    media = await cache.ensure(mediaId);
  } catch (error) {
    if (isMediaCacheError(error)) {
      switch (error.code) {
        case 'MEDIA_NOT_FOUND':
          return errorReply(404, 'Unknown media.');
        case 'MEDIA_TIMEOUT':
          return errorReply(504, error.message);
        default:
          return errorReply(502, error.message);
      }
    }
    return errorReply(502, 'The media could not be fetched.');
  }

  const headers: Record<string, string> = {
    ...SAFETY_HEADERS,
    'Content-Type': media.contentType,
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, max-age=86400',
    ETag: `"${mediaId}-${media.size}"`,
  };
  return rangedReply(headers, media.size, request, method, { filePath: media.filePath });
}

/**
 * The answer for a file of `size` bytes with `headers` (its type, caching and tag): 416 for an unsatisfiable
 * range, 206 with Content-Range for a satisfiable one, else 200 with the whole file; the body only for a GET.
 */
export function rangedReply(
  headers: Record<string, string>,
  size: number,
  request: MediaRequest,
  method: string,
  source: { filePath: string } | { handle: FileHandle },
): MediaReply {
  const all = { ...SAFETY_HEADERS, 'Accept-Ranges': 'bytes', ...headers };
  const range = parseByteRange(request.rangeHeader, size);
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { ...all, 'Content-Range': `bytes */${size}` } };
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  const length = size === 0 ? 0 : end - start + 1;
  const reply: MediaReply = {
    status: range ? 206 : 200,
    headers: {
      ...all,
      'Content-Length': String(length),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    },
  };
  if (method === 'GET' && length > 0) reply.body = { start, end, ...source };
  return reply;
}

/** The body's bytes as a stream (a handle's stream closes the handle when it ends or fails). */
export function mediaBodyStream(body: MediaReplyBody): Readable {
  const { start, end } = body;
  return 'handle' in body
    ? body.handle.createReadStream({ start, end, autoClose: true })
    : createReadStream(body.filePath, { start, end });
}

/** Frees what a reply holds when it will not be sent (the requester went away first). */
export async function discardMediaReply(reply: MediaReply): Promise<void> {
  if (reply.body && 'handle' in reply.body) await reply.body.handle.close().catch(() => undefined);
}

export function errorReply(status: number, text: string, extra: Record<string, string> = {}): MediaReply {
  return {
    status,
    headers: {
      ...SAFETY_HEADERS,
      ...extra,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    },
    text,
  };
}
