import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppServices, AppServicesOptions } from '../app/app-services.js';
import { EventHub } from '../ipc/event-hub.js';
import { buildContentSecurityPolicy } from '../security/content-security-policy.js';
import type { Logger } from '../services/logging/logger.js';
import type { SecretStore } from '../services/secrets/secret-store.js';
import { BrowserPlatform } from './browser-platform.js';
import { mediaIdOfPath, serveMediaHttp } from '../services/media/index.js';
import { serveVideoHttp } from '../services/video/serve-video.js';
import { videoIdOfUrlPath } from '../services/video/video-url.js';
import { isExpectedHost } from './connection-guard.js';
import { serveStatic } from './static-server.js';
import { startChooserServer } from './chooser-server.js';
import { MediaSession, SESSION_PATH } from './media-session.js';
import { MENU_COMMAND_PATH, handleMenuCommand } from './menu-command-route.js';
import type { WebSocketBinding } from './ws-binding.js';

export interface BrowserShellOptions {
  dataDir: string;
  rendererDir: string;
  appVersion: string;
  logger: Logger;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The page secret; a fresh random one by default. The shell's entry keeps it with the port across restarts. */
  secret?: string;
  /** Where tokens live; the OS keychain unless a test passes another store. */
  secrets?: SecretStore;
  devStandin?: AppServicesOptions['devStandin'];
  /**
   * Called with the URL as soon as the page can be loaded, before the services are ready: the browser loads and
   * draws the page while main loads its modules, and the page's connection waits for them.
   */
  onListening?: (url: string) => void;
}

export interface RunningBrowserShell {
  /** The URL to open, secret included (in the fragment, so it never reaches a server log or Referer). */
  url: string;
  origin: string;
  /** The origin of main's file chooser window (another port of 127.0.0.1). */
  chooserOrigin: string;
  services: AppServices;
  close(): Promise<void>;
}

/**
 * Serves the renderer on 127.0.0.1 and carries the IPC contract over a WebSocket, running exactly the
 * main-process services the Electron shell runs.
 */
export async function startBrowserShell(options: BrowserShellOptions): Promise<RunningBrowserShell> {
  const secret = options.secret ?? randomBytes(24).toString('base64url');
  // The page trades the secret (from its URL fragment) for this cookie, which <audio> and howler's requests for
  // /media/ then carry by themselves: media is served only to the page that holds the secret.
  const mediaSession = new MediaSession();
  const hub = new EventHub();
  // The file chooser runs on an origin of its own, out of the page's reach (see chooser-server.ts).
  const chooser = await startChooserServer({ rendererDir: options.rendererDir, logger: options.logger });
  const platform = new BrowserPlatform(options.dataDir, options.appVersion, hub, chooser);

  let origin = '';
  const server = createServer((request, response) => {
    if (!isExpectedHost(request, origin)) {
      response.writeHead(421, { 'Content-Type': 'text/plain' }).end('Misdirected request');
      return;
    }
    const pathname = new URL(request.url ?? '/', origin).pathname;
    if (pathname === SESSION_PATH) {
      mediaSession.handle(request, response, origin, secret);
      return;
    }
    if (pathname === MENU_COMMAND_PATH) {
      handleMenuCommand(request, response, secret, (command) => hub.emit('menu.command', { command }));
      return;
    }
    const mediaId = mediaIdOfPath(pathname);
    const videoId = videoIdOfUrlPath(pathname);
    if (mediaId !== undefined || videoId !== undefined) {
      if (!mediaSession.allows(request, origin)) {
        response.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not this session.');
        return;
      }
      // servicesReady is set once the server listens, before any request can arrive.
      void servicesReady.then(
        (ready) => {
          // A reference video the user chose, read from its place on disk (only those main was given).
          if (videoId !== undefined) return serveVideoHttp(ready.videos, videoId, request, response);
          // Audio the page plays (samples, generated segments) comes from main's cache, never straight from a service.
          if (mediaId !== undefined) return serveMediaHttp(ready.media, mediaId, request, response);
          return undefined;
        },
        () => {
          if (!response.headersSent) response.writeHead(503).end();
        },
      );
      return;
    }
    const csp = buildContentSecurityPolicy({ connectSources: [origin.replace(/^http/, 'ws')] });
    serveStatic(request, response, options.rendererDir, {
      'Content-Security-Policy': csp,
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
    }).catch((error: unknown) => {
      options.logger.error('Static file error', error);
      if (!response.headersSent) response.writeHead(500).end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const url = `${origin}/#secret=${secret}`;
  options.onListening?.(url);
  // Loaded only now (a chunk of its own in the build): the export, video and decoding libraries it imports take
  // a few hundred milliseconds, which the browser spends loading the page.
  const servicesReady: Promise<AppServices> = import('../app/app-services.js').then(({ createAppServices }) =>
    createAppServices({
      platform,
      logger: options.logger,
      events: hub,
      ...(options.secrets ? { secrets: options.secrets } : {}),
      ...(options.devStandin ? { devStandin: options.devStandin } : {}),
    }),
  );
  let binding: WebSocketBinding | undefined;
  // A page that connects before the services are ready waits for them.
  const bindingReady = Promise.all([servicesReady, import('./ws-binding.js')]).then(
    ([ready, { WebSocketBinding }]) => {
      binding = new WebSocketBinding(ready.dispatch, ready.events, { origin, secret }, options.logger);
      return binding;
    },
  );
  server.on('upgrade', (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    void bindingReady.then(
      (ready) => ready.handleUpgrade(request, socket, head),
      () => socket.destroy(),
    );
  });
  let running: AppServices;
  try {
    running = await servicesReady;
    await bindingReady;
  } catch (error) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await chooser.close();
    throw error;
  }

  return {
    url,
    origin,
    chooserOrigin: chooser.origin,
    services: running,
    async close() {
      await binding?.close();
      await chooser.close();
      await running.dispose();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
