import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import type { JobRecord } from '../jobs/index.js';
import { JobManager } from '../jobs/index.js';
import { MemoryLogger } from '../logging/logger.js';
import { ServiceClient } from '../service-client/index.js';
import { LONG_SPEECH, SHORT_SPEECH, writeSpeechWav } from '../service-client/test-support/speech-fixture.js';
import type { VoiceEntry } from './voice-entry.js';
import { voiceFilePath } from './voice-file.js';
import type { VoiceJobDetails } from './voice-from-job.js';
import { VoiceLibrary } from './voice-library.js';
import { VoiceLibraryError } from './voice-library-error.js';

/** Integration: the library against the real stand-in over HTTP, fed by a real job manager's records. */
const TOKEN = 'standin-paid';
const FAST_POLLS = { firstDelayMs: 20, maxDelayMs: 60, longRunningMaxDelayMs: 60 };

let workDir: string;
let speechPath: string;
let shortSpeechPath: string;
let standin: RunningStandin;
let client: ServiceClient;
let dataDir: string;
const managers: JobManager[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'timbre-voices-'));
  [speechPath, shortSpeechPath, standin] = await Promise.all([
    writeSpeechWav(workDir, 'speech.wav', LONG_SPEECH),
    writeSpeechWav(workDir, 'short.wav', SHORT_SPEECH),
    startStandin({ speed: 100, rateLimit: 0, admin: true }),
  ]);
  client = new ServiceClient({ baseUrl: standin.url, getToken: () => TOKEN, timeoutMs: 10_000 });
});
afterAll(async () => {
  client.close();
  await standin.close();
  await rm(workDir, { recursive: true, force: true });
});
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(workDir, 'app-'));
});
afterEach(async () => {
  for (const manager of managers.splice(0)) await manager.stop();
});

function aria() {
  const voice = standin.marketVoices.find((candidate) => candidate.name === 'Aria');
  if (!voice) throw new Error('the stand-in has no Aria');
  return voice;
}

async function startManager(serviceClient: ServiceClient = client): Promise<JobManager> {
  const manager = new JobManager({ client: serviceClient, dataDir, schedule: FAST_POLLS, stopGraceMs: 0 });
  managers.push(manager);
  await manager.start();
  return manager;
}

/**
 * Wires the library to a job manager the way the app does: every job update is applied, in order. Records
 * every state the library showed for the job, so the tests can check the visible progression.
 */
function follow(library: VoiceLibrary, manager: JobManager, details?: VoiceJobDetails) {
  const seen: Array<Pick<VoiceEntry, 'id' | 'state' | 'status'>> = [];
  let chain: Promise<unknown> = Promise.resolve();
  const unsubscribe = manager.onEvent((event) => {
    if (event.type !== 'job-updated') return;
    chain = chain.then(async () => {
      const entry = await library.applyVoiceJob(event.job, details);
      const last = seen.at(-1);
      if (entry && (last?.state !== entry.state || last.status !== entry.status || last.id !== entry.id)) {
        seen.push({ id: entry.id, state: entry.state, status: entry.status });
      }
    });
  });
  return {
    seen,
    /** Waits for the events so far, then applies each job's latest record: an update emitted after waitFor()
     * resolved (the job file being written) would otherwise be missed, as the app never misses it. */
    settled: async () => {
      await chain;
      unsubscribe();
      for (const record of manager.list()) await library.applyVoiceJob(record, details);
    },
  };
}

async function expectLibraryError(promise: Promise<unknown>, code: string): Promise<VoiceLibraryError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(VoiceLibraryError);
  expect((error as VoiceLibraryError).code).toBe(code);
  return error as VoiceLibraryError;
}

describe('VoiceLibrary × stand-in: adding by id', () => {
  it('adds a market voice by id with its generation id, styles and playable samples', async () => {
    const library = new VoiceLibrary({ dataDir });
    const changes: string[] = [];
    library.onChange((url) => changes.push(url));

    const entry = await library.addById(standin.url, `  ${aria().id} `, client);

    expect(entry).toMatchObject({
      id: aria().id,
      idForGenerate: aria().idForGenerate,
      serviceName: 'Aria',
      status: 'pending',
      state: 'ready',
      from: 'market',
      origin: 'added',
      language: 'en',
      version: 'v3.0',
      professional: false,
    });
    expect(entry.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(entry.styles.map((style) => style.id)).toEqual(aria().styles);
    const sample = entry.styles[0]?.sampleUrl ?? '';
    expect(sample.startsWith(`${standin.url}/files/`)).toBe(true);
    const audio = await fetch(sample);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\//);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    expect(await library.list(standin.url)).toEqual([entry]);
    expect(await library.get(`${standin.url}/`, aria().id)).toEqual(entry);
    expect(changes).toEqual([standin.url]);
  });

  it('refuses an unknown id with an error naming it and the request id, and changes nothing', async () => {
    const library = new VoiceLibrary({ dataDir });
    const unknownId = '00000000-1111-4222-8333-444444444444';
    const error = await expectLibraryError(
      library.addById(standin.url, unknownId, client),
      'VOICE_NOT_FOUND',
    );
    expect(error.message).toContain(unknownId);
    expect(error.field).toBe('id');
    expect(error.httpStatus).toBe(404);
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await library.list(standin.url)).toEqual([]);

    const blank = await expectLibraryError(library.addById(standin.url, '   ', client), 'VOICE_ID_INVALID');
    expect(blank.message).toBe('id is required');
  });

  it("takes either of a voice's ids: a removed market voice comes back by its generation id, even after a restart", async () => {
    const library = new VoiceLibrary({ dataDir });
    await library.addById(standin.url, aria().id, client);
    // In the library: its generation id finds it too (and refreshes it).
    expect(await library.addById(standin.url, aria().idForGenerate, client)).toMatchObject({ id: aria().id });
    expect(await library.list(standin.url)).toHaveLength(1);

    expect(await library.remove(standin.url, aria().id)).toBe(true);
    // A new library object reads the file again, as after a restart.
    const reopened = new VoiceLibrary({ dataDir });
    const back = await reopened.addById(standin.url, aria().idForGenerate, client);
    expect(back).toMatchObject({ id: aria().id, idForGenerate: aria().idForGenerate, origin: 'added' });
    expect(await reopened.remove(standin.url, aria().id)).toBe(true);
    expect(await reopened.addById(standin.url, aria().id, client)).toMatchObject({ id: aria().id });
    expect((await reopened.list(standin.url)).map((voice) => voice.id)).toEqual([aria().id]);
  });

  it('refreshes a voice added twice, keeping its rename and when it was added', async () => {
    let clock = Date.parse('2025-01-01T00:00:00Z');
    const library = new VoiceLibrary({ dataDir, now: () => new Date((clock += 1000)) });
    const first = await library.addById(standin.url, aria().id, client);
    await library.rename(standin.url, aria().id, '  Story teller  ');
    const again = await library.addById(standin.url, aria().id, client);
    expect(again).toMatchObject({ localName: 'Story teller', addedAt: first.addedAt, origin: 'added' });
    expect(await library.list(standin.url)).toHaveLength(1);
  });

  it('never sends a token to another service than the library asked for', async () => {
    const library = new VoiceLibrary({ dataDir });
    const other = new ServiceClient({ baseUrl: 'http://127.0.0.1:9', getToken: () => TOKEN });
    await expectLibraryError(library.addById(standin.url, aria().id, other), 'CLIENT_SERVICE_MISMATCH');
    other.close();
  });

  it('reads offline: the list comes from disk, a refresh fails without touching the entry', async () => {
    const library = new VoiceLibrary({ dataDir });
    const entry = await library.addById(standin.url, aria().id, client);
    const offlineClient = new ServiceClient({
      baseUrl: standin.url,
      getToken: () => TOKEN,
      retry: { maxRetries: 0 },
      timeoutMs: 2000,
    });
    await standin.goOffline();
    try {
      const reopened = new VoiceLibrary({ dataDir });
      expect(await reopened.list(standin.url)).toEqual([entry]);
      await expect(reopened.refresh(standin.url, aria().id, offlineClient)).rejects.toMatchObject({
        kind: 'network',
      });
      expect(await reopened.get(standin.url, aria().id)).toEqual(entry);
    } finally {
      offlineClient.close();
      await standin.goOnline();
    }
  });
});

describe('VoiceLibrary × stand-in: voices created through the job manager', () => {
  it('follows a quick clone from a placeholder keyed by the job to the service voice, creating → pending', async () => {
    const library = new VoiceLibrary({ dataDir });
    const manager = await startManager();
    const follower = follow(library, manager);
    const job = await manager.submitVoice({
      voice: { name: 'Quick clone', language: 'en', prompt: { path: speechPath } },
    });
    const done = await manager.waitFor(job.id);
    await follower.settled();

    expect(done.status).toBe('succeeded');
    expect(follower.seen[0]).toMatchObject({ id: job.id, state: 'creating' });
    const remoteId = done.remoteId ?? '';
    expect(follower.seen.at(-1)).toEqual({ id: remoteId, state: 'ready', status: 'pending' });
    // Every step the user saw was either the placeholder or the service's voice: never a third entry.
    expect(follower.seen.every((step) => step.id === job.id || step.id === remoteId)).toBe(true);

    const list = await library.list(standin.url);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: remoteId,
      jobId: job.id,
      serviceName: 'Quick clone',
      origin: 'created',
      from: 'user',
      state: 'ready',
      professional: false,
    });
    expect(list[0]?.idForGenerate).not.toBe(remoteId);
    expect(list[0]?.styles[0]?.sampleUrl).toMatch(new RegExp(`^${standin.url}/files/voices/`));
  });

  it('follows a professional clone through training (lora-pending / lora-awaiting) to lora-success', async () => {
    const library = new VoiceLibrary({ dataDir });
    const manager = await startManager();
    const follower = follow(library, manager, { professional: true, language: 'en', modelVersion: 'v3.0' });
    const job = await manager.submitVoice({
      voice: { name: 'Studio clone', language: 'en', lora: 'studio_1', prompt: { path: speechPath } },
    });
    const placeholder = await library.applyVoiceJob(job, { professional: true, language: 'en' });
    expect(placeholder).toMatchObject({ id: job.id, state: 'creating', professional: true });

    const done = await manager.waitFor(job.id);
    await follower.settled();
    expect(done.status).toBe('succeeded');
    expect(follower.seen.some((step) => step.state === 'training' && step.status.startsWith('lora-'))).toBe(
      true,
    );
    expect(await library.get(standin.url, done.remoteId ?? '')).toMatchObject({
      state: 'ready',
      status: 'lora-success',
      professional: true,
      language: 'en',
      modelVersion: 'v3.0',
    });
    expect(await library.get(standin.url, job.id)).toBeUndefined();
  });

  it('marks a creation the service refused as failed with the reason and request id', async () => {
    const library = new VoiceLibrary({ dataDir });
    const manager = await startManager();
    const follower = follow(library, manager);
    // Main measures the speech itself and refuses a short prompt before sending anything.
    await expect(
      manager.submitVoice({
        voice: { name: 'Too short', language: 'en', prompt: { path: shortSpeechPath } },
      }),
    ).rejects.toMatchObject({ violations: [expect.objectContaining({ rule: 'speech-too-short' })] });
    // Here the service
    // refuses a prompt main accepted (its own rules may differ).
    standin.injectFault({
      mode: 'status',
      status: 400,
      code: 'VALIDATION_BAD_PARAMS',
      message: 'The reference audio must contain at least 3 seconds of speech.',
      method: 'POST',
      pathPrefix: '/api/voice',
    });
    const job = await manager.submitVoice({
      voice: { name: 'Too short', language: 'en', prompt: { path: speechPath } },
    });
    const done = await manager.waitFor(job.id);
    await follower.settled();
    expect(done.status).toBe('failed');
    const entry = await library.get(standin.url, job.id);
    expect(entry).toMatchObject({ id: job.id, state: 'failed', serviceName: 'Too short' });
    expect(entry?.failureReason).toBe(done.error?.message);
    expect(entry?.failureReason).toMatch(/speech/i);
    expect(entry?.requestId).toBe(done.error?.requestId);
  });

  it('marks a voice that failed on the service as failed with the service reason', async () => {
    const failing = await startStandin({ speed: 100, rateLimit: 0, failRate: 1 });
    const failingClient = new ServiceClient({ baseUrl: failing.url, getToken: () => TOKEN });
    try {
      const library = new VoiceLibrary({ dataDir });
      const manager = await startManager(failingClient);
      const follower = follow(library, manager);
      const job = await manager.submitVoice({
        voice: { name: 'Doomed', language: 'en', prompt: { path: speechPath } },
      });
      const done = await manager.waitFor(job.id);
      await follower.settled();
      expect(done.status).toBe('failed');
      const [entry] = await library.list(failing.url);
      expect(entry).toMatchObject({ id: done.remoteId, state: 'failed', status: 'failed', jobId: job.id });
      expect(entry?.failureReason).toBeTruthy();
      expect(entry?.failureReason).toBe(done.result?.metadata.failureReason);
    } finally {
      await Promise.all(managers.splice(0).map((manager) => manager.stop()));
      failingClient.close();
      await failing.close();
    }
  });

  it('keeps everything across a restart; replaying the job list changes nothing; removal and rename persist', async () => {
    const library = new VoiceLibrary({ dataDir });
    const manager = await startManager();
    const follower = follow(library, manager);
    const job = await manager.submitVoice({
      voice: { name: 'Persistent', language: 'en', prompt: { path: speechPath } },
    });
    const done = await manager.waitFor(job.id);
    await follower.settled();
    await library.addById(standin.url, aria().id, client);
    await library.rename(standin.url, done.remoteId ?? '', 'Mine');
    const before = await library.list(standin.url);
    const fileBefore = await readFile(voiceFilePath(dataDir, standin.url), 'utf8');
    expect(fileBefore).not.toContain(TOKEN);

    // A new process: the library reads its file; the app replays every job it knows.
    const reopened = new VoiceLibrary({ dataDir });
    const changes: string[] = [];
    reopened.onChange((url) => changes.push(url));
    expect(await reopened.list(standin.url)).toEqual(before);
    for (const record of manager.list()) await reopened.applyVoiceJob(record);
    expect(changes).toEqual([]);
    expect(await readFile(voiceFilePath(dataDir, standin.url), 'utf8')).toBe(fileBefore);
    expect((await reopened.get(standin.url, done.remoteId ?? ''))?.localName).toBe('Mine');

    // Back to the service's name, then removed: a replayed job must not bring it back, even after a restart.
    expect((await reopened.rename(standin.url, done.remoteId ?? '', '   ')).localName).toBeUndefined();
    expect(await reopened.remove(standin.url, done.remoteId ?? '')).toBe(true);
    expect(await reopened.remove(standin.url, done.remoteId ?? '')).toBe(false);
    expect(await reopened.applyVoiceJob(done)).toBeUndefined();
    const third = new VoiceLibrary({ dataDir });
    for (const record of manager.list()) await third.applyVoiceJob(record);
    expect((await third.list(standin.url)).map((entry) => entry.id)).toEqual([aria().id]);
  });
});

describe('VoiceLibrary: local edits and damaged files', () => {
  it('validates renames and refuses unknown voices by name of field and rule', async () => {
    const library = new VoiceLibrary({ dataDir });
    await library.addById(standin.url, aria().id, client);
    const tooLong = await expectLibraryError(
      library.rename(standin.url, aria().id, 'x'.repeat(81)),
      'VOICE_NAME_INVALID',
    );
    expect(tooLong.message).toBe('localName must be at most 80 characters');
    expect(tooLong.field).toBe('localName');
    await expectLibraryError(library.rename(standin.url, aria().id, 'a\nb'), 'VOICE_NAME_INVALID');
    expect((await library.rename(standin.url, aria().id, 'é'.repeat(80))).localName).toBe('é'.repeat(80));
    const missing = await expectLibraryError(
      library.rename(standin.url, 'nope', 'A'),
      'VOICE_NOT_IN_LIBRARY',
    );
    expect(missing.field).toBe('id');
    await expectLibraryError(library.refresh(standin.url, 'nope', client), 'VOICE_NOT_IN_LIBRARY');
    await expectLibraryError(library.list('ftp://example.com'), 'SERVICE_URL_INVALID');
  });

  it('moves an unreadable file aside and starts empty, never trusting it', async () => {
    const filePath = voiceFilePath(dataDir, standin.url);
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(filePath, '{"version": 1, "serviceUrl": "', 'utf8');
    const logger = new MemoryLogger();
    const library = new VoiceLibrary({ dataDir, logger });
    expect(await library.list(standin.url)).toEqual([]);
    const files = await readdir(path.dirname(filePath));
    const aside = files.filter((name) => name.includes('.damaged-'));
    expect(aside).toHaveLength(1);
    expect(await readFile(path.join(path.dirname(filePath), aside[0] ?? ''), 'utf8')).toBe(
      '{"version": 1, "serviceUrl": "',
    );
    expect(logger.lines.some((line) => line.includes('not valid JSON'))).toBe(true);
    // The library works normally afterwards.
    await library.addById(standin.url, aria().id, client);
    expect(await new VoiceLibrary({ dataDir }).list(standin.url)).toHaveLength(1);
  });

  it('keeps only the entries that pass validation from a partly damaged file, and the original aside', async () => {
    const library = new VoiceLibrary({ dataDir });
    const good = await library.addById(standin.url, aria().id, client);
    const filePath = voiceFilePath(dataDir, standin.url);
    const content = JSON.parse(await readFile(filePath, 'utf8')) as { voices: unknown[] };
    content.voices.push({ ...good, id: 'bad', state: 'exploded' }, { id: 42 });
    await writeFile(filePath, JSON.stringify(content), 'utf8');

    const reopened = new VoiceLibrary({ dataDir });
    expect(await reopened.list(standin.url)).toEqual([good]);
    expect((await readdir(path.dirname(filePath))).some((name) => name.includes('.damaged-'))).toBe(true);
    // The kept entries were written back at once.
    expect(JSON.parse(await readFile(filePath, 'utf8'))).toMatchObject({ voices: [good] });
  });

  it('treats a library file of another service as damaged', async () => {
    const filePath = voiceFilePath(dataDir, standin.url);
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(
      filePath,
      JSON.stringify({ version: 1, serviceUrl: 'https://other.example', voices: [] }),
      'utf8',
    );
    expect(await new VoiceLibrary({ dataDir }).list(standin.url)).toEqual([]);
    expect((await readdir(path.dirname(filePath))).some((name) => name.includes('.damaged-'))).toBe(true);
  });

  it('serialises concurrent changes: none is lost', async () => {
    const library = new VoiceLibrary({ dataDir });
    const base: JobRecord = {
      id: 'j',
      kind: 'voice',
      serviceUrl: standin.url,
      status: 'queued',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        library.applyVoiceJob({
          ...base,
          id: `job-${index}`,
          voiceName: `Voice ${index}`,
          createdAt: `2025-01-01T00:00:${String(index).padStart(2, '0')}.000Z`,
        }),
      ),
    );
    const names = (await new VoiceLibrary({ dataDir }).list(standin.url)).map((entry) => entry.serviceName);
    expect(names).toEqual(Array.from({ length: 20 }, (_, index) => `Voice ${19 - index}`));
  });
});
