import { promises as fs } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectOk, expectServiceError } from '../test-support/http-client.js';
import { useStandin } from '../test-support/standin-fixture.js';
import type { Voice } from '../test-support/voice-requests.js';
import { PNG, useVoiceRequests } from '../test-support/voice-requests.js';

// Speed 20: a quick clone takes 150 ms and a professional one 650 ms, long enough to observe the states.
const service = useStandin({ speed: 20 });
const { files, createJson, jsonBody, createMultipart, pollVoice } = useVoiceRequests(service);

describe('POST /api/voice: quick clones', () => {
  it('creates from JSON with data URLs: creating → pending, two ids, the prompt as the default style', async () => {
    const created = expectOk<Voice>(
      await createJson({
        ...(await jsonBody({ description: 'Test voice', language: 'en', vocalFilter: true })),
        avatar: `data:image/png;base64,${PNG.toString('base64')}`,
      }),
    );
    expect(created).toMatchObject({
      name: 'My voice',
      status: 'creating',
      metadata: { description: 'Test voice' },
    });
    // Still creating: not usable in generation yet.
    const contents = [{ type: 'text', voiceId: created.idForGenerate, text: 'Not ready yet.' }];
    expectServiceError(
      await service.api('POST', '/api/tts/generate', { json: { contents } }),
      400,
      'TTS_CONTENTS_INVALID',
    );
    expect(created.idForGenerate).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.idForGenerate).not.toBe(created.id);
    const [style] = created.metadata.prompts;
    expect(style).toMatchObject({ id: 'default' });
    const served = await fetch(style?.promptOriginAudioStorageUrl ?? '');
    expect(served.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(await fs.readFile(files['speech.wav'] ?? ''));
    const avatar = await fetch(created.metadata.avatar);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await avatar.arrayBuffer())).toEqual(PNG);

    const ready = await pollVoice(created.id, (status) => status !== 'creating');
    expect(ready.status).toBe('pending');
    const task = await service.generate({ contents });
    expect(task.status).toBe('generated');
    // A cloned voice is addressed by idForGenerate in contents; its resource id is not a generation id.
    expectServiceError(
      await service.api('POST', '/api/tts/generate', {
        json: { contents: [{ ...contents[0], voiceId: created.id }] },
      }),
      400,
      'TTS_CONTENTS_INVALID',
    );
  });

  it('creates from multipart with files, string booleans and JSON-encoded strings', async () => {
    const created = expectOk<Voice>(
      await createMultipart(
        {
          name: 'Multipart voice',
          vocalFilter: 'true',
          train_params: '{"epochs":3}',
          extra_params: '{"note":"x"}',
        },
        [
          { field: 'prompt', file: files['speech.mp3'] ?? '', type: 'audio/mpeg' },
          { field: 'avatar', file: files.avatar ?? '', type: 'image/png' },
        ],
      ),
    );
    expect(created.status).toBe('creating');
    expect(created.metadata.prompts[0]).toMatchObject({ id: 'default', vocalFilter: true });
    expect(Buffer.from(await (await fetch(created.metadata.avatar)).arrayBuffer())).toEqual(PNG);
    const prompt = await fetch(created.metadata.prompts[0]?.promptOriginAudioStorageUrl ?? '');
    expect(prompt.headers.get('content-type')).toBe('audio/mpeg');
  });

  it('accepts WAV, MP3, WebM/Opus and OGG prompts', async () => {
    for (const [name, type] of [
      ['speech.wav', 'audio/wav'],
      ['speech.mp3', 'audio/mpeg'],
      ['speech.webm', 'audio/webm'],
      ['speech.ogg', 'audio/ogg'],
    ] as const) {
      const response = await createMultipart({ name }, [{ field: 'prompt', file: files[name] ?? '', type }]);
      expect(expectOk<Voice>(response).status, name).toBe('creating');
    }
  });

  it('serves the deprecated alias /api/tts/voice the same way', async () => {
    const created = expectOk<Voice>(await createJson(await jsonBody(), 'standin-free', '/api/tts/voice'));
    expect(created.status).toBe('creating');
    expect(
      expectOk<Voice>(await service.api('GET', `/api/tts/voice/${created.id}`, { token: 'standin-free' })).id,
    ).toBe(created.id);
  });

  it("answers another user's voice with 404 VOICE_NOT_FOUND", async () => {
    const created = expectOk<Voice>(await createJson(await jsonBody(), 'standin-paid'));
    expectServiceError(
      await service.api('GET', `/api/voice/${created.id}`, { token: 'standin-free' }),
      404,
      'VOICE_NOT_FOUND',
    );
  });

  it('ledgers voice submissions with their outcome', async () => {
    const created = expectOk<Voice>(await createJson(await jsonBody({ name: 'Ledgered' })));
    expect(service.standin.ledger({ kind: 'voice' }).at(-1)).toMatchObject({
      kind: 'voice',
      path: '/api/voice',
      token: 'standin-paid',
      status: 200,
      voiceId: created.id,
      summary: expect.objectContaining({ encoding: 'json', name: 'Ledgered' }),
    });
  });
});

describe('POST /api/voice: validation', () => {
  it('rejects a modelVersion other than v3.0 or v4.0 with VOICE_MODEL_VERSION_INVALID (never downgraded)', async () => {
    for (const modelVersion of ['v5.0', 'v3', '', 3]) {
      expectServiceError(
        await createJson(await jsonBody({ modelVersion })),
        400,
        'VOICE_MODEL_VERSION_INVALID',
      );
    }
    const v4 = expectOk<Voice & { version: string }>(
      await createJson(await jsonBody({ modelVersion: 'v4.0' })),
    );
    expect(v4.version).toBe('v4.0');
  });

  it('rejects lora, isTest and vcover on v4.0 with VALIDATION_BAD_PARAMS and a distinct message each', async () => {
    const messages = [];
    for (const extra of [{ lora: 'my-clone', language: 'en' }, { isTest: true }, { vcover: { a: 1 } }]) {
      messages.push(
        expectServiceError(
          await createJson(await jsonBody({ modelVersion: 'v4.0', ...extra })),
          400,
          'VALIDATION_BAD_PARAMS',
        ),
      );
    }
    expect(messages[0]).toMatch(/lora/);
    expect(messages[1]).toMatch(/isTest/);
    expect(messages[2]).toMatch(/vcover/);
    expect(new Set(messages).size).toBe(3);
    const multipart = await createMultipart({ name: 'x', modelVersion: 'v4.0', isTest: 'false' }, [
      { field: 'prompt', file: files['speech.wav'] ?? '', type: 'audio/wav' },
    ]);
    expect(expectServiceError(multipart, 400, 'VALIDATION_BAD_PARAMS')).toMatch(/isTest/);
  });

  it('answers too little speech with 400 VOICE_PROMPT_TOO_SHORT, measured by decoding (not file length)', async () => {
    const stat = await fs.stat(files.short ?? '');
    expect(stat.size).toBeGreaterThan(1_000_000);
    const message = expectServiceError(
      await createMultipart({ name: 'short' }, [
        { field: 'prompt', file: files.short ?? '', type: 'audio/wav' },
      ]),
      400,
      'VOICE_PROMPT_TOO_SHORT',
    );
    expect(message).toMatch(/3 seconds/);
    expectServiceError(
      await createJson(await jsonBody({}, 'noise', 'audio/wav')),
      400,
      'VOICE_PROMPT_TOO_SHORT',
    );
  });

  it('answers a prompt that is not audio with 400 VOICE_PROMPT_INVALID', async () => {
    expectServiceError(
      await createJson(await jsonBody({}, 'text', 'audio/mpeg')),
      400,
      'VOICE_PROMPT_INVALID',
    );
  });

  it('rejects missing or malformed fields with VALIDATION_BAD_PARAMS naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'no prompt' }, /prompt/],
      [{ ...(await jsonBody()), name: '' }, /name/],
      [{ ...(await jsonBody()), language: 'xx' }, /language/],
      [{ ...(await jsonBody()), vocalFilter: 'true' }, /vocalFilter/],
      [{ ...(await jsonBody()), prompt: 'https://example.com/voice.wav' }, /prompt.*data URL/],
      [{ ...(await jsonBody()), lora: 'bad id with spaces', language: 'en' }, /lora/],
    ];
    for (const [body, pattern] of cases) {
      expect(expectServiceError(await createJson(body), 400, 'VALIDATION_BAD_PARAMS')).toMatch(pattern);
    }
    const prompt = [{ field: 'prompt', file: files['speech.wav'] ?? '', type: 'audio/wav' }];
    expect(
      expectServiceError(
        await createMultipart({ name: 'x', vocalFilter: 'yes' }, prompt),
        400,
        'VALIDATION_BAD_PARAMS',
      ),
    ).toMatch(/vocalFilter/);
    expect(
      expectServiceError(
        await createMultipart({ name: 'x', train_params: '{not json' }, prompt),
        400,
        'VALIDATION_BAD_PARAMS',
      ),
    ).toMatch(/train_params/);
  });

  it('answers more than two files with 413 UPLOAD_TOO_LARGE', async () => {
    const wav = files['speech.wav'] ?? '';
    expectServiceError(
      await createMultipart({ name: 'x' }, [
        { field: 'prompt', file: wav, type: 'audio/wav' },
        { field: 'avatar', file: wav, type: 'image/png' },
        { field: 'extra', file: wav, type: 'audio/wav' },
      ]),
      413,
      'UPLOAD_TOO_LARGE',
    );
  });

  it('answers an unsupported Content-Type with 400 VALIDATION_BAD_REQUEST', async () => {
    expectServiceError(
      await service.api('POST', '/api/voice', { body: 'name=x', headers: { 'Content-Type': 'text/plain' } }),
      400,
      'VALIDATION_BAD_REQUEST',
    );
  });
});
