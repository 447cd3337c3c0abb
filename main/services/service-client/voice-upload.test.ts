import busboy from 'busboy';
import { execFileSync } from 'node:child_process';
import { truncateSync } from 'node:fs';
import { mkdtemp, open, rm, symlink, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_FILE_BYTES } from '../../../common/rules/index.js';
import { ServiceClient } from './service-client.js';
import { ServiceError } from './service-error.js';
import { FakeClock } from './test-support/fake-clock.js';
import type { FakeService } from './test-support/fake-service.js';
import { envelope, errorBody, sampleVoice, sendJson, startFakeService } from './test-support/fake-service.js';
import { MULTIPART_THRESHOLD_BYTES } from './voice-upload.js';

interface ParsedUpload {
  contentType: string;
  fields: Record<string, string>;
  files: Record<string, { fileName: string | undefined; mimeType: string; size: number; head: Buffer }>;
}

/** Parses a multipart upload as it streams in, keeping only sizes and the first bytes of each file. */
function parseMultipart(req: http.IncomingMessage): Promise<ParsedUpload> {
  return new Promise((resolve, reject) => {
    const parsed: ParsedUpload = { contentType: req.headers['content-type'] ?? '', fields: {}, files: {} };
    const parser = busboy({ headers: req.headers, limits: { fileSize: 200 * 1024 * 1024 } });
    parser.on('field', (name, value) => {
      parsed.fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      const entry = { fileName: info.filename, mimeType: info.mimeType, size: 0, head: Buffer.alloc(0) };
      parsed.files[name] = entry;
      stream.on('data', (chunk: Buffer) => {
        if (entry.head.length < 16) entry.head = Buffer.concat([entry.head, chunk]).subarray(0, 16);
        entry.size += chunk.length;
      });
    });
    parser.on('close', () => resolve(parsed));
    parser.on('error', reject);
    req.pipe(parser);
  });
}

let dir: string;
let service: FakeService;
let client: ServiceClient;
const uploads: ParsedUpload[] = [];
const jsonBodies: Record<string, unknown>[] = [];
let answer: (res: http.ServerResponse) => void = (res) => sendJson(res, 200, envelope(sampleVoice()));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-voice-upload-'));
  service = await startFakeService(() => undefined, { bufferBodies: false });
  client = new ServiceClient({
    baseUrl: service.url,
    getToken: () => 'token-abc',
    clock: new FakeClock(),
    random: () => 0,
  });
});
afterAll(async () => {
  client.close();
  await service.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  uploads.length = 0;
  jsonBodies.length = 0;
  answer = (res) => sendJson(res, 200, envelope(sampleVoice()));
});

// Installed per test so the handler can see the raw request stream.
function captureUploads(): void {
  service.setHandler(async (_seen, res) => {
    const req = (res as http.ServerResponse & { req: http.IncomingMessage }).req;
    if ((req.headers['content-type'] ?? '').startsWith('multipart/')) {
      uploads.push(await parseMultipart(req));
    } else {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      jsonBodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
    }
    answer(res);
  });
}

/** A sparse file: instant to create whatever its size, reads back as zeros. */
async function sparseFile(name: string, size: number): Promise<string> {
  const filePath = path.join(dir, name);
  const handle = await open(filePath, 'w');
  await handle.truncate(size);
  await handle.close();
  return filePath;
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('createVoice', () => {
  it('sends small prompts as JSON with data URLs, booleans and JSON fields as such, to /api/voice', async () => {
    captureUploads();
    const promptPath = path.join(dir, 'prompt.wav');
    await writeFile(promptPath, Buffer.from('RIFF-fake-wave-bytes'));
    const progress: number[] = [];
    const { data } = await client.createVoice(
      {
        name: 'Ada',
        modelVersion: 'v3.0',
        language: 'en',
        vocalFilter: true,
        train_params: { epochs: 3 },
        prompt: { path: promptPath },
        avatar: { data: new Uint8Array([137, 80, 78, 71]), mediaType: 'image/png' },
      },
      { onUploadProgress: ({ sentBytes, totalBytes }) => progress.push(sentBytes / totalBytes) },
    );
    expect(data.status).toBe('creating');
    expect(service.requests.at(-1)?.path).toBe('/api/voice');
    expect(jsonBodies[0]).toEqual({
      name: 'Ada',
      modelVersion: 'v3.0',
      language: 'en',
      vocalFilter: true,
      train_params: { epochs: 3 },
      prompt: `data:audio/wav;base64,${Buffer.from('RIFF-fake-wave-bytes').toString('base64')}`,
      avatar: 'data:image/png;base64,iVBORw==',
    });
    expect(progress.at(-1)).toBe(1);
  });

  it('sends multipart with files, booleans as "true"/"false" and JSON fields as strings', async () => {
    captureUploads();
    const promptPath = path.join(dir, 'take 1 "final".mp3');
    await writeFile(promptPath, Buffer.from('ID3-mp3-bytes'));
    await client.createVoice(
      {
        name: 'Ünïcode name',
        lora: 'ada-pro',
        language: 'fr',
        isTest: false,
        vocalFilter: true,
        vcover: { a: [1, 2] },
        prompt: { path: promptPath },
        avatar: { data: new Uint8Array([1, 2, 3]), mediaType: 'image/jpeg', fileName: 'me.jpg' },
      },
      { encoding: 'multipart' },
    );
    const [upload] = uploads;
    expect(upload?.fields).toEqual({
      name: 'Ünïcode name',
      lora: 'ada-pro',
      language: 'fr',
      isTest: 'false',
      vocalFilter: 'true',
      vcover: '{"a":[1,2]}',
    });
    expect(upload?.files.prompt).toMatchObject({
      fileName: 'take 1 %22final%22.mp3',
      mimeType: 'audio/mpeg',
      size: 13,
    });
    expect(upload?.files.prompt?.head.toString()).toBe('ID3-mp3-bytes');
    expect(upload?.files.avatar).toMatchObject({ fileName: 'me.jpg', mimeType: 'image/jpeg', size: 3 });
  });

  it(`switches to multipart above ${MULTIPART_THRESHOLD_BYTES} bytes of files`, async () => {
    captureUploads();
    await client.createVoice({
      name: 'Big',
      prompt: { path: await sparseFile('at-threshold.wav', MULTIPART_THRESHOLD_BYTES) },
    });
    expect(jsonBodies).toHaveLength(1);
    await client.createVoice({
      name: 'Big',
      prompt: { path: await sparseFile('above-threshold.wav', MULTIPART_THRESHOLD_BYTES + 1) },
    });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.files.prompt?.size).toBe(MULTIPART_THRESHOLD_BYTES + 1);
  });

  it('streams a 100 MB prompt from disk, reading only as fast as the service takes it', async () => {
    const promptPath = await sparseFile('hundred.wav', MAX_UPLOAD_FILE_BYTES);
    let sentSoFar = 0;
    let sentWhileServicePaused = -1;
    let progressCalls = 0;
    service.setHandler(async (_seen, res) => {
      const req = (res as http.ServerResponse & { req: http.IncomingMessage }).req;
      // The service stops reading for a moment: a streaming client must stop reading the file too.
      req.pause();
      await new Promise((resolve) => setTimeout(resolve, 300));
      sentWhileServicePaused = sentSoFar;
      uploads.push(await parseMultipart(req));
      answer(res);
    });
    const baseline = process.memoryUsage().arrayBuffers;
    let peakExternal = 0;
    await client.createVoice(
      { name: 'Huge', prompt: { path: promptPath } },
      {
        onUploadProgress: ({ sentBytes }) => {
          progressCalls += 1;
          sentSoFar = sentBytes;
          peakExternal = Math.max(peakExternal, process.memoryUsage().arrayBuffers - baseline);
        },
      },
    );
    expect(uploads[0]?.files.prompt?.size).toBe(MAX_UPLOAD_FILE_BYTES);
    expect(progressCalls).toBeGreaterThan(100);
    expect(sentSoFar).toBeGreaterThan(MAX_UPLOAD_FILE_BYTES);
    // Only socket buffers' worth may be read ahead while the service is not reading (loopback buffers are a
    // few MB); a client that buffered the file would already have handed over all 100 MB.
    expect(sentWhileServicePaused).toBeGreaterThan(0);
    expect(sentWhileServicePaused).toBeLessThan(24 * 1024 * 1024);
    // Coarse guard: buffering (let alone base64) would need well over 100 MB.
    expect(peakExternal).toBeLessThan(80 * 1024 * 1024);
  });

  it('re-sends the whole multipart body when a 429 asks to retry', async () => {
    captureUploads();
    let calls = 0;
    answer = (res) => {
      calls += 1;
      if (calls === 1)
        sendJson(res, 429, errorBody(429, 'RATE_LIMIT_EXCEEDED', 'wait'), { 'retry-after': '1' });
      else sendJson(res, 200, envelope(sampleVoice()));
    };
    await client.createVoice({
      name: 'Retry',
      prompt: { path: await sparseFile('retry.wav', 9 * 1024 * 1024) },
    });
    expect(uploads.map((upload) => upload.files.prompt?.size)).toEqual([9 * 1024 * 1024, 9 * 1024 * 1024]);
  });

  it('refuses locally what the service would refuse, without sending anything', async () => {
    captureUploads();
    const before = service.requests.length;
    const tooLarge = await failure(
      client.createVoice({
        name: 'X',
        prompt: { path: await sparseFile('too-large.wav', MAX_UPLOAD_FILE_BYTES + 1) },
      }),
    );
    expect(tooLarge.violations?.map((v) => v.rule)).toEqual(['prompt-too-large']);
    const promptPath = await sparseFile('small.wav', 1000);
    const v4 = await failure(
      client.createVoice({
        name: 'X',
        modelVersion: 'v4.0',
        lora: 'x',
        language: 'en',
        prompt: { path: promptPath },
      }),
    );
    expect(v4.violations?.map((v) => `${v.field}:${v.rule}`)).toEqual(['lora:v4-forbidden']);
    const short = await failure(
      client.createVoice({ name: 'X', prompt: { path: promptPath }, promptSpeechSeconds: 1.2 }),
    );
    expect(short.message).toMatch(/at least 3 seconds of speech/);
    const missing = await failure(
      client.createVoice({ name: 'X', prompt: { path: path.join(dir, 'nope.wav') } }),
    );
    expect(missing).toMatchObject({ kind: 'validation', code: 'UPLOAD_FILE_UNREADABLE', requestSent: false });
    expect(service.requests.length).toBe(before);
  });

  it('refuses a named pipe or /dev/zero as a voice file at once, saying what it is, sending nothing', async () => {
    const before = service.requests.length;
    const pipe = path.join(dir, 'prompt-pipe.wav');
    execFileSync('mkfifo', [pipe]);
    const piped = await failure(client.createVoice({ name: 'X', prompt: { path: pipe } }));
    expect(piped).toMatchObject({ code: 'UPLOAD_FILE_UNREADABLE', requestSent: false });
    expect(piped.message).toBe(
      'Voice "prompt": “prompt-pipe.wav” is not an ordinary file (it is a named pipe), so it cannot be read as a voice file. Choose a file saved on disk.',
    );
    const zero = path.join(dir, 'zero.png');
    await symlink('/dev/zero', zero);
    const promptPath = await sparseFile('fine.wav', 1000);
    const zeroed = await failure(
      client.createVoice({ name: 'X', prompt: { path: promptPath }, avatar: { path: zero } }),
    );
    expect(zeroed.message).toMatch(
      /^Voice "avatar": “zero\.png” is not an ordinary file \(it is a device\)/u,
    );
    expect(service.requests.length).toBe(before);
  }, 5_000);

  it('stops an upload whose file grows while it is sent, with a sentence naming it, and does not retry it', async () => {
    captureUploads();
    const promptPath = await sparseFile('recording.wav', 9 * 1024 * 1024);
    const before = service.requests.length;
    let grown = false;
    const changed = await failure(
      client.createVoice(
        { name: 'Growing', prompt: { path: promptPath } },
        {
          // A recorder still writing to it: the file is longer than the size the Content-Length was built from.
          onUploadProgress: () => {
            if (grown) return;
            grown = true;
            truncateSync(promptPath, 10 * 1024 * 1024);
          },
        },
      ),
    );
    expect(changed).toMatchObject({ kind: 'validation', code: 'UPLOAD_FILE_UNREADABLE', retryable: false });
    expect(changed.message).toBe(
      '“recording.wav” changed while it was being uploaded (it is now larger than the 9.0 MB it held when the upload began), so the upload was stopped and nothing was created. Wait until no program is writing to it, then try again.',
    );
    expect(service.requests.length - before).toBeLessThanOrEqual(1);
    expect(uploads).toHaveLength(0);
  });
});
