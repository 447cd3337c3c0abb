import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RESPONSE_BYTES, ServiceClient } from './service-client.js';
import { ServiceError } from './service-error.js';
import { FakeClock } from './test-support/fake-clock.js';
import type { FakeService } from './test-support/fake-service.js';
import { startFakeService } from './test-support/fake-service.js';

/**
 * Feeds hundreds of malformed or surprising responses to the client. Each call must settle as either a parsed
 * resource (tolerant parse) or one clear ServiceError: no crash, no hang, no unhandled error, no token leak.
 */
const TOKEN = 'fuzz_token_DO_NOT_LEAK_42';
const CASE_COUNT = 480;
const FUZZ_MAX_RESPONSE_BYTES = 1024 * 1024;

type Reply =
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
      return { status: 500, code: 'INTERNAL_ERROR', message: `boom ${TOKEN}` };
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
      return { error: `Bearer ${TOKEN} rejected` };
    case 4:
      return {
        status,
        code: 'X'.repeat(1000),
        message: `line1\nline2\u0000\u001b[31m red ${'m'.repeat(20_000)}`,
      };
    case 5:
      return pick(random, WEIRD_VALUES);
    default:
      return { status, code: 'RATE_LIMIT_EXCEEDED', message: `Authorization: Bearer ${TOKEN}` };
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

function makeCase(index: number): FuzzCase {
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

function answer(reply: Reply, res: http.ServerResponse): void {
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

const KINDS = new Set(['http', 'network', 'timeout', 'aborted', 'invalid-response', 'validation']);
// eslint-disable-next-line no-control-regex -- asserting their absence
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

let service: FakeService;
let client: ServiceClient;
let current: Reply = { mode: 'stall' };

beforeAll(async () => {
  service = await startFakeService((_req, res) => answer(current, res));
  client = new ServiceClient({
    baseUrl: service.url,
    getToken: () => TOKEN,
    clock: new FakeClock(),
    random: () => 0.5,
    timeoutMs: 150,
    retry: { maxRetries: 1 },
    // A lower cap than the 8 MiB default keeps the many huge-body cases quick; the default is tested below.
    maxResponseBytes: FUZZ_MAX_RESPONSE_BYTES,
  });
});
afterAll(async () => {
  client.close();
  await service.close();
});

describe('client fuzz: malformed and surprising responses', () => {
  it(`settles every one of ${CASE_COUNT} cases as a parsed resource or one clear ServiceError`, async () => {
    const tally: Record<string, number> = {};
    for (let index = 0; index < CASE_COUNT; index += 1) {
      const fuzzCase = makeCase(index);
      current = fuzzCase.reply;
      const call =
        fuzzCase.operation === 'getTask'
          ? client.getTask(`case-${index}`)
          : fuzzCase.operation === 'getVoice'
            ? client.getVoice(`case-${index}`)
            : client.createTask({
                contents: [
                  { type: 'text' as const, voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f', text: 'fuzz' },
                ],
              });
      const outcome = await call.then(
        (result) => ({ ok: true as const, result }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      const where = `case ${index} (${fuzzCase.name}, ${fuzzCase.operation})`;
      if (outcome.ok) {
        tally.parsed = (tally.parsed ?? 0) + 1;
        const { data } = outcome.result;
        expect(typeof data.id, where).toBe('string');
        expect(data.id.length, where).toBeGreaterThan(0);
        expect(typeof data.status, where).toBe('string');
        expect(typeof data.metadata, where).toBe('object');
        expect(() => JSON.stringify(data), where).not.toThrow();
        continue;
      }
      const { error } = outcome;
      expect(error, where).toBeInstanceOf(ServiceError);
      if (!(error instanceof ServiceError)) continue;
      tally[error.kind] = (tally[error.kind] ?? 0) + 1;
      expect(KINDS.has(error.kind), where).toBe(true);
      expect(error.code.length, where).toBeGreaterThan(0);
      expect(error.code.length, where).toBeLessThanOrEqual(80);
      expect(error.message.length, where).toBeGreaterThan(0);
      expect(error.message.length, where).toBeLessThanOrEqual(600);
      expect(CONTROL.test(error.message), where).toBe(false);
      expect(JSON.stringify(error), where).not.toContain(TOKEN);
      expect(error.stack ?? '', where).not.toContain(TOKEN);
      if (fuzzCase.requestId !== undefined && error.kind === 'http')
        expect(fuzzCase.requestId.startsWith(error.requestId ?? '<none>'), where).toBe(true);
    }
    // The generator must really exercise both outcomes and the main failure kinds.
    expect(tally.parsed ?? 0).toBeGreaterThan(20);
    for (const kind of ['http', 'network', 'invalid-response', 'timeout'])
      expect(tally[kind] ?? 0, kind).toBeGreaterThan(0);
  }, 60_000);

  it('caps huge bodies at the documented maximum', async () => {
    current = { mode: 'endless', status: 200 };
    const defaults = new ServiceClient({
      baseUrl: service.url,
      getToken: () => TOKEN,
      retry: { maxRetries: 0 },
    });
    try {
      await expect(defaults.getTask('endless')).rejects.toMatchObject({
        kind: 'invalid-response',
        code: 'RESPONSE_TOO_LARGE',
        message: expect.stringContaining(`more than ${DEFAULT_MAX_RESPONSE_BYTES} bytes`),
      });
    } finally {
      defaults.close();
    }
    current = {
      mode: 'raw',
      bytes: Buffer.from(
        'HTTP/1.1 200 OK\r\nx-service-app-request-id: big-1\r\nContent-Length: 10000000000\r\n\r\n{}',
      ),
    };
    await expect(client.getTask('declared')).rejects.toMatchObject({
      code: 'RESPONSE_TOO_LARGE',
      requestId: 'big-1',
    });
  });

  it('explains an HTML error page and truncated JSON in plain words', async () => {
    current = {
      mode: 'http',
      status: 200,
      headers: { 'content-type': 'text/html', 'x-service-app-request-id': 'html-1' },
      body: Buffer.from('<html>oops</html>'),
    };
    await expect(client.getTask('html')).rejects.toMatchObject({
      kind: 'invalid-response',
      requestId: 'html-1',
      message: expect.stringContaining('"text/html" content'),
    });
    current = {
      mode: 'http',
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"status":200,"data":{"id"'),
    };
    await expect(client.getTask('trunc')).rejects.toMatchObject({
      kind: 'invalid-response',
      message: expect.stringContaining('malformed or truncated JSON'),
    });
    current = {
      mode: 'http',
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from('{"status":200,"data":{"status":"pending"}}'),
    };
    await expect(client.getTask('noid')).rejects.toMatchObject({
      kind: 'invalid-response',
      message: expect.stringContaining('"id"'),
    });
  });
});
