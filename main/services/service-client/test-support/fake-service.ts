import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake service saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type FakeHandler = (request: SeenRequest, response: http.ServerResponse) => unknown;

export interface FakeService {
  url: string;
  port: number;
  requests: SeenRequest[];
  setHandler(handler: FakeHandler): void;
  close(): Promise<void>;
}

/**
 * A tiny node:http server for client tests: records every request and lets each test answer as it likes,
 * including in ways no real service should (that is the point).
 */
export async function startFakeService(
  handler: FakeHandler,
  options: { port?: number; bufferBodies?: boolean } = {},
): Promise<FakeService> {
  let current = handler;
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const seen: SeenRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: Buffer.alloc(0),
    };
    requests.push(seen);
    if (options.bufferBodies === false) {
      void Promise.resolve(current(seen, res)).catch(() => res.destroy());
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => undefined);
    req.on('end', () => {
      seen.body = Buffer.concat(chunks);
      void Promise.resolve(current(seen, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    setHandler: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers JSON the way the stand-in does: with a fresh request id header. */
export function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): string {
  const requestId = headers['x-service-app-request-id'] ?? randomUUID();
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-service-app-request-id': requestId,
    ...headers,
  });
  response.end(text);
  return requestId;
}

export function envelope(data: unknown): { status: number; message: string; data: unknown } {
  return { status: 200, message: 'OK', data };
}

export function errorBody(
  status: number,
  code: string,
  message: string,
): { status: number; code: string; message: string } {
  return { status, code, message };
}

export function sampleTask(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: randomUUID(),
    userId: randomUUID(),
    status: 'pending',
    type: 'tts',
    metadata: { contents: [], characters: 12, voices: [], isPremium: false, srt: false },
    ...overrides,
  };
}

export function sampleVoice(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: randomUUID(),
    idForGenerate: randomUUID(),
    name: 'Ada',
    status: 'creating',
    metadata: { avatar: '', description: '', prompts: [] },
    ...overrides,
  };
}
