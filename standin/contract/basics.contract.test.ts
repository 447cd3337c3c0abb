import { describe, expect, it } from 'vitest';
import { startStandin } from '../index.js';
import { call, expectOk, expectRequestId, expectServiceError } from '../test-support/http-client.js';
import { ARIA, BRUNO, useStandin } from '../test-support/standin-fixture.js';

const service = useStandin();

describe('envelope, request id and authentication', () => {
  it('wraps success as {status:200, message:"OK", data} with a fresh request id each time', async () => {
    const first = await service.api('GET', `/api/voice/${ARIA.id}`, { token: 'standin-free' });
    const second = await service.api('GET', `/api/voice/${ARIA.id}`, { token: 'standin-free' });
    expect(Object.keys(first.body as object).sort()).toEqual(['data', 'message', 'status']);
    expect(expectOk(first).id).toBe(ARIA.id);
    expect(expectRequestId(first)).not.toBe(expectRequestId(second));
  });

  it('answers a missing token with 401 UNAUTHORIZED', async () => {
    expectServiceError(
      await service.api('GET', `/api/voice/${ARIA.id}`, { token: null }),
      401,
      'UNAUTHORIZED',
    );
    expectServiceError(
      await service.api('POST', '/api/tts/generate', { token: null, json: { contents: [] } }),
      401,
      'UNAUTHORIZED',
    );
    expectServiceError(
      await service.api('GET', `/api/voice/${ARIA.id}`, {
        token: null,
        headers: { Authorization: 'Basic abc' },
      }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('answers an unknown token with 401 UNAUTHORIZED on both operations', async () => {
    expectServiceError(
      await service.api('GET', `/api/voice/${ARIA.id}`, { token: 'nope' }),
      401,
      'UNAUTHORIZED',
    );
    expectServiceError(
      await service.api('POST', '/api/voice', { token: 'nope', json: { name: 'x' } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('answers unknown operations with 404 and wrong methods with 405, still with a request id', async () => {
    expectServiceError(await service.api('GET', '/api/nothing-here'), 404, 'NOT_FOUND');
    expectServiceError(await service.api('DELETE', '/api/tts/generate'), 405, 'METHOD_NOT_ALLOWED');
    expectServiceError(await service.api('GET', '/files/nothing.mp3'), 404, 'NOT_FOUND');
  });

  it('answers malformed JSON with 400 VALIDATION_BAD_REQUEST', async () => {
    expectServiceError(
      await service.api('POST', '/api/tts/generate', { json: '{"contents": [' }),
      400,
      'VALIDATION_BAD_REQUEST',
    );
    expectServiceError(
      await service.api('POST', '/api/tts/generate', { json: '[1,2]' }),
      400,
      'VALIDATION_BAD_REQUEST',
    );
    expectServiceError(
      await service.api('POST', '/api/voice', { json: '{"name": ' }),
      400,
      'VALIDATION_BAD_REQUEST',
    );
  });

  it('answers CORS preflight so a browser page can call it', async () => {
    const response = await fetch(`${service.url}/api/tts/generate`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expectRequestId(response);
  });
});

describe('market voices', () => {
  it('holds three market voices; one has a default style and two named styles, each with served audio', async () => {
    expect(service.standin.marketVoices.map((voice) => voice.name)).toEqual(['Aria', 'Bruno', 'Mei']);
    const aria = expectOk<{
      status: string;
      from: string;
      idForGenerate: string;
      metadata: { prompts: { id: string; promptOriginAudioStorageUrl: string }[] };
    }>(await service.api('GET', `/api/voice/${ARIA.id}`));
    expect(aria).toMatchObject({ status: 'pending', from: 'market', idForGenerate: ARIA.idForGenerate });
    expect(aria.metadata.prompts.map((prompt) => prompt.id)).toEqual(['default', 'calm', 'bright']);
    for (const prompt of aria.metadata.prompts) {
      const audio = await fetch(prompt.promptOriginAudioStorageUrl);
      expect(audio.status).toBe(200);
      expect(audio.headers.get('content-type')).toBe('audio/mpeg');
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    expectOk(await service.api('GET', `/api/voice/${BRUNO.id}`, { token: 'standin-free' }));
  });

  it('answers an unknown voice id with 404 VOICE_NOT_FOUND (also on the deprecated alias)', async () => {
    expectServiceError(
      await service.api('GET', '/api/voice/00000000-0000-4000-8000-000000000000'),
      404,
      'VOICE_NOT_FOUND',
    );
    expectServiceError(await service.api('GET', '/api/tts/voice/whatever'), 404, 'VOICE_NOT_FOUND');
  });
});

describe('admin surface', () => {
  it('is off unless admin is set', async () => {
    const plain = await startStandin({ speed: 100 });
    try {
      expect(plain.adminUrl).toBeUndefined();
      expectServiceError(
        await call(plain.url, 'GET', '/__standin/ledger', { token: null }),
        404,
        'NOT_FOUND',
      );
    } finally {
      await plain.close();
    }
  });

  it('lists accounts with credits, frozen credits and professional-clone quota', async () => {
    const accounts = expectOk<Record<string, unknown>[]>(await service.admin('GET', 'accounts'));
    expect(accounts).toEqual([
      expect.objectContaining({
        token: 'standin-free',
        plan: 'free',
        credits: 20_000,
        frozenCredits: 0,
        proCloneAccess: false,
        proCloneQuota: 0,
      }),
      expect.objectContaining({
        token: 'standin-paid',
        plan: 'paid',
        credits: 1_000_000,
        proCloneAccess: true,
        proCloneQuota: 3,
      }),
    ]);
  });
});
