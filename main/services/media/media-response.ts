import { Readable } from 'node:stream';
import type { MediaCache } from './media-cache.js';
import type { MediaReply } from './media-reply.js';
import { mediaBodyStream, planMediaReply } from './media-reply.js';

export interface MediaResponseOptions {
  /** `HEAD` answers the headers only; anything but GET/HEAD is 405. Default GET. */
  method?: string;
}

/**
 * The same answers as serveMediaHttp as a WHATWG Response, for Electron's `protocol.handle`:
 * `protocol.handle('media', (req) => mediaResponse(cache, idFrom(req.url), req.headers.get('range') ?? undefined))`.
 */
export async function mediaResponse(
  cache: MediaCache,
  mediaId: string,
  rangeHeader?: string,
  options: MediaResponseOptions = {},
): Promise<Response> {
  const reply = await planMediaReply(cache, mediaId, {
    method: options.method,
    rangeHeader,
  });
  return mediaReplyResponse(reply, options.method);
}

/** A planned media reply as a WHATWG Response (Electron's protocol handlers). */
export function mediaReplyResponse(reply: MediaReply, method: string | undefined): Response {
  const headers = new Headers(reply.headers);
  if (reply.text !== undefined) {
    return new Response(method?.toUpperCase() === 'HEAD' ? null : `${reply.text}\n`, {
      status: reply.status,
      headers,
    });
  }
  if (reply.body === undefined) return new Response(null, { status: reply.status, headers });
  return new Response(Readable.toWeb(mediaBodyStream(reply.body)) as ReadableStream<Uint8Array>, {
    status: reply.status,
    headers,
  });
}
