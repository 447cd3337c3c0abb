import { randomUUID } from 'node:crypto';
import type http from 'node:http';

/**
 * The fuzz test's cases (fuzz.test.ts): malformed or surprising answers made from a seed, so a failing case is
 * reproduced by its index, and the fake service's way of sending each.
 */

/** The token the fuzzed client sends; no error may carry it. */
export const FUZZ_TOKEN = 'fuzz_token_DO_NOT_LEAK_42';
/** The fuzzed client's response cap (lower than the default keeps the huge-body cases quick). */
export const FUZZ_MAX_RESPONSE_BYTES = 1024 * 1024;

export type Reply =
  | { mode: 'http'; status: number; headers: Record<string, string>; body: Buffer; truncateAt?: number }
  | { mode: 'raw'; bytes: Buffer }
  | { mode: 'endless'; status: number }
  | { mode: 'destroy' }
  | { mode: 'stall' };

interface FuzzCase {
  name: string;
  reply: Reply;
  requestId: string | undefined;
  operation: 'getTask' | 'getVoice' | 'createTask';
}

/** Deterministic PRNG (mulberry32) so a failing case can be reproduced by its index. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const WEIRD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  '',
  ' ',
  'x'.repeat(5000),
  true,
  [],
  {},
  [1, 2],
  { nested: { deep: [null] } },
  '🚀',
  'generated',
  NaN,
];
const STATUSES = [
  'pending',
  'processing',
  'generated',
  'creating',
  'lora-success',
  'failed',
  'FAILED',
  'queued',
  'zombie',
  '',
  '💥',
  'x'.repeat(300),
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/html',
  'text/plain',
  'application/octet-stream',
  'application/problem+json',
  '',
];
const HTTP_STATUSES = [
  200, 200, 200, 201, 202, 204, 301, 400, 401, 403, 404, 409, 413, 418, 429, 500, 502, 503, 504, 599,
];

function validTask(random: () => number): Record<string, unknown> {
  return {
    id: randomUUID(),
    userId: randomUUID(),
    status: pick(random, STATUSES),
    type: 'tts',
    metadata: {
      contents: [
        {
          type: 'text',
          text: 'hi',
          audio: 'http://127.0.0.1/files/a.mp3',
          generatedAt: new Date(0).toISOString(),
        },
      ],
      characters: 2,
      voices: [{ id: randomUUID(), name: 'V', status: 'pending', from: 'market' }],
      isPremium: false,
      srt: false,
    },
  };
}

/** Breaks a valid resource in one of many ways. */
function mutate(random: () => number, resource: Record<string, unknown>): unknown {
  const copy: Record<string, unknown> = structuredClone(resource);
  const metadata = copy.metadata as Record<string, unknown>;
  switch (Math.floor(random() * 12)) {
    case 0:
      delete copy[pick(random, ['id', 'status', 'metadata', 'type'])];
      return copy;
    case 1:
      copy[pick(random, ['id', 'status', 'metadata', 'userId'])] = pick(random, WEIRD_VALUES);
      return copy;
    case 2:
      metadata[pick(random, ['contents', 'characters', 'voices', 'audio', 'srt', 'isPremium'])] = pick(
        random,
        WEIRD_VALUES,
      );
      return copy;
    case 3:
      metadata.contents = [pick(random, WEIRD_VALUES), { audio: pick(random, WEIRD_VALUES) }, null];
      return copy;
    case 4:
      copy[`extra_${Math.floor(random() * 1000)}`] = pick(random, WEIRD_VALUES);
      return copy;
    case 5:
      return pick(random, WEIRD_VALUES);
    case 6:
      return [copy];
    case 7: {
      let deep: unknown = copy.id;
      for (let depth = 0; depth < 20; depth += 1) deep = [deep];
      return { ...copy, deep };
    }
    case 8:
      metadata.failureReason = pick(random, WEIRD_VALUES);
      return copy;
    case 9:
      copy.status = pick(random, STATUSES);
      return copy;
    case 10:
      copy.__proto__ = { polluted: true };
      return JSON.parse(JSON.stringify(copy).replace('"id"', '"__proto__":{"id":"x"},"id"')) as unknown;
    default:
      return copy;
  }
}

function wrap(random: () => number, data: unknown): unknown {
  switch (Math.floor(random() * 6)) {
    case 0:
      return data;
    case 1:
      return { status: 200, message: 'OK' };
    case 2:
      return { status: 500, code: 'INTERNAL_ERROR', message: `boom ${FUZZ_TOKEN}` };
    case 3:
      return { status: '200', message: 5, data };
    default:
      return { status: 200, message: 'OK', data };
  }
}

function errorBody(random: () => number, status: number): unknown {
  switch (Math.floor(random() * 7)) {
    case 0:
      return { status, code: 'SOME_CODE', message: 'Plain error.' };
    case 1:
      return { status, code: 42, message: { nested: true } };
    case 2:
      return { error: { code: 'NESTED_CODE', message: 'Nested error.' } };
    case 3:
      return { error: `Bearer ${FUZZ_TOKEN} rejected` };
    case 4:
      return {
        status,
        code: 'X'.repeat(1000),
        message: `line1\nline2\u0000\u001b[31m red ${'m'.repeat(20_000)}`,
      };
    case 5:
      return pick(random, WEIRD_VALUES);
    default:
      return { status, code: 'RATE_LIMIT_EXCEEDED', message: `Authorization: Bearer ${FUZZ_TOKEN}` };
  }
}

function bodyText(random: () => number, status: number): Buffer {
  const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value) ?? 'null');
  switch (Math.floor(random() * 13)) {
    case 0:
      return Buffer.from('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>');
    case 1:
      return Buffer.alloc(0);
    case 2:
      return Buffer.from('   \n\t ');
    case 3: {
      const full = JSON.stringify({ status: 200, message: 'OK', data: validTask(random) });
      return Buffer.from(full.slice(0, Math.floor(random() * full.length)));
    }
    case 4:
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json({ status: 200, data: validTask(random) })]);
    case 5:
      return Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1]);
    case 6:
      return Buffer.from(
        pick(random, ['null', 'true', '123', '"just a string"', '[]', 'NaN', '{"a":', '}{']),
      );
    default:
      return status >= 200 && status < 300
        ? json(wrap(random, mutate(random, validTask(random))))
        : json(errorBody(random, status));
  }
}

export function makeCase(index: number): FuzzCase {
  const random = prng(index + 1);
  const requestId = pick(random, [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    undefined,
    `req-${'r'.repeat(400)}`,
  ]);
  const operation = pick(random, ['getTask', 'getTask', 'getVoice', 'createTask'] as const);
  const idHeader: Record<string, string> =
    requestId === undefined ? {} : { 'x-service-app-request-id': requestId };
  const roll = random();
  if (roll < 0.02)
    return { name: 'destroyed connection', reply: { mode: 'destroy' }, requestId: undefined, operation };
  if (roll < 0.025)
    return { name: 'silent service', reply: { mode: 'stall' }, requestId: undefined, operation };
  if (roll < 0.04)
    return {
      name: 'endless body',
      reply: { mode: 'endless', status: pick(random, [200, 500]) },
      requestId: undefined,
      operation,
    };
  if (roll < 0.07) {
    const raw = pick(random, [
      'this is not http\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{"status":200,"da',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nbad\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 10000000000\r\n\r\n{}',
      'HTTP/1.1 99999 Weird\r\n\r\n',
      `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nx-service-app-request-id: ok-id\r\nContent-Length: 2\r\n\r\n{}`,
    ]);
    return {
      name: `raw: ${raw.slice(0, 30)}`,
      reply: { mode: 'raw', bytes: Buffer.from(raw) },
      requestId: undefined,
      operation,
    };
  }
  if (roll < 0.1) {
    const data = JSON.stringify({
      status: 200,
      message: 'OK',
      data: { ...validTask(random), blob: 'b'.repeat(FUZZ_MAX_RESPONSE_BYTES + 1024) },
    });
    return {
      name: 'huge body',
      reply: {
        mode: 'http',
        status: 200,
        headers: { 'content-type': 'application/json', ...idHeader },
        body: Buffer.from(data),
      },
      requestId,
      operation,
    };
  }
  const status = pick(random, HTTP_STATUSES);
  const headers: Record<string, string> = { ...idHeader };
  const contentType = pick(random, CONTENT_TYPES);
  if (contentType !== '') headers['content-type'] = contentType;
  if (status === 429 || random() < 0.1)
    headers['retry-after'] = pick(random, [
      '1',
      '0',
      '',
      'abc',
      '-1',
      '99999999999',
      '2.5',
      new Date(0).toUTCString(),
      'Wed, 21 Oct 2099 07:28:00 GMT',
    ]);
  if (status === 301) headers.location = 'http://elsewhere.invalid/';
  const body = status === 204 ? Buffer.alloc(0) : bodyText(random, status);
  const truncateAt = random() < 0.05 && body.length > 2 ? Math.floor(body.length / 2) : undefined;
  return {
    name: `HTTP ${status} ${contentType || '(no type)'}`,
    reply: { mode: 'http', status, headers, body, ...(truncateAt === undefined ? {} : { truncateAt }) },
    requestId,
    operation,
  };
}

export function answer(reply: Reply, res: http.ServerResponse): void {
  const socket = res.socket;
  switch (reply.mode) {
    case 'destroy':
      socket?.destroy();
      return;
    case 'stall':
      return;
    case 'raw':
      socket?.end(reply.bytes);
      return;
    case 'endless': {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('error', () => undefined);
      pump();
      return;
    }
    case 'http': {
      const { body, truncateAt } = reply;
      res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
      if (truncateAt === undefined) res.end(body);
      else res.write(body.subarray(0, truncateAt), () => socket?.destroy());
    }
  }
}
