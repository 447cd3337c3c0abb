import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../../../common/project/index.js';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import type { GenerationHarness } from './test-support/generation-harness.js';
import { openGenerationHarness } from './test-support/generation-harness.js';

/**
 * Issue 36: Generate answers after waiting at most 4 s for its first task's POST. A connection that still hangs
 * then has sent nothing the app knows of: its blocks are being sent, not sent.
 */
let standin: RunningStandin;
let harness: GenerationHarness;

beforeAll(async () => {
  standin = await startStandin({ speed: 50, rateLimit: 0 });
  harness = await openGenerationHarness({
    tempPrefix: 'timbre-unanswered-start-',
    serviceUrl: standin.url,
    schedule: { firstDelayMs: 50, maxDelayMs: 200, errorFirstDelayMs: 50, errorMaxDelayMs: 200 },
  });
});

afterAll(async () => {
  await harness.close();
  await standin.close();
});

describe('Generate while the service is slow to answer', () => {
  it('counts the blocks of a task whose POST has not been answered as being sent', async () => {
    // Longer than Generate's 4 s wait, shorter than the client's 10 s timeout.
    standin.injectFault({ mode: 'hang', hangMs: 5_500, method: 'POST', pathPrefix: '/api/tts/generate' });
    const voice = standin.marketVoices[0];
    if (!voice) throw new Error('the stand-in has market voices');
    const base = createProject({
      title: 'Slow',
      serviceUrl: standin.url,
      defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
    });
    const blocks = [createTextBlock({ text: 'Slow one.' }), createTextBlock({ text: 'Slow two.' })];
    const project = { ...base, tracks: { ...base.tracks, speech: { blocks } } };

    const started = await harness.service.start({ project });

    expect(harness.manager.get(started.jobIds[0] ?? '')?.status).toBe('submitting');
    expect(started).toMatchObject({ sentBlocks: 2, sendingBlocks: 2, offlineBlocks: 0 });
    // The service answers in the end, and the task is made once.
    for (const id of started.jobIds) expect((await harness.manager.waitFor(id)).status).toBe('succeeded');
    expect(standin.ledger({ kind: 'task' })).toHaveLength(1);
  }, 20_000);
});
