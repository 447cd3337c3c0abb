import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { startStandin } from '../../../standin/index.js';
import { ServiceClient } from '../service-client/index.js';
import { voiceFilePath } from './voice-file.js';
import { VoiceLibrary } from './voice-library.js';
import { TOKEN, follow, useVoiceLibraryWorld } from './test-support/voice-library-world.js';

/** Integration: the library following voices created through a real job manager, against the stand-in. */
const world = useVoiceLibraryWorld();
const { aria, startManager } = world;

describe('VoiceLibrary × stand-in: voices created through the job manager', () => {
  it('follows a quick clone from a placeholder keyed by the job to the service voice, creating → pending', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    const manager = await startManager();
    const follower = follow(library, manager);
    const job = await manager.submitVoice({
      voice: { name: 'Quick clone', language: 'en', prompt: { path: world.speechPath } },
    });
    const done = await manager.waitFor(job.id);
    await follower.settled();

    expect(done.status).toBe('succeeded');
    expect(follower.seen[0]).toMatchObject({ id: job.id, state: 'creating' });
    const remoteId = done.remoteId ?? '';
    expect(follower.seen.at(-1)).toEqual({ id: remoteId, state: 'ready', status: 'pending' });
    // Every step the user saw was either the placeholder or the service's voice: never a third entry.
    expect(follower.seen.every((step) => step.id === job.id || step.id === remoteId)).toBe(true);

    const list = await library.list(world.standin.url);
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
    expect(list[0]?.styles[0]?.sampleUrl).toMatch(new RegExp(`^${world.standin.url}/files/voices/`));
  });

  it('follows a professional clone through training (lora-pending / lora-awaiting) to lora-success', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    const manager = await startManager();
    const follower = follow(library, manager, { professional: true, language: 'en', modelVersion: 'v3.0' });
    const job = await manager.submitVoice({
      voice: { name: 'Studio clone', language: 'en', lora: 'studio_1', prompt: { path: world.speechPath } },
    });
    const placeholder = await library.applyVoiceJob(job, { professional: true, language: 'en' });
    expect(placeholder).toMatchObject({ id: job.id, state: 'creating', professional: true });

    const done = await manager.waitFor(job.id);
    await follower.settled();
    expect(done.status).toBe('succeeded');
    expect(follower.seen.some((step) => step.state === 'training' && step.status.startsWith('lora-'))).toBe(
      true,
    );
    expect(await library.get(world.standin.url, done.remoteId ?? '')).toMatchObject({
      state: 'ready',
      status: 'lora-success',
      professional: true,
      language: 'en',
      modelVersion: 'v3.0',
    });
    expect(await library.get(world.standin.url, job.id)).toBeUndefined();
  });

  it('marks a creation the service refused as failed with the reason and request id', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    const manager = await startManager();
    const follower = follow(library, manager);
    // Main measures the speech itself and refuses a short prompt before sending anything.
    await expect(
      manager.submitVoice({
        voice: { name: 'Too short', language: 'en', prompt: { path: world.shortSpeechPath } },
      }),
    ).rejects.toMatchObject({ violations: [expect.objectContaining({ rule: 'speech-too-short' })] });
    // Here the service
    // refuses a prompt main accepted (its own rules may differ).
    world.standin.injectFault({
      mode: 'status',
      status: 400,
      code: 'VALIDATION_BAD_PARAMS',
      message: 'The reference audio must contain at least 3 seconds of speech.',
      method: 'POST',
      pathPrefix: '/api/voice',
    });
    const job = await manager.submitVoice({
      voice: { name: 'Too short', language: 'en', prompt: { path: world.speechPath } },
    });
    const done = await manager.waitFor(job.id);
    await follower.settled();
    expect(done.status).toBe('failed');
    const entry = await library.get(world.standin.url, job.id);
    expect(entry).toMatchObject({ id: job.id, state: 'failed', serviceName: 'Too short' });
    expect(entry?.failureReason).toBe(done.error?.message);
    expect(entry?.failureReason).toMatch(/speech/i);
    expect(entry?.requestId).toBe(done.error?.requestId);
  });

  it('marks a voice that failed on the service as failed with the service reason', async () => {
    const failing = await startStandin({ speed: 100, rateLimit: 0, failRate: 1 });
    const failingClient = new ServiceClient({ baseUrl: failing.url, getToken: () => TOKEN });
    try {
      const library = new VoiceLibrary({ dataDir: world.dataDir });
      const manager = await startManager(failingClient);
      const follower = follow(library, manager);
      const job = await manager.submitVoice({
        voice: { name: 'Doomed', language: 'en', prompt: { path: world.speechPath } },
      });
      const done = await manager.waitFor(job.id);
      await follower.settled();
      expect(done.status).toBe('failed');
      const [entry] = await library.list(failing.url);
      expect(entry).toMatchObject({ id: done.remoteId, state: 'failed', status: 'failed', jobId: job.id });
      expect(entry?.failureReason).toBeTruthy();
      expect(entry?.failureReason).toBe(done.result?.metadata.failureReason);
    } finally {
      await world.stopManagers();
      failingClient.close();
      await failing.close();
    }
  });

  it('keeps everything across a restart; replaying the job list changes nothing; removal and rename persist', async () => {
    const library = new VoiceLibrary({ dataDir: world.dataDir });
    const manager = await startManager();
    const follower = follow(library, manager);
    const job = await manager.submitVoice({
      voice: { name: 'Persistent', language: 'en', prompt: { path: world.speechPath } },
    });
    const done = await manager.waitFor(job.id);
    await follower.settled();
    await library.addById(world.standin.url, aria().id, world.client);
    await library.rename(world.standin.url, done.remoteId ?? '', 'Mine');
    const before = await library.list(world.standin.url);
    const fileBefore = await readFile(voiceFilePath(world.dataDir, world.standin.url), 'utf8');
    expect(fileBefore).not.toContain(TOKEN);

    // A new process: the library reads its file; the app replays every job it knows.
    const reopened = new VoiceLibrary({ dataDir: world.dataDir });
    const changes: string[] = [];
    reopened.onChange((url) => changes.push(url));
    expect(await reopened.list(world.standin.url)).toEqual(before);
    for (const record of manager.list()) await reopened.applyVoiceJob(record);
    expect(changes).toEqual([]);
    expect(await readFile(voiceFilePath(world.dataDir, world.standin.url), 'utf8')).toBe(fileBefore);
    expect((await reopened.get(world.standin.url, done.remoteId ?? ''))?.localName).toBe('Mine');

    // Back to the service's name, then removed: a replayed job must not bring it back, even after a restart.
    expect((await reopened.rename(world.standin.url, done.remoteId ?? '', '   ')).localName).toBeUndefined();
    expect(await reopened.remove(world.standin.url, done.remoteId ?? '')).toBe(true);
    expect(await reopened.remove(world.standin.url, done.remoteId ?? '')).toBe(false);
    expect(await reopened.applyVoiceJob(done)).toBeUndefined();
    const third = new VoiceLibrary({ dataDir: world.dataDir });
    for (const record of manager.list()) await third.applyVoiceJob(record);
    expect((await third.list(world.standin.url)).map((entry) => entry.id)).toEqual([aria().id]);
  });
});
