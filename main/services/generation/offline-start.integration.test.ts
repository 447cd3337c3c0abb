import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../../../common/project/index.js';
import { AudioCache } from '../audio-cache/index.js';
import { JobManager } from '../jobs/index.js';
import { MediaCache } from '../media/index.js';
import { noServiceLexicons } from '../pronunciation/test-support/no-lexicons.js';
import { ServiceClient } from '../service-client/index.js';
import { GenerationService } from './generation-service.js';

/** Issue 36, point 5: Generate with the service out of reach queues the blocks, and says so. */
let workDir: string;
let client: ServiceClient;
let manager: JobManager;
let media: MediaCache;
let audio: AudioCache;
let service: GenerationService;
let serviceUrl: string;

/** An address nothing listens on: connections are refused, as with the network down. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('a port');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'timbre-offline-start-'));
  serviceUrl = await closedAddress();
  client = new ServiceClient({
    baseUrl: serviceUrl,
    getToken: () => 'standin-paid',
    timeoutMs: 2_000,
    // Refused connections are retried as in the app, only sooner.
    retry: { baseDelayMs: 50 },
  });
  manager = new JobManager({ client, dataDir: workDir, stopGraceMs: 0 });
  await manager.start();
  media = await MediaCache.open({ dataDir: workDir });
  audio = new AudioCache({ dataDir: workDir, media });
  service = new GenerationService({
    lexicons: noServiceLexicons,
    manager: () => Promise.resolve(manager),
    audio,
    srtAllowed: () => false,
    onUpdate: () => undefined,
  });
});

afterAll(async () => {
  await manager.stop();
  client.close();
  audio.dispose();
  await media.flush();
  await rm(workDir, { recursive: true, force: true });
});

function episode(text: string) {
  const project = createProject({
    title: 'Offline',
    serviceUrl,
    defaults: { voiceId: 'c3d9a7e4-1b2f-4e6a-8d05-9f7b3c2a1e42', voiceName: 'Aria', language: 'en' },
  });
  const blocks = [createTextBlock({ text: `${text} one.` }), createTextBlock({ text: `${text} two.` })];
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

describe('Generate while the service cannot be reached', () => {
  it('counts the blocks as queued, not sent, from the first click on', async () => {
    // The app still believes the service reachable: the first task's POST is what finds out.
    expect(manager.isServiceReachable).toBe(true);
    const first = await service.start({ project: episode('First') });
    expect(first).toMatchObject({ sentBlocks: 2, offlineBlocks: 2 });
    expect(first.jobIds.map((id) => manager.get(id)?.status)).toEqual(['queued-offline']);

    // Known to be offline now: queued at once.
    const second = await service.start({ project: episode('Second') });
    expect(second).toMatchObject({ sentBlocks: 2, offlineBlocks: 2 });
  });
});
