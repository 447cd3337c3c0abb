import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { dataUrlOf, makeFixtureDir, noiseFile, shortSpeechInSilence, speechFile } from './audio-fixtures.js';
import { expectOk, waitFor, type ApiResponse } from './http-client.js';
import type { StandinHandle } from './standin-fixture.js';

/** The voice contract tests' prompts and requests: fixture files made per test file, and voice creation calls. */

export type Voice = {
  id: string;
  idForGenerate: string;
  name: string;
  status: string;
  metadata: {
    avatar: string;
    description: string;
    failureReason?: string;
    prompts: { id: string; name: string; promptOriginAudioStorageUrl: string; vocalFilter: boolean }[];
  };
};

/** A 1×1 PNG: the avatar files[avatar] holds. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function useVoiceRequests(service: StandinHandle) {
  let dir = '';
  /** Prompts by name: speech in four formats, too little speech, noise, an avatar, a text under an audio name. */
  const files: Record<string, string> = {};

  beforeAll(async () => {
    dir = await makeFixtureDir();
    for (const name of ['speech.wav', 'speech.mp3', 'speech.webm', 'speech.ogg'])
      files[name] = await speechFile(dir, name);
    files.short = await shortSpeechInSilence(dir, 'short.wav', 30);
    files.noise = await noiseFile(dir, 'noise.wav', 10);
    files.avatar = path.join(dir, 'avatar.png');
    await fs.writeFile(files.avatar, PNG);
    files.text = path.join(dir, 'not-audio.mp3');
    await fs.writeFile(files.text, 'definitely not audio');
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function createJson(
    body: Record<string, unknown>,
    token = 'standin-paid',
    route = '/api/voice',
  ): Promise<ApiResponse> {
    return service.api('POST', route, { token, json: body });
  }

  async function jsonBody(
    fields: Record<string, unknown> = {},
    prompt = 'speech.wav',
    mediaType = 'audio/wav',
  ) {
    return { name: 'My voice', prompt: await dataUrlOf(files[prompt] ?? '', mediaType), ...fields };
  }

  async function createMultipart(
    fields: Record<string, string>,
    uploads: { field: string; file: string; type: string }[],
    token = 'standin-paid',
  ): Promise<ApiResponse> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const upload of uploads) {
      form.append(
        upload.field,
        new Blob([await fs.readFile(upload.file)], { type: upload.type }),
        path.basename(upload.file),
      );
    }
    return service.api('POST', '/api/voice', { token, body: form });
  }

  async function pollVoice(
    id: string,
    until: (status: string) => boolean,
    token = 'standin-paid',
  ): Promise<Voice> {
    return waitFor(async () => {
      const voice = expectOk<Voice>(await service.api('GET', `/api/voice/${id}`, { token }));
      return until(voice.status) ? voice : undefined;
    }, `voice ${id}`);
  }

  function quota(token = 'standin-paid'): number {
    return service.standin.accounts().find((account) => account.token === token)?.proCloneQuota ?? -1;
  }

  return { files, createJson, jsonBody, createMultipart, pollVoice, quota };
}
