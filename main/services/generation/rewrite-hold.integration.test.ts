import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { blockState, createProject, createTextBlock } from '../../../common/project/index.js';
import { contextOf } from '../../../common/project/test-support.js';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import type { GenerationHarness } from './test-support/generation-harness.js';
import { openGenerationHarness } from './test-support/generation-harness.js';

/**
 * Issue 39: a timed line marked to rewrite shorter was sent and charged by Generate, its text as it is now, to be
 * thrown away once rewritten. Every path that generates (the editor, the batch queue, `timbre export --generate`)
 * plans through GenerationService: the stand-in's ledger must never see the marked line.
 */
let standin: RunningStandin;
let harness: GenerationHarness;

beforeAll(async () => {
  standin = await startStandin({ speed: 50, rateLimit: 0 });
  harness = await openGenerationHarness({
    tempPrefix: 'timbre-rewrite-hold-it-',
    serviceUrl: standin.url,
    schedule: { firstDelayMs: 50, maxDelayMs: 200, errorFirstDelayMs: 50, errorMaxDelayMs: 200 },
  });
});

afterAll(async () => {
  await harness.close();
  await standin.close();
});

/** A timed project: a line that fits, and one marked to rewrite shorter (its own text: nothing cached). */
function timedProject(markedText: string): Project {
  const voice = standin.marketVoices[0];
  if (!voice) throw new Error('the stand-in has market voices');
  const base = createProject({
    title: 'Dub',
    serviceUrl: standin.url,
    defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
  });
  const fits = {
    ...createTextBlock({ text: 'Hello.' }),
    timing: { startMs: 0, lane: 0, fit: 'fixed' as const },
  };
  const marked = {
    ...createTextBlock({ text: markedText }),
    timing: { startMs: 2_000, cueEndMs: 2_500, lane: 0, fit: 'fixed' as const, rewrite: true },
  };
  return { ...base, tracks: { ...base.tracks, speech: { blocks: [fits, marked] } } };
}

/** What the service was asked to speak since `from` (the ledger's preview of each task's text). */
const previewsSince = (from: number): string[] =>
  standin
    .ledger({ kind: 'task' })
    .slice(from)
    .map((entry) => String(entry.summary['textPreview'] ?? ''));

describe('a line marked to rewrite shorter is never sent (issue 39)', () => {
  it('an unattended run (batch, CLI) generates the others and leaves the marked line without audio', async () => {
    const project = timedProject('This line is far too long for its short slot and waits for a rewrite.');
    const from = standin.ledger({ kind: 'task' }).length;
    const done = await harness.service.generateAndWait(project);
    const previews = previewsSince(from);
    expect(previews).toHaveLength(1);
    expect(previews[0]).toContain('Hello.');
    expect(previews.join(' ')).not.toContain('far too long');
    const [fits, marked] = done.tracks.speech.blocks;
    if (!fits || !marked) throw new Error('two blocks');
    expect(blockState(fits, contextOf(done))).toBe('generated');
    expect(blockState(marked, contextOf(done))).toBe('not-generated');
  }, 30_000);

  it('the editor’s Generate of the marked line alone sends nothing', async () => {
    const project = timedProject('Another line, far too long for its slot, chosen alone.');
    const marked = project.tracks.speech.blocks[1];
    if (!marked) throw new Error('two blocks');
    const from = standin.ledger({ kind: 'task' }).length;
    const started = await harness.service.start({ project, blockIds: [marked.id] });
    expect(started.sentBlocks).toBe(0);
    expect(started.jobIds).toEqual([]);
    expect(previewsSince(from)).toEqual([]);
  }, 30_000);
});
