import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_RESPONSE_BYTES, ServiceClient } from './service-client.js';
import { ServiceError } from './service-error.js';
import { FakeClock } from './test-support/fake-clock.js';
import type { Reply } from './test-support/fuzz-cases.js';
import { FUZZ_MAX_RESPONSE_BYTES, FUZZ_TOKEN as TOKEN, answer, makeCase } from './test-support/fuzz-cases.js';
import type { FakeService } from './test-support/fake-service.js';
import { startFakeService } from './test-support/fake-service.js';

/**
 * Feeds hundreds of malformed or surprising responses to the client. Each call must settle as either a parsed
 * resource (tolerant parse) or one clear ServiceError: no crash, no hang, no unhandled error, no token leak.
 */
const CASE_COUNT = 480;

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
