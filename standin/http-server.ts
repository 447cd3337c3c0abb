import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sleep } from './clock.js';
import { errorReply, ok, type Reply } from './http/reply.js';
import { ServiceError } from './http/service-error.js';
import { contentTypeForFile, serveFile } from './http/serve-file.js';
import { FILES_PREFIX } from './files/file-space.js';
import { recordRequest } from './records/record-request.js';
import { routeAdmin, ADMIN_PREFIX, type ServerControls } from './routes/admin-routes.js';
import { routeApi, submissionKindOf } from './routes/api-routes.js';
import { bearerToken, type RouteContext } from './routes/route-context.js';
import type { StandinApp } from './standin-app.js';
import { defaultCodeForStatus, type FaultRule } from './traffic/faults.js';
import { drainRequest } from './voices/voice-upload.js';
import { REQUEST_ID_HEADER } from './wire-choices.js';

/**
 * The HTTP face of the stand-in: request id and CORS on every response, simulated latency and injected faults on
 * /api and /files, the routes, the submission ledger and the request log. It can stop listening and listen
 * again on the same port (the "offline" fault).
 */
export class StandinHttpServer implements ServerControls {
  private readonly server: http.Server;
  private port = 0;
  private offlineTimer: NodeJS.Timeout | undefined;

  constructor(private readonly app: StandinApp) {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.app.options.log(`request handling failed: ${(error as Error).stack ?? String(error)}`);
        res.destroy();
      });
    });
  }

  get listeningPort(): number {
    return this.port;
  }

  get isListening(): boolean {
    return this.server.listening;
  }

  async listen(port: number, host: string): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  /** Stops accepting connections and cuts the open ones (clients see refused/reset connections). */
  async stopListening(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  goOfflineFor(durationMs: number): void {
    void this.stopListening().then(() => {
      this.offlineTimer = setTimeout(() => {
        this.offlineTimer = undefined;
        void this.listen(this.port, this.app.options.host).catch((error: unknown) =>
          this.app.options.log(`could not listen again on ${this.port}: ${(error as Error).message}`),
        );
      }, durationMs);
    });
  }

  async close(): Promise<void> {
    if (this.offlineTimer) clearTimeout(this.offlineTimer);
    this.offlineTimer = undefined;
    await this.stopListening();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const requestId = randomUUID();
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://standin.invalid');
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader(
      'Access-Control-Expose-Headers',
      `${REQUEST_ID_HEADER}, Retry-After, Content-Range, Accept-Ranges`,
    );
    const kind = submissionKindOf(method, url.pathname);
    const context: RouteContext = {
      app: this.app,
      req,
      url,
      requestId,
      token: bearerToken(req),
      submission: kind ? { kind, summary: {} } : undefined,
      afterResponse: [],
    };
    let fault: FaultRule | undefined;
    let reply: Reply;
    let failure: ServiceError | undefined;
    try {
      const outcome = await this.produce(context);
      reply = outcome.reply;
      fault = outcome.fault;
      failure = outcome.failure;
    } catch (error) {
      failure = error instanceof ServiceError ? error : this.internalError(error, requestId);
      reply = errorReply(failure);
    }
    let status: number;
    if (fault?.mode === 'drop-before' || fault?.mode === 'drop-after') {
      status = 0;
      req.socket.destroy();
    } else {
      status = await this.write(req, res, reply);
    }
    recordRequest(this.app, context, { status, failure, fault, started });
    for (const action of context.afterResponse) action();
  }

  /** Latency, faults and routing; a thrown ServiceError becomes the error reply. */
  private async produce(
    context: RouteContext,
  ): Promise<{ reply: Reply; fault?: FaultRule; failure?: ServiceError }> {
    const { req, url } = context;
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      return {
        reply: {
          kind: 'empty',
          status: 204,
          headers: {
            'Access-Control-Allow-Methods': 'GET, HEAD, POST, OPTIONS',
            'Access-Control-Allow-Headers': 'Authorization, Content-Type, Range',
            'Access-Control-Max-Age': '600',
          },
        },
      };
    }
    if (url.pathname.startsWith(ADMIN_PREFIX)) {
      if (!this.app.options.admin)
        throw new ServiceError(404, 'NOT_FOUND', 'the admin surface is off (start with --admin)');
      return { reply: await routeAdmin(context, this) };
    }
    if (this.app.options.latencyMs > 0) await sleep(this.app.options.latencyMs, this.app.signal);
    const fault = this.app.faults.take(method, url.pathname);
    if (fault?.mode === 'drop-before') return { reply: { kind: 'empty', status: 0 }, fault };
    if (fault?.mode === 'status') {
      await drainRequest(req);
      const code = fault.code === undefined ? defaultCodeForStatus(fault.status) : { injected: fault.code };
      const retryAfterS = fault.retryAfterS ?? (fault.status === 429 || fault.status === 503 ? 1 : undefined);
      const failure = new ServiceError(
        fault.status,
        code,
        fault.message ??
          `injected fault: ${fault.status} ${fault.code ?? defaultCodeForStatus(fault.status)}`,
        retryAfterS !== undefined ? { 'Retry-After': String(retryAfterS) } : {},
      );
      return { reply: errorReply(failure), fault, failure };
    }
    if (fault?.mode === 'hang') await sleep(fault.hangMs, this.app.signal);
    if (fault?.mode === 'advance-on-read') context.advanceOnRead = true;
    let reply: Reply;
    try {
      reply = await this.route(context);
    } catch (error) {
      // A drop-after fault applies whatever the outcome: the client never learns it.
      if (fault?.mode === 'drop-after') {
        const failure = error instanceof ServiceError ? error : this.internalError(error, context.requestId);
        return { reply: errorReply(failure), fault, failure };
      }
      throw error;
    }
    return fault ? { reply, fault } : { reply };
  }

  private async route(context: RouteContext): Promise<Reply> {
    const { url, req } = context;
    if (url.pathname.startsWith(FILES_PREFIX)) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `${req.method ?? ''} is not allowed on files`);
      }
      const filePath = this.app.files.diskPathOf(url.pathname);
      const stat = filePath === undefined ? undefined : await fs.stat(filePath).catch(() => undefined);
      if (filePath === undefined || !stat?.isFile())
        throw new ServiceError(404, 'NOT_FOUND', `no file at ${url.pathname}`);
      return { kind: 'file', filePath, contentType: contentTypeForFile(filePath) };
    }
    if (url.pathname === '/' && req.method === 'GET') {
      return ok({ service: 'Timbre Studio voice service stand-in', api: `${this.app.files.origin}/api` });
    }
    return routeApi(context);
  }

  /** Writes the reply; returns the status sent. */
  private async write(req: IncomingMessage, res: ServerResponse, reply: Reply): Promise<number> {
    try {
      if (reply.kind === 'file') {
        await serveFile(req, res, reply.filePath, reply.contentType);
        return res.statusCode;
      }
      if (!req.complete) {
        // An answer before the body arrived (e.g. 401 on an upload): read it away so the client sees the answer.
        res.setHeader('Connection', 'close');
        await drainRequest(req);
      }
      for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
      if (reply.kind === 'empty') {
        res.writeHead(reply.status).end();
        return reply.status;
      }
      const body = JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
      });
      res.end(body);
      return reply.status;
    } catch {
      res.destroy();
      return 0;
    }
  }

  private internalError(error: unknown, requestId: string): ServiceError {
    this.app.options.log(`request ${requestId} failed: ${(error as Error).stack ?? String(error)}`);
    return new ServiceError(
      500,
      'INTERNAL_ERROR',
      'the service failed to handle the request',
      {},
      (error as Error).message,
    );
  }
}
