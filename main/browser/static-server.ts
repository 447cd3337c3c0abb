import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { contentTypeForPath } from '../services/media/content-type.js';

/** Serves the built renderer; unknown paths fall back to index.html, and nothing outside `rootDir` is reachable. */
export async function serveStatic(
  request: IncomingMessage,
  response: ServerResponse,
  rootDir: string,
  headers: Record<string, string>,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const requestPath = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  const resolved = path.resolve(rootDir, `.${requestPath}`);
  const insideRoot = resolved === rootDir || resolved.startsWith(`${rootDir}${path.sep}`);
  let filePath = insideRoot ? resolved : path.join(rootDir, 'index.html');
  let info = await stat(filePath).catch(() => undefined);
  if (!info?.isFile()) {
    filePath = path.join(rootDir, 'index.html');
    info = await stat(filePath).catch(() => undefined);
  }
  if (!info?.isFile()) {
    response
      .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
      .end('The renderer is not built. Run npm run build.');
    return;
  }
  const isIndex = path.basename(filePath) === 'index.html';
  response.writeHead(200, {
    ...headers,
    'Content-Type': contentTypeForPath(filePath),
    'Content-Length': String(info.size),
    'Cache-Control': isIndex ? 'no-store' : 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(filePath).pipe(response);
}
