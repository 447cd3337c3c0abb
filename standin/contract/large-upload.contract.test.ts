import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_FILE_BYTES } from '../wire-choices.js';
import { makeFixtureDir } from '../test-support/audio-fixtures.js';
import { startCliProcess, type CliProcess } from '../test-support/cli-process.js';
import { call, expectOk } from '../test-support/http-client.js';
import {
  jsonDataUrlStream,
  multipartPromptStream,
  postStream,
  writeLargeSpeechWav,
} from '../test-support/large-upload.js';

// An integration test: the stand-in runs in its own process (as `npm run standin` does) so its memory can be
// read on its own, and real 100 MB bodies go through it. Fixtures are generated here and deleted afterwards.
let cli: CliProcess;
let dir = '';
let bigWav = '';
const MB = 1024 * 1024;

beforeAll(async () => {
  dir = await makeFixtureDir();
  bigWav = path.join(dir, 'big.wav');
  // Just under 100 MB and a multiple of 3 bytes (so its base64 can be streamed in pieces).
  const size = MAX_UPLOAD_FILE_BYTES - ((MAX_UPLOAD_FILE_BYTES - 3 * 1024) % 3) - 3 * 1024;
  await Promise.all([
    writeLargeSpeechWav(bigWav, size),
    startCliProcess(['--port', '0', '--admin', '--speed', '100', '--rate-limit', '0']).then((started) => {
      cli = started;
    }),
  ]);
}, 60_000);

afterAll(async () => {
  await cli?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

async function memory(): Promise<{ rssBytes: number; peakRssBytes: number }> {
  return expectOk(await call(cli.url, 'GET', '/__standin/process', { token: null }));
}

async function measured<T>(label: string, run: () => Promise<T>): Promise<T> {
  const before = await memory();
  const result = await run();
  const after = await memory();
  const growthMb = Math.max(0, after.peakRssBytes - before.rssBytes) / MB;
  console.log(
    `[standin memory] ${label}: RSS before ${(before.rssBytes / MB).toFixed(0)} MB, peak growth ${growthMb.toFixed(1)} MB`,
  );
  // A 100 MB body held in memory even once would add ~100 MB; streaming keeps the growth far below.
  expect(growthMb).toBeLessThan(60);
  return result;
}

describe('100 MB uploads', () => {
  it('accepts a ~100 MB multipart prompt, streamed to disk with bounded memory', async () => {
    const stat = await fs.stat(bigWav);
    expect(stat.size).toBeGreaterThan(99 * MB);
    const { contentType, body } = multipartPromptStream({ name: 'Big voice', language: 'en' }, bigWav);
    const response = await measured('100 MB multipart prompt', () =>
      postStream(`${cli.url}/api/voice`, 'standin-paid', contentType, body),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.headers['x-service-app-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const voice = response.body.data as {
      id: string;
      status: string;
      metadata: { prompts: { promptOriginAudioStorageUrl: string }[] };
    };
    expect(voice.status).toBe('creating');
    const served = await fetch(voice.metadata.prompts[0]?.promptOriginAudioStorageUrl ?? '', {
      method: 'HEAD',
    });
    expect(Number(served.headers.get('content-length'))).toBe(stat.size);
  }, 60_000);

  it('answers a multipart file over 100 MB with 413 UPLOAD_TOO_LARGE', async () => {
    const { contentType, body } = multipartPromptStream({ name: 'Too big' }, bigWav, 2 * MB);
    const response = await measured('100 MB + 2 MB multipart prompt', () =>
      postStream(`${cli.url}/api/voice`, 'standin-paid', contentType, body),
    );
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ status: 413, code: 'UPLOAD_TOO_LARGE' });
    expect(response.headers['x-service-app-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);

  it('answers a JSON data-URL prompt over 100 MB with 413 VOICE_PROMPT_TOO_LARGE, decoding as it streams', async () => {
    const response = await measured('134 MB JSON data URL prompt', () =>
      postStream(
        `${cli.url}/api/voice`,
        'standin-paid',
        'application/json',
        jsonDataUrlStream(bigWav, 2 * MB),
      ),
    );
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ status: 413, code: 'VOICE_PROMPT_TOO_LARGE' });
    expect(response.headers['x-service-app-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  }, 60_000);
});
