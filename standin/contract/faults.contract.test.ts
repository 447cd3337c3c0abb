import { describe, expect, it } from 'vitest';
import { startStandin } from '../index.js';
import { call, expectOk, expectServiceError, waitFor } from '../test-support/http-client.js';
import { ARIA, useStandin } from '../test-support/standin-fixture.js';

const service = useStandin();
const body = { contents: [{ type: 'text', voiceId: ARIA.idForGenerate, text: 'Fault tolerant.' }] };
const submit = () => service.api('POST', '/api/tts/generate', { json: body });

async function connectionError(request: Promise<unknown>): Promise<string> {
  try {
    await request;
  } catch (error) {
    return String(
      (error as { cause?: { code?: string; message?: string } }).cause?.code ?? (error as Error).message,
    );
  }
  throw new Error('the request succeeded but a dropped connection was expected');
}

describe('fault injection (admin)', () => {
  it('answers the next N matching requests with the injected status and code, with Retry-After for 503', async () => {
    const rule = expectOk<{ id: string; remaining: number }>(
      await service.admin('POST', 'faults', {
        mode: 'status',
        status: 503,
        count: 2,
        method: 'POST',
        pathPrefix: '/api/tts/generate',
      }),
    );
    expect(rule.remaining).toBe(2);
    expect(expectOk<unknown[]>(await service.admin('GET', 'faults'))).toHaveLength(1);
    expectOk(await service.api('GET', `/api/voice/${ARIA.id}`));
    for (let i = 0; i < 2; i += 1) {
      const response = await submit();
      expectServiceError(response, 503, 'SERVICE_UNAVAILABLE');
      expect(response.headers.get('retry-after')).toBe('1');
      expect(service.standin.ledger({ kind: 'task' }).at(-1)).toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(service.standin.ledger({ kind: 'task' }).at(-1)?.taskId).toBeUndefined();
    }
    expectOk(await submit());
    expect(expectOk<unknown[]>(await service.admin('GET', 'faults'))).toHaveLength(0);
  });

  it('injects a 429 with a chosen code and Retry-After', async () => {
    expectOk(
      await service.admin('POST', 'faults', {
        mode: 'status',
        status: 429,
        code: 'RATE_LIMIT_QUOTA',
        retryAfterS: 7,
      }),
    );
    const response = await service.api('GET', `/api/voice/${ARIA.id}`);
    expectServiceError(response, 429, 'RATE_LIMIT_QUOTA');
    expect(response.headers.get('retry-after')).toBe('7');
  });

  it('drop-before closes the connection without processing: no task is created', async () => {
    expectOk(await service.admin('POST', 'faults', { mode: 'drop-before', method: 'POST' }));
    const tasksBefore = expectOk<unknown[]>(await service.admin('GET', 'tasks')).length;
    expect(await connectionError(submit())).toMatch(/SOCKET|ECONNRESET|other side closed|UND_ERR/i);
    expect(expectOk<unknown[]>(await service.admin('GET', 'tasks'))).toHaveLength(tasksBefore);
    const entry = service.standin.ledger({ kind: 'task' }).at(-1);
    expect(entry).toMatchObject({ status: 0, detail: 'fault drop-before' });
    expect(entry?.taskId).toBeUndefined();
  });

  it('drop-after processes the request, then closes the connection: the task exists and is in the ledger', async () => {
    expectOk(
      await service.admin('POST', 'faults', {
        mode: 'drop-after',
        method: 'POST',
        pathPrefix: '/api/tts/generate',
      }),
    );
    expect(await connectionError(submit())).toMatch(/SOCKET|ECONNRESET|other side closed|UND_ERR/i);
    const entry = service.standin.ledger({ kind: 'task' }).at(-1);
    expect(entry).toMatchObject({ status: 0, detail: 'fault drop-after' });
    const task = await service.waitForTask(String(entry?.taskId));
    expect(task.status).toBe('generated');
  });

  it('advance-on-read moves a task one state per read, whenever it is read, and reports the read as its finish', async () => {
    const task = expectOk<{ id: string }>(await submit());
    // Really generated long before anyone reads it…
    const real = await service.waitForTask(task.id);
    expect(real.status).toBe('generated');
    expectOk(
      await service.admin('POST', 'faults', {
        mode: 'advance-on-read',
        method: 'GET',
        pathPrefix: '/api/tts/generate/',
        count: 3,
      }),
    );
    // …but a service that works out a status when it is read shows one step per read.
    const read = async () =>
      expectOk<{ status: string; metadata: { generatedAt?: string; audio?: string } }>(
        await service.api('GET', `/api/tts/generate/${task.id}`),
      );
    const first = await read();
    expect(first.status).toBe('processing');
    expect(first.metadata.audio).toBeUndefined();
    expect(first.metadata.generatedAt).toBeUndefined();
    const readAt = Date.now();
    const second = await read();
    expect(second.status).toBe('generated');
    expect(second.metadata.audio).toBeDefined();
    // The finish it reports is the read that found it, not when the audio was made.
    const reported = Date.parse(second.metadata.generatedAt ?? '');
    expect(reported).toBeGreaterThanOrEqual(readAt - 1);
    expect(reported).toBeGreaterThan(
      Date.parse(String((real.metadata as { generatedAt?: string }).generatedAt)),
    );
    expect((await read()).metadata.generatedAt).toBe(second.metadata.generatedAt);
    expect(expectOk<unknown[]>(await service.admin('GET', 'faults'))).toHaveLength(0);
  });

  it('advance-on-read never shows a task further on than it really is', async () => {
    expectOk(await service.admin('POST', 'queue', { paused: true }));
    try {
      expectOk(
        await service.admin('POST', 'faults', {
          mode: 'advance-on-read',
          method: 'GET',
          pathPrefix: '/api/tts/generate/',
          count: 5,
        }),
      );
      const task = expectOk<{ id: string }>(await submit());
      for (let index = 0; index < 5; index += 1) {
        const shown = expectOk<{ status: string }>(await service.api('GET', `/api/tts/generate/${task.id}`));
        expect(shown.status).toBe('pending');
      }
    } finally {
      expectOk(await service.admin('POST', 'queue', { paused: false }));
      expectOk(await service.admin('DELETE', 'faults'));
    }
  });

  it('hang delays the answer by hangMs; a client with a shorter timeout gives up', async () => {
    expectOk(await service.admin('POST', 'faults', { mode: 'hang', hangMs: 300, count: 2, method: 'GET' }));
    const started = Date.now();
    expectOk(await service.api('GET', `/api/voice/${ARIA.id}`));
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await expect(
      fetch(`${service.url}/api/voice/${ARIA.id}`, {
        headers: { Authorization: 'Bearer standin-paid' },
        signal: AbortSignal.timeout(100),
      }),
    ).rejects.toThrow(/abort|timeout/i);
  });

  it('lists requests with the faults applied, and clears faults', async () => {
    expectOk(await service.admin('POST', 'faults', { mode: 'status', status: 500, pathPrefix: '/files/' }));
    expectServiceError(
      await service.api('GET', '/files/avatars/default.svg', { token: null }),
      500,
      'INTERNAL_ERROR',
    );
    const requests = expectOk<{ path: string; status: number; fault?: string; requestId: string }[]>(
      await service.admin('GET', 'requests?pathPrefix=/files/'),
    );
    expect(requests.at(-1)).toMatchObject({
      path: '/files/avatars/default.svg',
      status: 500,
      fault: 'status',
    });
    expectOk(await service.admin('POST', 'faults', { mode: 'hang', count: 5 }));
    expectOk(await service.admin('DELETE', 'faults'));
    expect(expectOk<unknown[]>(await service.admin('GET', 'faults'))).toEqual([]);
    expectServiceError(await service.admin('POST', 'faults', { mode: 'melt' }), 400, 'VALIDATION_BAD_PARAMS');
  });

  it('goes offline (connections refused) for durationMs, then listens again on the same port', async () => {
    expectOk(await service.admin('POST', 'offline', { durationMs: 400 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await connectionError(fetch(`${service.url}/`))).toMatch(/ECONNREFUSED/);
    const back = await waitFor(async () => {
      try {
        return await service.api('GET', `/api/voice/${ARIA.id}`);
      } catch {
        return undefined;
      }
    }, 'the stand-in to come back');
    expectOk(back);
  });

  it('goes offline and online through the programmatic helpers too', async () => {
    await service.standin.goOffline();
    expect(await connectionError(fetch(`${service.url}/`))).toMatch(/ECONNREFUSED/);
    await service.standin.goOnline();
    expectOk(await service.api('GET', `/api/voice/${ARIA.id}`));
  });
});

describe('rate limit and latency options', () => {
  it('answers requests over --rate-limit per token with 429 RATE_LIMIT_EXCEEDED and Retry-After', async () => {
    const limited = await startStandin({ speed: 100, rateLimit: 3 });
    try {
      const get = (token: string) => call(limited.url, 'GET', `/api/voice/${ARIA.id}`, { token });
      for (let i = 0; i < 3; i += 1) expectOk(await get('standin-paid'));
      const refused = await get('standin-paid');
      expectServiceError(refused, 429, /^RATE_LIMIT_/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expectOk(await get('standin-free'));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expectOk(await get('standin-paid'));
    } finally {
      await limited.close();
    }
  });

  it('adds --latency-ms before handling API and file requests, not admin ones', async () => {
    const slow = await startStandin({ speed: 100, rateLimit: 0, latencyMs: 200, admin: true });
    try {
      let started = Date.now();
      expectOk(await call(slow.url, 'GET', `/api/voice/${ARIA.id}`));
      expect(Date.now() - started).toBeGreaterThanOrEqual(195);
      started = Date.now();
      expectOk(await call(slow.url, 'GET', '/__standin/faults', { token: null }));
      expect(Date.now() - started).toBeLessThan(150);
    } finally {
      await slow.close();
    }
  });
});
