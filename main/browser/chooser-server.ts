import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { homedir } from 'node:os';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { IpcError } from '../../common/ipc/errors.js';
import type { ChooserKind } from '../../common/ipc/files-methods.js';
import { absolutePathSchema } from '../../common/ipc/files-methods.js';
import { chosenVideoProblem } from './chosen-video.js';
import { browseFolder, makeChosenFolder } from './folder-browser.js';
import type { Logger } from '../services/logging/logger.js';
import { contentTypeForPath } from '../services/media/content-type.js';
import { isSameOrInside } from '../services/paths/path-grants.js';
import type { ChosenPlace, PathChooser } from '../platform/platform.js';
import { isExpectedHost } from './connection-guard.js';
import { PendingChoices } from './pending-choices.js';

/** The header that carries the choice id: a page of another origin cannot send it (no CORS is ever granted). */
const CHOICE_HEADER = 'x-timbre-choice';
const MAX_BODY_BYTES = 64 * 1024;

/** The chooser page's policy: its own script and style, no framing (no clickjacking), no opener link. */
const CHOOSER_PAGE_HEADERS = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Frame-Options': 'DENY',
  // The app page that opened the window keeps no handle on it: it cannot navigate it under the user's click.
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

export interface RunningChooser extends PathChooser {
  origin: string;
  close(): Promise<void>;
}

/**
 * The browser shell's file chooser, served by main on its own port of 127.0.0.1: another origin than the app's
 * page, so the same-origin policy keeps that page from reading or clicking in it. `files.openChooser` opens a
 * choice; the page opens `/choose#choice=<id>` in a window; the chooser page lists folders (`/api/browse`, only
 * for an open choice) and posts the user's pick (`/api/pick`), which answers the choice. Every API call must
 * come from the chooser's own origin: the choice id travels in a header no other origin can send, and a POST's
 * Origin must be the chooser's.
 */
export async function startChooserServer(options: {
  rendererDir: string;
  logger: Logger;
}): Promise<RunningChooser> {
  const choices = new PendingChoices();
  let origin = '';
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.logger.error('Chooser request failed', error);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!isExpectedHost(request, origin)) {
      response.writeHead(421, { 'Content-Type': 'text/plain' }).end('Misdirected request');
      return;
    }
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/choose') {
      await sendFile(request, response, path.join(options.rendererDir, 'chooser.html'), CHOOSER_PAGE_HEADERS);
      return;
    }
    if (url.pathname.startsWith('/assets/')) {
      const assetsDir = path.join(options.rendererDir, 'assets');
      const file = path.resolve(assetsDir, `.${decodeURIComponent(url.pathname.slice('/assets'.length))}`);
      if (!isSameOrInside(assetsDir, file) || file === assetsDir) return notFound(response);
      await sendFile(request, response, file, { 'X-Content-Type-Options': 'nosniff' });
      return;
    }
    if (!url.pathname.startsWith('/api/')) return notFound(response);
    if (!fromChooserPage(request)) {
      json(response, 403, { message: 'Only Timbre Studio’s chooser window may do this.' });
      return;
    }
    if (url.pathname === '/api/cancel' && request.method === 'POST') {
      // Sent by the closing window (navigator.sendBeacon cannot add a header): the id is in the query.
      choices.settle(
        url.searchParams.get('choice') ?? request.headers[CHOICE_HEADER]?.toString() ?? '',
        null,
      );
      response.writeHead(204).end();
      return;
    }
    const choiceId = request.headers[CHOICE_HEADER];
    const choice = typeof choiceId === 'string' ? choices.describe(choiceId) : undefined;
    if (typeof choiceId !== 'string' || !choice) {
      json(response, 404, {
        message: 'This choice has ended. Close this window and choose again in the app.',
      });
      return;
    }
    if (url.pathname === '/api/choice' && request.method === 'GET') {
      json(response, 200, { ...choice, home: homedir() });
      return;
    }
    if (url.pathname === '/api/browse' && request.method === 'GET') {
      try {
        json(
          response,
          200,
          await browseFolder(url.searchParams.get('folder') ?? choice.initialPath, choice.kind),
        );
      } catch (error) {
        json(response, 404, { message: error instanceof IpcError ? error.message : String(error) });
      }
      return;
    }
    if (url.pathname === '/api/pick' && request.method === 'POST') {
      const picked = pickedPath(await readBody(request), choice.kind);
      if (!picked.ok) {
        json(response, 400, { message: picked.message });
        return;
      }
      // A video to open must be there already (nothing is created for it), and be named as a video.
      const videoProblem = choice.kind === 'open-video' ? await chosenVideoProblem(picked.path) : null;
      if (videoProblem !== null) {
        json(response, 400, { message: videoProblem });
        return;
      }
      try {
        // The user's pick is their word to create a folder that does not exist yet ("Create it and save here").
        if (choice.kind !== 'open-video') {
          await makeChosenFolder(choice.kind === 'folder' ? picked.path : path.dirname(picked.path));
        }
      } catch (error) {
        if (!(error instanceof IpcError)) throw error;
        json(response, 400, { message: error.message });
        return;
      }
      choices.settle(choiceId, picked.path);
      response.writeHead(204).end();
      return;
    }
    notFound(response);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    open(kind: ChooserKind, initialPath: string | undefined) {
      const choiceId = choices.open(kind, initialPath ?? homedir());
      return { choiceId, url: `${origin}/choose#choice=${choiceId}` };
    },
    answer: (choiceId: string): Promise<ChosenPlace | null> => choices.answer(choiceId),
    cancel(choiceId: string) {
      choices.settle(choiceId, null);
    },
    async close() {
      choices.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  /**
   * A request of the chooser page itself. Browsers send Origin on every POST and on cross-origin reads, and
   * Sec-Fetch-Site on everything; a page of another origin (the app's included) can set neither.
   */
  function fromChooserPage(request: IncomingMessage): boolean {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return false;
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) return false;
    return request.method !== 'POST' || requestOrigin === origin;
  }
}

/** The path the user picked, checked for the kind of place main asked for. */
function pickedPath(
  body: string | undefined,
  kind: ChooserKind,
): { ok: true; path: string } | { ok: false; message: string } {
  let candidate: unknown;
  try {
    candidate = (JSON.parse(body ?? '') as { path?: unknown }).path;
  } catch {
    return { ok: false, message: 'The chooser sent no path.' };
  }
  const parsed = absolutePathSchema.safeParse(candidate);
  if (!parsed.success)
    return { ok: false, message: `The path ${parsed.error.issues[0]?.message ?? 'is invalid'}.` };
  if (parsed.data.includes('\0')) return { ok: false, message: 'The path must not contain a NUL character.' };
  if (kind !== 'folder' && /[\\/]$/u.test(parsed.data)) {
    return { ok: false, message: 'Give the file a name.' };
  }
  return { ok: true, path: path.resolve(parsed.data) };
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.destroy();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  filePath: string,
  headers: Record<string, string>,
): Promise<void> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const info = await stat(filePath).catch(() => undefined);
  if (!info?.isFile()) return notFound(response);
  response.writeHead(200, {
    ...headers,
    'Content-Type': contentTypeForPath(filePath),
    'Content-Length': String(info.size),
  });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  createReadStream(filePath).pipe(response);
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response
    .writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    .end(JSON.stringify(body));
}

function notFound(response: ServerResponse): void {
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
}
