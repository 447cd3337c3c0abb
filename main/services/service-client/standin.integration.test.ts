import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { ServiceClient } from './service-client.js';
import { ServiceError } from './service-error.js';
import { LONG_SPEECH, SHORT_SPEECH, writeSpeechWav } from './test-support/speech-fixture.js';

/** Integration: the client against the real stand-in over HTTP. Every error code must arrive with its request id. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ACCOUNTS = [
  {
    token: 'standin-paid',
    plan: 'paid' as const,
    credits: 1_000_000,
    proCloneAccess: true,
    proCloneQuota: 3,
  },
  { token: 'standin-free', plan: 'free' as const, credits: 20_000, proCloneAccess: false, proCloneQuota: 0 },
  { token: 'broke', plan: 'free' as const, credits: 5, proCloneAccess: false, proCloneQuota: 0 },
  { token: 'no-quota', plan: 'paid' as const, credits: 1000, proCloneAccess: true, proCloneQuota: 0 },
];

let standin: RunningStandin;
let dir: string;
let speechPath: string;
const clients: ServiceClient[] = [];

function clientFor(token: string, options: { clock?: Clock; maxRetries?: number } = {}): ServiceClient {
  const client = new ServiceClient({
    baseUrl: standin.url,
    getToken: () => token,
    retry: { maxRetries: options.maxRetries ?? 0 },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  clients.push(client);
  return client;
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

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-client-it-'));
  speechPath = await writeSpeechWav(dir, 'speech.wav', LONG_SPEECH);
  standin = await startStandin({ speed: 20, rateLimit: 0, syncWaitS: 0.3, accounts: ACCOUNTS });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await standin.close();
  await rm(dir, { recursive: true, force: true });
});

describe('client × stand-in: error codes surface with their request id', () => {
  const block = () => ({
    type: 'text' as const,
    voiceId: standin.marketVoices[0]?.idForGenerate ?? '',
    text: 'Hello from the integration test.',
  });

  it.each([
    ['UNAUTHORIZED', 401, () => clientFor('not-a-token').getTask(randomUUID())],
    ['TASK_NOT_FOUND', 404, () => clientFor('standin-paid').getTask(randomUUID())],
    ['VOICE_NOT_FOUND', 404, () => clientFor('standin-paid').getVoice(randomUUID())],
    [
      'SPLITTER_NOT_FOUND',
      404,
      () => clientFor('standin-paid').createTask({ text: 'One. Two.', splitterId: 'no-such-splitter' }),
    ],
    [
      'TTS_CONTENTS_INVALID',
      400,
      () => clientFor('standin-paid').createTask({ contents: [{ ...block(), voiceId: randomUUID() }] }),
    ],
    [
      'TTS_CONTENTS_INVALID',
      400,
      () =>
        clientFor('standin-paid').createTask({
          contents: [{ type: 'audio', audio: `${standin.url}/files/never-issued.mp3` }],
        }),
    ],
    ['CREDITS_INSUFFICIENT', 403, () => clientFor('broke').createTask({ contents: [block()] })],
  ] as const)('%s (%i)', async (code, httpStatus, call) => {
    const error = await failure(call());
    expect(error).toMatchObject({ kind: 'http', code, httpStatus, retryable: false });
    expect(error.requestId).toMatch(UUID);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('hides another account’s task as TASK_NOT_FOUND', async () => {
    const { data } = await clientFor('standin-paid').createTask({ contents: [block()] });
    const error = await failure(clientFor('standin-free').getTask(data.id));
    expect(error).toMatchObject({
      code: 'TASK_NOT_FOUND',
      httpStatus: 404,
      requestId: expect.stringMatching(UUID),
    });
  });

  it('STREAM_TIMEOUT (400) when a sync submission does not reach processing in time', async () => {
    standin.setQueuePaused(true);
    try {
      const error = await failure(clientFor('standin-paid').createTask({ contents: [block()], sync: true }));
      expect(error).toMatchObject({
        code: 'STREAM_TIMEOUT',
        httpStatus: 400,
        requestId: expect.stringMatching(UUID),
      });
      const ledgerEntry = standin
        .ledger({ kind: 'task' })
        .find((entry) => entry.requestId === error.requestId);
      expect(ledgerEntry).toBeDefined();
    } finally {
      standin.setQueuePaused(false);
    }
  });

  it('voice codes: VOICE_PROMPT_TOO_SHORT, PRO_CLONE_FORBIDDEN, PRO_CLONE_QUOTA_EXCEEDED', async () => {
    const shortPath = await writeSpeechWav(dir, 'short.wav', SHORT_SPEECH);
    const short = await failure(
      clientFor('standin-paid').createVoice({ name: 'Short', prompt: { path: shortPath } }),
    );
    expect(short).toMatchObject({
      code: 'VOICE_PROMPT_TOO_SHORT',
      httpStatus: 400,
      requestId: expect.stringMatching(UUID),
    });
    const forbidden = await failure(
      clientFor('standin-free').createVoice({
        name: 'Pro',
        lora: 'pro-1',
        language: 'en',
        prompt: { path: speechPath },
      }),
    );
    expect(forbidden).toMatchObject({
      code: 'PRO_CLONE_FORBIDDEN',
      httpStatus: 403,
      requestId: expect.stringMatching(UUID),
    });
    const quota = await failure(
      clientFor('no-quota').createVoice({
        name: 'Pro',
        lora: 'pro-1',
        language: 'en',
        prompt: { path: speechPath },
      }),
    );
    expect(quota).toMatchObject({
      code: 'PRO_CLONE_QUOTA_EXCEEDED',
      httpStatus: 403,
      requestId: expect.stringMatching(UUID),
    });
  });

  it('codes the client prevents locally are caught before sending, and still surface when a service sends them', async () => {
    const client = clientFor('standin-paid');
    const conflict = await failure(
      client.createTask({ contents: [block()], text: 'x', splitterId: 's' } as never),
    );
    expect(conflict.violations?.[0]?.rule).toBe('shape-conflict');
    const version = await failure(
      client.createVoice({ name: 'V', modelVersion: 'v5.0', prompt: { path: speechPath } }),
    );
    expect(version.violations?.[0]?.rule).toBe('model-version');

    const injected = [
      [400, 'VALIDATION_CONFLICT'],
      [400, 'VALIDATION_BAD_REQUEST'],
      [400, 'VALIDATION_BAD_PARAMS'],
      [400, 'VOICE_MODEL_VERSION_INVALID'],
      [413, 'UPLOAD_TOO_LARGE'],
      [413, 'VOICE_PROMPT_TOO_LARGE'],
      [409, 'CONFLICT'],
      [500, 'INTERNAL_ERROR'],
      [503, 'SERVICE_UNAVAILABLE'],
    ] as const;
    for (const [status, code] of injected) {
      standin.injectFault({ mode: 'status', status, code, method: 'GET', pathPrefix: '/api/voice/' });
      const error = await failure(client.getVoice(standin.marketVoices[0]?.id ?? ''));
      expect(error, code).toMatchObject({
        kind: 'http',
        code,
        httpStatus: status,
        requestId: expect.stringMatching(UUID),
      });
    }
  });
});

describe('client × stand-in: success paths', () => {
  it('creates a task, polls it to generated, and reuses a generated segment as a platform-issued audio block', async () => {
    const client = clientFor('standin-paid', { maxRetries: 3 });
    const voice = standin.marketVoices[0];
    const created = await client.createTask({
      contents: [
        {
          type: 'text',
          voiceId: voice?.idForGenerate ?? '',
          text: 'One small step.',
          speechRate: 1.2,
          sfx_length: 9,
        } as never,
      ],
    });
    expect(created.data.status).toBe('pending');
    let task = created.data;
    while (task.status !== 'generated') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      task = (await client.getTask(task.id)).data;
      expect(task.status).not.toBe('failed');
    }
    const segment = task.metadata.contents?.[0]?.audio ?? '';
    expect(new URL(segment).origin).toBe(standin.url);
    const reuse = await client.createTask({ contents: [{ type: 'audio', audio: segment }] });
    expect(reuse.data.id).toMatch(UUID);
  });

  it('creates a voice with a real speech recording, as JSON and as multipart', async () => {
    const client = clientFor('standin-paid', { maxRetries: 3 });
    const json = await client.createVoice(
      { name: 'Json voice', language: 'en', prompt: { path: speechPath } },
      { encoding: 'json' },
    );
    const multipart = await client.createVoice(
      { name: 'Multipart voice', language: 'en', vocalFilter: true, prompt: { path: speechPath } },
      { encoding: 'multipart' },
    );
    for (const created of [json, multipart]) {
      expect(created.data).toMatchObject({ status: 'creating', idForGenerate: expect.stringMatching(UUID) });
      expect(created.requestId).toMatch(UUID);
    }
    expect(
      standin.ledger({ kind: 'voice' }).filter((entry) => entry.status === 200).length,
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('client × stand-in: 429 storms', () => {
  it('obeys Retry-After under a storm: every wait is the service’s whole seconds, and every call ends well', async () => {
    const limited = await startStandin({ speed: 20, rateLimit: 4, accounts: ACCOUNTS });
    const sleeps: number[] = [];
    const recording: Clock = {
      ...systemClock,
      sleep: (ms, signal) => {
        sleeps.push(ms);
        return systemClock.sleep(ms, signal);
      },
    };
    const client = new ServiceClient({
      baseUrl: limited.url,
      getToken: () => 'standin-paid',
      clock: recording,
      retry: { maxRetries: 8 },
    });
    try {
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 16 }, () => client.getVoice(limited.marketVoices[0]?.id ?? '')),
      );
      const elapsed = Date.now() - started;
      expect(results.every((result) => result.data.status === 'pending')).toBe(true);
      expect(sleeps.length).toBeGreaterThan(0);
      // Backoff would produce arbitrary jittered values; these are exactly the Retry-After seconds.
      for (const ms of sleeps) {
        expect(ms % 1000).toBe(0);
        expect(ms).toBeGreaterThanOrEqual(1000);
      }
      // 16 calls at 4 per second (burst 4) cannot finish in much under 3 s if the waits were obeyed.
      expect(elapsed).toBeGreaterThanOrEqual(2500);
    } finally {
      client.close();
      await limited.close();
    }
  });
});
