import type { IncomingMessage, ServerResponse } from 'node:http';
import { mediaReplyResponse, planLocalFileReply, sendMediaReply } from '../media/index.js';
import type { ReferenceVideos } from './reference-videos.js';

/**
 * Serves a reference video to the browser shell's page (`/media/video/<id>`, behind the media session): only a
 * file the user chose; ranges as the media cache serves them. Never rejects.
 */
export function serveVideoHttp(
  videos: ReferenceVideos,
  videoId: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  return sendMediaReply(
    () =>
      planLocalFileReply(videos.fileFor(videoId), {
        method: request.method,
        rangeHeader: request.headers.range,
      }),
    request,
    response,
  );
}

/** The same answers as a WHATWG Response, for Electron's `app://timbre/media/video/<id>`. */
export async function videoResponse(
  videos: ReferenceVideos,
  videoId: string,
  rangeHeader: string | undefined,
  method: string,
): Promise<Response> {
  return mediaReplyResponse(
    await planLocalFileReply(videos.fileFor(videoId), { method, rangeHeader }),
    method,
  );
}
