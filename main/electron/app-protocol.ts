import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { buildContentSecurityPolicy } from '../security/content-security-policy.js';
import type { MediaCache } from '../services/media/index.js';
import { mediaIdOfPath, mediaResponse } from '../services/media/index.js';
import type { ReferenceVideos } from '../services/video/reference-videos.js';
import { videoResponse } from '../services/video/serve-video.js';
import { videoIdOfUrlPath } from '../services/video/video-url.js';
import { appHost, appScheme } from './app-origin.js';

/**
 * Must run before the app is ready: makes `app://` a standard, secure origin (like https), whose scripts V8 may
 * keep compiled between launches (`codeCache`; Chromium does it for http(s) only unless a scheme asks), as it does
 * for the browser shell's page in a browser that showed it before. Compiling the page's ~430 KB of script is part
 * of every start; what the cache saves in Electron is not measured here (Electron cannot run on these machines,
 * and in the browser shell the HTTP cache made most of the difference: main/browser/README.md, Start-up). An
 * update cannot meet stale code: the bundles' names carry their content's hash, and index.html is never cached.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: appScheme,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
    },
  ]);
}

/**
 * Serves the built renderer from `rendererDir` under app://timbre/, with the strict CSP on every response, and
 * the media cache under app://timbre/media/<id> and the reference videos the user chose under
 * app://timbre/media/video/<id> (same origin, so the CSP's media-src 'self' covers them).
 */
export function serveRenderer(rendererDir: string, media: MediaCache, videos: ReferenceVideos): void {
  const csp = buildContentSecurityPolicy();
  protocol.handle(appScheme, async (request) => {
    const url = new URL(request.url);
    const videoId = videoIdOfUrlPath(url.pathname);
    if (url.host === appHost && videoId !== undefined) {
      return videoResponse(videos, videoId, request.headers.get('range') ?? undefined, request.method);
    }
    const mediaId = mediaIdOfPath(url.pathname);
    if (url.host === appHost && mediaId !== undefined) {
      return mediaResponse(media, mediaId, request.headers.get('range') ?? undefined, {
        method: request.method,
      });
    }
    const resolved = path.resolve(rendererDir, `.${decodeURIComponent(url.pathname)}`);
    if (
      url.host !== appHost ||
      !(resolved === rendererDir || resolved.startsWith(`${rendererDir}${path.sep}`))
    ) {
      return new Response('Not found', { status: 404 });
    }
    const file = await net.fetch(pathToFileURL(resolved).toString());
    const headers = new Headers(file.headers);
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(file.body, { status: file.status, headers });
  });
}
