import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../../../common/project/index.js';
import type { GenerationHarness } from './test-support/generation-harness.js';
import { openGenerationHarness } from './test-support/generation-harness.js';

/** Issue 36, point 5: Generate with the service out of reach queues the blocks, and says so. */
let harness: GenerationHarness;
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
  serviceUrl = await closedAddress();
  harness = await openGenerationHarness({
    tempPrefix: 'timbre-offline-start-',
    serviceUrl,
    // Refused connections are retried as in the app, only sooner.
    client: { timeoutMs: 2_000, retry: { baseDelayMs: 50 } },
    followJobs: false,
  });
});

afterAll(async () => {
  await harness.close();
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
    expect(harness.manager.isServiceReachable).toBe(true);
    const first = await harness.service.start({ project: episode('First') });
    expect(first).toMatchObject({ sentBlocks: 2, offlineBlocks: 2 });
    expect(first.jobIds.map((id) => harness.manager.get(id)?.status)).toEqual(['queued-offline']);

    // Known to be offline now: queued at once.
    const second = await harness.service.start({ project: episode('Second') });
    expect(second).toMatchObject({ sentBlocks: 2, offlineBlocks: 2 });
  });
});
