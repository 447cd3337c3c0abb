import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from './clock.js';
import { ServiceClient } from './service-client.js';
import type { ServiceClientOptions } from './service-client.js';
import { ServiceError } from './service-error.js';
import { FakeClock } from './test-support/fake-clock.js';
import type { FakeHandler, FakeService } from './test-support/fake-service.js';
import { envelope, errorBody, sampleTask, sendJson, startFakeService } from './test-support/fake-service.js';

const TOKEN = 'tok_live_5ecret_Value_3f9a';
const block = { type: 'text' as const, voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f', text: 'Hello.' };

let service: FakeService | undefined;
let client: ServiceClient | undefined;
afterEach(async () => {
  client?.close();
  await service?.close();
  service = undefined;
  client = undefined;
});

async function setup(handler: FakeHandler, options: Partial<ServiceClientOptions> = {}) {
  service = await startFakeService(handler);
  const clock = new FakeClock();
  const attempts: string[] = [];
  client = new ServiceClient({
    baseUrl: service.url,
    getToken: () => TOKEN,
    clock,
    random: () => 0.5,
    onAttempt: ({ method, path }) => attempts.push(`${method} ${path}`),
    ...options,
  });
  return { service, client, clock, attempts };
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

function expectNoToken(error: ServiceError): void {
  for (const rendering of [
    error.message,
    error.stack ?? '',
    JSON.stringify(error),
    inspect(error, { depth: 10, showHidden: true }),
  ]) {
    expect(rendering).not.toContain(TOKEN);
  }
}

describe('ServiceClient: success paths', () => {
  it('creates a task with the bearer token, sending only each block type’s keys, and returns the request id', async () => {
    const task = sampleTask();
    const { client, service } = await setup((_req, res) => {
      sendJson(res, 200, envelope(task), { 'x-service-app-request-id': 'req-create-1' });
    });
    const result = await client.createTask({
      contents: [
        { ...block, speechrate: 1.2, sfx_length: 4 } as typeof block,
        { type: 'sfx' as const, text: 'rain', voiceId: 'dropped' },
      ],
      srt: true,
    });
    expect(result.requestId).toBe('req-create-1');
    expect(result.data.id).toBe(task.id);
    const seen = service.requests[0];
    expect(seen?.method).toBe('POST');
    expect(seen?.path).toBe('/api/tts/generate');
    expect(seen?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen?.body.toString() ?? '')).toEqual({
      contents: [block, { type: 'sfx', text: 'rain' }],
      srt: true,
    });
  });

  it('keeps unknown statuses and unknown fields, and tolerates wrongly typed optional fields', async () => {
    const { client } = await setup((_req, res) => {
      sendJson(
        res,
        200,
        envelope(
          sampleTask({
            id: 't-1',
            status: 'queued-somewhere',
            extra: { a: 1 },
            metadata: { characters: '12', contents: [5, { audio: 'https://x/a.mp3' }] },
          }),
        ),
      );
    });
    const { data } = await client.getTask('t-1');
    expect(data.status).toBe('queued-somewhere');
    expect(data.extra).toEqual({ a: 1 });
    expect(data.metadata.characters).toBeUndefined();
    expect(data.metadata.contents).toEqual([{}, { audio: 'https://x/a.mp3' }]);
  });

  it('accepts a bare resource without the envelope, and a base URL with a path prefix', async () => {
    service = await startFakeService((req, res) => {
      sendJson(res, 200, sampleTask({ id: 't-2', status: 'processing' }));
    });
    client = new ServiceClient({ baseUrl: `${service.url}/prefix/`, getToken: () => TOKEN });
    const { data } = await client.getTask('t-2');
    expect(data.status).toBe('processing');
    expect(service.requests[0]?.path).toBe('/prefix/api/tts/generate/t-2');
  });

  it('reads the token for every call and uses a per-call base URL and token when given', async () => {
    let reads = 0;
    const { client, service } = await setup((_req, res) => sendJson(res, 200, envelope(sampleTask())), {
      getToken: () => {
        reads += 1;
        return TOKEN;
      },
    });
    await client.getTask('a');
    await client.getTask('b');
    expect(reads).toBe(2);
    await client.getTask('c', { token: 'other-token', baseUrl: service.url });
    expect(service.requests[2]?.headers.authorization).toBe('Bearer other-token');
    expect(reads).toBe(2);
  });
});

describe('ServiceClient: errors', () => {
  it('turns an error body into a ServiceError with status, code, message and request id', async () => {
    const { client } = await setup((_req, res) => {
      sendJson(res, 404, errorBody(404, 'TASK_NOT_FOUND', 'No such task.'), {
        'x-service-app-request-id': 'req-404',
      });
    });
    const error = await failure(client.getTask('missing'));
    expect(error.toJSON()).toEqual({
      kind: 'http',
      code: 'TASK_NOT_FOUND',
      message: 'No such task.',
      httpStatus: 404,
      requestId: 'req-404',
      retryable: false,
      requestSent: true,
    });
  });

  it('rejects invalid requests locally, naming block, field and rule, without sending anything', async () => {
    const { client, service } = await setup((_req, res) => sendJson(res, 200, envelope(sampleTask())));
    const error = await failure(
      client.createTask({ contents: [block, { ...block, emo_switch: [1, 2, 3] }] }),
    );
    expect(error.kind).toBe('validation');
    expect(error.requestSent).toBe(false);
    expect(error.message).toMatch(/^Block 2 \(text\): "emo_switch"/);
    expect(error.violations?.[0]).toMatchObject({
      path: 'contents[1].emo_switch',
      blockIndex: 1,
      rule: 'emo-switch-shape',
    });
    const foreign = await failure(
      client.createTask({ contents: [{ type: 'audio' as const, audio: 'https://elsewhere.example/a.mp3' }] }),
    );
    expect(foreign.violations?.[0]?.rule).toBe('not-platform-url');
    expect(service.requests).toHaveLength(0);
  });

  it('refuses to call without a token, or with one that cannot be sent in a header', async () => {
    const { service } = await setup((_req, res) => sendJson(res, 200, envelope(sampleTask())));
    const unsigned = new ServiceClient({ baseUrl: service.url, getToken: async () => undefined });
    expect((await failure(unsigned.getTask('x'))).code).toBe('NOT_SIGNED_IN');
    const broken = new ServiceClient({ baseUrl: service.url, getToken: () => `${TOKEN}\r\nX-Evil: 1` });
    const error = await failure(broken.getTask('x'));
    expect(error.code).toBe('TOKEN_MALFORMED');
    expectNoToken(error);
    expect(service.requests).toHaveLength(0);
  });

  it('never lets the token into an error, even when the service echoes it back', async () => {
    const { client } = await setup((req, res) => {
      sendJson(
        res,
        401,
        errorBody(401, 'UNAUTHORIZED', `Token rejected: ${req.headers.authorization ?? ''} (raw ${TOKEN})`),
      );
    });
    const error = await failure(client.getTask('x'));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.message).toContain('[redacted]');
    expectNoToken(error);
    const offline = new ServiceClient({
      baseUrl: 'http://127.0.0.1:1',
      getToken: () => TOKEN,
      retry: { maxRetries: 0 },
    });
    expectNoToken(await failure(offline.getTask('x')));
  });
});

describe('ServiceClient: retries', () => {
  it('retries GETs on 502/503/504 with full-jitter backoff (0.5 s base, doubling)', async () => {
    let calls = 0;
    const { client, clock } = await setup((_req, res) => {
      calls += 1;
      const status = [502, 503, 504][calls - 1];
      if (status) sendJson(res, status, errorBody(status, 'UNAVAILABLE', 'down'));
      else sendJson(res, 200, envelope(sampleTask({ status: 'generated' })));
    });
    const { data } = await client.getTask('t');
    expect(data.status).toBe('generated');
    expect(calls).toBe(4);
    expect(clock.sleeps).toEqual([250, 500, 1000]);
  });

  it('gives up after the retry budget and reports the last error with its request id', async () => {
    const { client, attempts } = await setup((_req, res) => {
      sendJson(res, 503, errorBody(503, 'SERVICE_UNAVAILABLE', 'Try later.'), {
        'x-service-app-request-id': `req-${attempts.length}`,
      });
    });
    const error = await failure(client.getTask('t'));
    expect(attempts).toHaveLength(4);
    expect(error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      httpStatus: 503,
      requestId: 'req-4',
      retryable: true,
    });
  });

  it('obeys Retry-After in seconds and as an HTTP date, for GETs and creating POSTs alike', async () => {
    let calls = 0;
    const { client, clock } = await setup((_req, res) => {
      calls += 1;
      if (calls === 1)
        sendJson(res, 429, errorBody(429, 'RATE_LIMIT_EXCEEDED', 'Slow down.'), { 'retry-after': '3' });
      else if (calls === 2)
        sendJson(res, 429, errorBody(429, 'RATE_LIMIT_EXCEEDED', 'Slow down.'), {
          'retry-after': new Date(clock.now() + 5000).toUTCString(),
        });
      else sendJson(res, 200, envelope(sampleTask()));
    });
    await client.createTask({ contents: [block] });
    expect(calls).toBe(3);
    expect(clock.sleeps).toEqual([3000, 5000]);
  });

  it('holds every request from the moment a 429’s headers arrive, not once its body has been read', async () => {
    const starts: number[] = [];
    let receivedAt: number | undefined;
    let headersSentAt = 0;
    let startSecond: (() => void) | undefined;
    const { client } = await setup(
      (request, res) => {
        if (request.path.endsWith('/second')) {
          sendJson(res, 200, envelope(sampleTask()));
          return;
        }
        // A refusal whose body is slow to come, as it is on a loaded machine or a slow line: the headers now,
        // the body 300 ms later. Meanwhile another request of the app comes up for its turn.
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.flushHeaders();
        headersSentAt = Date.now();
        setTimeout(() => startSecond?.(), 100);
        setTimeout(() => res.end(JSON.stringify(errorBody(429, 'RATE_LIMIT_EXCEEDED', 'Slow down.'))), 300);
      },
      {
        clock: systemClock,
        onAttempt: () => starts.push(Date.now()),
        onAnswer: (answer) => {
          if (answer.status === 429) receivedAt = answer.receivedAt;
        },
      },
    );
    const second = new Promise<unknown>((resolve, reject) => {
      startSecond = () => {
        client.getTask('second', { maxRetries: 0 }).then(resolve, reject);
      };
    });
    const refused = await failure(client.getTask('first', { maxRetries: 0 }));
    expect(refused.httpStatus).toBe(429);
    await second;
    expect(starts).toHaveLength(2);
    // Before: the second request went out 100 ms after the refusal arrived, as its body was still coming.
    expect(starts[1]! - headersSentAt).toBeGreaterThanOrEqual(1_000);
    expect(receivedAt).toBeGreaterThanOrEqual(headersSentAt);
    expect(starts[1]!).toBeGreaterThanOrEqual(receivedAt! + 1_000);
  });

  it('does not sleep through a Retry-After longer than 60 s: the error carries the wait instead', async () => {
    const { client, clock } = await setup((_req, res) => {
      sendJson(res, 429, errorBody(429, 'RATE_LIMIT_PER_HOUR', 'Hourly limit.'), { 'retry-after': '3600' });
    });
    const error = await failure(client.getTask('t'));
    expect(error).toMatchObject({
      httpStatus: 429,
      code: 'RATE_LIMIT_PER_HOUR',
      retryAfterMs: 3_600_000,
      retryable: true,
    });
    expect(clock.sleeps).toEqual([]);
  });

  it('never retries a creating POST after the service may have acted (5xx, reset after sending, timeout)', async () => {
    const { client, service } = await setup((req, res) => {
      if (req.path.endsWith('/reset')) res.socket?.destroy();
      else sendJson(res, 503, errorBody(503, 'SERVICE_UNAVAILABLE', 'busy'));
    });
    expect((await failure(client.createTask({ contents: [block] }))).httpStatus).toBe(503);
    expect(service.requests).toHaveLength(1);

    service.setHandler((_req, res) => res.socket?.destroy());
    const reset = await failure(client.createTask({ contents: [block] }));
    expect(reset).toMatchObject({ kind: 'network', requestSent: true });
    expect(service.requests).toHaveLength(2);

    service.setHandler(() => undefined);
    const timeout = await failure(client.createTask({ contents: [block] }, { timeoutMs: 100 }));
    expect(timeout).toMatchObject({ kind: 'timeout', requestSent: true });
    expect(service.requests).toHaveLength(3);
  });

  it('retries a creating POST whose connection was refused before it was sent', async () => {
    const attempts: string[] = [];
    const clock = new FakeClock();
    client = new ServiceClient({
      baseUrl: 'http://127.0.0.1:1',
      getToken: () => TOKEN,
      clock,
      random: () => 0.5,
      onAttempt: (a) => attempts.push(a.method),
    });
    const error = await failure(client.createTask({ contents: [block] }));
    expect(error).toMatchObject({ kind: 'network', code: 'NETWORK_UNREACHABLE', requestSent: false });
    expect(error.message).toContain('ECONNREFUSED');
    expect(attempts).toEqual(['POST', 'POST', 'POST', 'POST']);
  });

  it('retries GETs whose connection dropped or timed out', async () => {
    let calls = 0;
    const { client } = await setup((_req, res) => {
      calls += 1;
      if (calls === 1) res.socket?.destroy();
      else if (calls === 2)
        return; // never answers: times out
      else sendJson(res, 200, envelope(sampleTask({ status: 'generated' })));
    });
    const { data } = await client.getTask('t', { timeoutMs: 150 });
    expect(data.status).toBe('generated');
    expect(calls).toBe(3);
  });
});

describe('ServiceClient: cancellation and timeouts', () => {
  it('aborts an in-flight call with the caller’s signal', async () => {
    const { client } = await setup(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(client.getTask('t', { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'aborted', code: 'ABORTED', retryable: false });
  });

  it('aborts during a retry wait, and does not start when already aborted', async () => {
    const controller = new AbortController();
    const { client, service } = await setup((_req, res) => {
      controller.abort();
      sendJson(res, 503, errorBody(503, 'SERVICE_UNAVAILABLE', 'busy'));
    });
    expect((await failure(client.getTask('t', { signal: controller.signal }))).kind).toBe('aborted');
    expect(service.requests).toHaveLength(1);
    expect((await failure(client.getTask('t', { signal: controller.signal }))).kind).toBe('aborted');
    expect(service.requests).toHaveLength(1);
  });

  it('times out a silent service within the per-call limit', async () => {
    const { client } = await setup(() => undefined);
    const started = Date.now();
    const error = await failure(client.getTask('t', { timeoutMs: 100, maxRetries: 0 }));
    expect(error).toMatchObject({ kind: 'timeout', code: 'TIMEOUT', retryable: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
