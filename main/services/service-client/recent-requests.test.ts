import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import type { RecentRequest } from './recent-requests.js';
import { RecentRequests, withoutCredentials } from './recent-requests.js';
import { ServiceClient } from './service-client.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;
let standin: RunningStandin;

beforeAll(async () => {
  standin = await startStandin({ speed: 20, rateLimit: 0, syncWaitS: 0.3 });
});
afterAll(async () => {
  await standin.close();
});

describe('the last requests, recorded by the service client', () => {
  it('keeps each answer of a real stand-in exchange with its status and the service’s request id', async () => {
    const recent = new RecentRequests();
    const client = new ServiceClient({
      baseUrl: standin.url,
      getToken: () => 'standin-paid',
      retry: { maxRetries: 0 },
      recentRequests: recent,
    });
    const intruder = new ServiceClient({
      baseUrl: standin.url,
      getToken: () => 'not-a-token',
      retry: { maxRetries: 0 },
      recentRequests: recent,
    });
    try {
      const voice = standin.marketVoices[0]!;
      const created = await client.createTask({
        contents: [{ type: 'text', voiceId: voice.idForGenerate, text: 'Hello there.' }],
      });
      const missingTask = randomUUID();
      await expect(client.getTask(missingTask)).rejects.toMatchObject({ httpStatus: 404 });
      await expect(intruder.getTask(created.data.id)).rejects.toMatchObject({ httpStatus: 401 });

      const entries = recent.list();
      expect(entries.map(({ method, path, status, code }) => ({ method, path, status, code }))).toEqual([
        { method: 'POST', path: '/api/tts/generate', status: 200, code: undefined },
        { method: 'GET', path: `/api/tts/generate/${missingTask}`, status: 404, code: 'TASK_NOT_FOUND' },
        { method: 'GET', path: `/api/tts/generate/${created.data.id}`, status: 401, code: 'UNAUTHORIZED' },
      ]);
      expect(entries[0]!.requestId).toBe(created.requestId);
      for (const entry of entries) {
        expect(entry.requestId).toMatch(UUID);
        expect(entry.service).toBe(standin.url);
        expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
      }
      expect(JSON.stringify(entries)).not.toContain('standin-paid');
      expect(JSON.stringify(entries)).not.toContain('not-a-token');
    } finally {
      client.close();
      intruder.close();
    }
  });

  it('records a failure that never reached the service with status 0', async () => {
    const recent = new RecentRequests();
    const client = new ServiceClient({
      baseUrl: 'http://127.0.0.1:9',
      getToken: () => 'standin-paid',
      retry: { maxRetries: 0 },
      recentRequests: recent,
    });
    await expect(client.getTask(randomUUID())).rejects.toMatchObject({ kind: 'network' });
    expect(recent.list()).toMatchObject([{ status: 0, service: 'http://127.0.0.1:9' }]);
    client.close();
  });

  it('keeps only the newest entries, and never a query or credentials', () => {
    const recent = new RecentRequests(3);
    for (let index = 0; index < 5; index += 1) {
      recent.record({
        serviceUrl: 'https://me:hunter2@voice.example/base?key=s3cret#x',
        method: 'GET',
        path: `/api/voice/${index}?signature=abc`,
        status: 200,
        requestId: `r${index}`,
      });
    }
    const entries = recent.list();
    expect(entries.map((entry) => entry.requestId)).toEqual(['r2', 'r3', 'r4']);
    expect(entries[0]).toMatchObject({ service: 'https://voice.example/base', path: '/api/voice/2' });
    expect(JSON.stringify(entries)).not.toMatch(/hunter2|s3cret|signature/u);
    expect(withoutCredentials('not a url with bearer abc')).toBe('[not a URL]');
  });

  it('hands each failed answer (none, or 400 and above) to its failure sink, so a log can keep its request id', () => {
    const failures: RecentRequest[] = [];
    const recent = new RecentRequests(2, (failure) => failures.push(failure));
    const answer = (status: number, requestId: string): void =>
      recent.record({
        serviceUrl: 'https://voice.example',
        method: 'POST',
        path: '/api/tts/generate',
        status,
        requestId,
      });
    answer(200, 'ok-1');
    answer(402, 'paid-1');
    answer(0, 'none-1');
    answer(201, 'ok-2');
    answer(503, 'down-1');
    expect(failures.map((failure) => [failure.status, failure.requestId])).toEqual([
      [402, 'paid-1'],
      [0, 'none-1'],
      [503, 'down-1'],
    ]);
    expect(failures[0]).toMatchObject({ service: 'https://voice.example', path: '/api/tts/generate' });
  });
});
