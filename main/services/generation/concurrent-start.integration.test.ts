import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../../../common/project/index.js';
import type { VoiceCatalog } from '../../../common/project/voice-fit.js';
import { voiceCatalog } from '../../../common/project/voice-fit.js';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import { noServiceLexicons } from '../pronunciation/test-support/no-lexicons.js';
import { GenerationService } from './generation-service.js';
import type { GenerationHarness } from './test-support/generation-harness.js';
import { openGenerationHarness } from './test-support/generation-harness.js';

/**
 * Two Generate requests at once must not pay twice for the same blocks: the app's voice lookup (the library's
 * list) really waits, and a wait between planning and sending let both requests plan the same blocks.
 */
let standin: RunningStandin;
let harness: GenerationHarness;

beforeAll(async () => {
  standin = await startStandin({ speed: 50, rateLimit: 0 });
  harness = await openGenerationHarness({
    tempPrefix: 'timbre-concurrent-start-',
    serviceUrl: standin.url,
    schedule: { firstDelayMs: 50, maxDelayMs: 200, errorFirstDelayMs: 50, errorMaxDelayMs: 200 },
  });
});

afterAll(async () => {
  await harness.close();
  await standin.close();
});

/** The stand-in's voices as the library lists them, answered after `delayMs` as a real lookup may be. */
function slowVoices(delayMs: number): () => Promise<VoiceCatalog> {
  const catalog = voiceCatalog(
    standin.marketVoices.map((voice) => ({
      ...voice,
      state: 'ready' as const,
      styles: voice.styles.map((id) => ({ id, name: id })),
    })),
  );
  return () => new Promise((resolve) => setTimeout(() => resolve(catalog), delayMs));
}

describe('Generate clicked twice at once', () => {
  it('sends the blocks once: the second request finds them on their way', async () => {
    const service = new GenerationService({
      lexicons: noServiceLexicons,
      manager: () => Promise.resolve(harness.manager),
      audio: harness.audio,
      srtAllowed: () => false,
      onUpdate: () => undefined,
      voices: slowVoices(100),
    });
    const voice = standin.marketVoices[0];
    if (!voice) throw new Error('the stand-in has market voices');
    const base = createProject({
      title: 'Twice',
      serviceUrl: standin.url,
      defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
    });
    const project = {
      ...base,
      tracks: { ...base.tracks, speech: { blocks: [createTextBlock({ text: 'Only once, please.' })] } },
    };

    const [first, second] = await Promise.all([service.start({ project }), service.start({ project })]);

    expect(first).toMatchObject({ sentBlocks: 1, reusedBlocks: 0 });
    expect(second).toMatchObject({ sentBlocks: 0, reusedBlocks: 1, jobIds: [] });
    expect(harness.manager.list().filter((job) => job.kind === 'task')).toHaveLength(1);
    for (const id of first.jobIds) await harness.manager.waitFor(id);
    expect(standin.ledger({ kind: 'task' })).toHaveLength(1);
  });
});
