import { describe, expect, it } from 'vitest';
import { startStandin } from '../index.js';
import { call, expectOk, expectServiceError, waitFor } from '../test-support/http-client.js';
import { useStandin } from '../test-support/standin-fixture.js';
import type { Voice } from '../test-support/voice-requests.js';
import { useVoiceRequests } from '../test-support/voice-requests.js';

/** The stand-in's professional clones (lora) and voices that fail on the service. */
// Speed 20: a quick clone takes 150 ms and a professional one 650 ms, long enough to observe the states.
const service = useStandin({ speed: 20 });
const { files, createJson, jsonBody, createMultipart, pollVoice, quota } = useVoiceRequests(service);

describe('POST /api/voice: professional clones (lora)', () => {
  it('needs a concrete language: auto or none is rejected', async () => {
    for (const language of ['auto', undefined]) {
      const message = expectServiceError(
        await createJson(await jsonBody({ lora: 'studio-clone', ...(language ? { language } : {}) })),
        400,
        'VALIDATION_BAD_PARAMS',
      );
      expect(message).toMatch(/language/);
    }
  });

  it('answers an account without professional-clone access with 403 PRO_CLONE_FORBIDDEN', async () => {
    expectServiceError(
      await createJson(await jsonBody({ lora: 'studio-clone', language: 'en' }), 'standin-free'),
      403,
      'PRO_CLONE_FORBIDDEN',
    );
  });

  it('consumes quota, goes lora-pending → lora-awaiting → lora-success, and is usable', async () => {
    const before = quota();
    const created = expectOk<Voice>(
      await createJson(await jsonBody({ lora: 'studio-clone', language: 'en' })),
    );
    expect(created.status).toBe('lora-pending');
    expect(quota()).toBe(before - 1);
    const awaiting = await pollVoice(created.id, (status) => status !== 'lora-pending');
    expect(awaiting.status).toBe('lora-awaiting');
    const done = await pollVoice(created.id, (status) => status === 'lora-success');
    const task = await service.generate({
      contents: [{ type: 'text', voiceId: done.idForGenerate, text: 'Trained.' }],
    });
    expect(task.status).toBe('generated');
  });

  it('refunds the quota when a later step (the speech check) fails', async () => {
    const before = quota();
    expectServiceError(
      await createMultipart({ name: 'x', lora: 'studio-clone', language: 'en' }, [
        { field: 'prompt', file: files.short ?? '', type: 'audio/wav' },
      ]),
      400,
      'VOICE_PROMPT_TOO_SHORT',
    );
    expect(quota()).toBe(before);
  });

  it('answers an exhausted quota with 403 PRO_CLONE_QUOTA_EXCEEDED', async () => {
    const before = quota();
    expectOk(await service.admin('POST', 'accounts/standin-paid', { proCloneQuota: 0 }));
    try {
      expectServiceError(
        await createJson(await jsonBody({ lora: 'studio-clone', language: 'en' })),
        403,
        'PRO_CLONE_QUOTA_EXCEEDED',
      );
    } finally {
      expectOk(await service.admin('POST', 'accounts/standin-paid', { proCloneQuota: before }));
    }
  });
});

describe('voice failures (--fail-rate 1)', () => {
  it('ends clones in status failed with a reason and refunds a professional clone quota', async () => {
    const failing = await startStandin({ speed: 50, failRate: 1, rateLimit: 0 });
    try {
      const create = async (fields: Record<string, unknown>) =>
        expectOk<Voice>(await call(failing.url, 'POST', '/api/voice', { json: await jsonBody(fields) }));
      const quick = await create({});
      const pro = await create({ lora: 'will-fail', language: 'en' });
      const quotaOf = () =>
        failing.accounts().find((account) => account.token === 'standin-paid')?.proCloneQuota;
      expect(quotaOf()).toBe(2);
      for (const voice of [quick, pro]) {
        const failed = await waitFor(async () => {
          const current = expectOk<Voice>(await call(failing.url, 'GET', `/api/voice/${voice.id}`));
          return current.status === 'failed' ? current : undefined;
        }, 'failed voice');
        expect(failed.metadata.failureReason).toMatch(/fail/);
      }
      expect(quotaOf()).toBe(3);
    } finally {
      await failing.close();
    }
  });
});
