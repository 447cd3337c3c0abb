import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { MediaCache } from './media-cache.js';
import type { MediaReply } from './media-reply.js';
import { discardMediaReply, mediaBodyStream, planMediaReply } from './media-reply.js';

/**
 * Answers a media request of the browser shell's server: GET/HEAD, single ranges (206), 416, 404 for ids main
 * never registered. Resolves when the answer is sent or the requester has gone away; never rejects.
 */
export async function serveMediaHttp(
  cache: MediaCache,
  mediaId: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  await sendMediaReply(
    () => planMediaReply(cache, mediaId, { method: request.method, rangeHeader: request.headers.range }),
    request,
    response,
  );
}

/** Sends a planned media reply on a node:http response; resolves when sent or abandoned, never rejects. */
export async function sendMediaReply(
  plan: () => Promise<MediaReply>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  let reply: MediaReply | undefined;
  try {
    reply = await plan();
    // The requester may have gone while the file was being fetched; the file stays cached for the next one.
    if (response.destroyed || response.writableEnded) {
      await discardMediaReply(reply);
      return;
    }
    if (reply.text !== undefined && request.method !== 'HEAD') {
      const text = Buffer.from(`${reply.text}\n`, 'utf8');
      response.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(text.byteLength) });
      response.end(text);
      return;
    }
    response.writeHead(reply.status, reply.headers);
    if (reply.body === undefined) {
      response.end();
      return;
    }
    await pipeline(mediaBodyStream(reply.body), response);
  } catch {
    // The requester went away mid-file, or the file vanished: nothing more can be said on this response. A user
    // file's handle is closed by its stream once streamed; closing it again here is harmless.
    if (reply) await discardMediaReply(reply);
    response.destroy();
  }
}
