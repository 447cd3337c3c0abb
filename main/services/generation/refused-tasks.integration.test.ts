import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SegmentUpdate } from '../../../common/generation/index.js';
import type { GenerationCount } from '../../../common/generation/service-speed.js';
import type { Project } from '../../../common/project/index.js';
import { allBlocks, contentHash, createProject, createTextBlock } from '../../../common/project/index.js';
import { defaultsOnlyContext } from '../../../common/project/send-context.js';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import { taskRefusals } from '../../../standin/test-support/task-refusals.js';
import type { GenerationHarness } from './test-support/generation-harness.js';
import { openGenerationHarness } from './test-support/generation-harness.js';

/**
 * Issue 36, point 2: a run whose tasks are partly refused (400) must end, and say exactly what happened. Each
 * block here is long enough (over half a task's 5,000 characters) to go in a task of its own, so the stand-in's
 * refusals (its validation of styles, and its fault rules) hit some tasks and not others, while the rest finish.
 */
let standin: RunningStandin;
let harness: GenerationHarness;

beforeAll(async () => {
  standin = await startStandin({ speed: 50, rateLimit: 0 });
  harness = await openGenerationHarness({
    tempPrefix: 'timbre-refused-tasks-',
    serviceUrl: standin.url,
    schedule: { firstDelayMs: 50, maxDelayMs: 200, errorFirstDelayMs: 50, errorMaxDelayMs: 200 },
  });
});

afterEach(() => {
  standin.clearFaults();
  harness.updates.length = 0;
});

afterAll(async () => {
  await harness.close();
  await standin.close();
});

function voiceNamed(name: string) {
  const voice = standin.marketVoices.find((candidate) => candidate.name === name);
  if (!voice) throw new Error(`the stand-in has ${name}`);
  return voice;
}

/**
 * Blocks of `characters` each (2,600: one task each; 2,400: two a task), spoken by the given voices; the
 * project's defaults are Aria with her style "calm".
 */
function bookOf(voices: readonly string[], tag: string, characters = 2_600): Project {
  const aria = voiceNamed('Aria');
  const project = createProject({
    title: `Refusals ${tag}`,
    serviceUrl: standin.url,
    defaults: { voiceId: aria.idForGenerate, voiceName: aria.name, language: 'en', promptId: 'calm' },
  });
  const sentence = `The lantern keeper of ${tag} walked the sea wall at dusk and counted the boats. `;
  const blocks = voices.map((name, index) =>
    createTextBlock({
      text: `Part ${index + 1}. ${sentence.repeat(Math.ceil(characters / sentence.length))}`.slice(
        0,
        characters,
      ),
      ...(name === 'Aria' ? {} : { voiceId: voiceNamed(name).idForGenerate }),
    }),
  );
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

/** What the editor's generation store ends with: the last word main published on each content. */
function lastWordOn(): Map<string, SegmentUpdate> {
  const last = new Map<string, SegmentUpdate>();
  for (const update of harness.updates)
    for (const segment of update.segments) last.set(segment.contentHash, segment);
  return last;
}

async function runToTheEnd(project: Project): Promise<Map<string, SegmentUpdate>> {
  const started = await harness.service.start({ project });
  for (const id of started.jobIds) await harness.manager.waitFor(id);
  // The final status's event may still be on its way to onJobUpdated.
  await new Promise((resolve) => setImmediate(resolve));
  await harness.service.settled();
  return lastWordOn();
}

function hashesOf(project: Project): string[] {
  const context = defaultsOnlyContext(project.defaults);
  return allBlocks(project).map((block) => contentHash(block, context));
}

function refusedPosts(): number {
  return standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST' && entry.status === 400)
    .length;
}

// Real synthesis of ~2,500-character blocks: seconds each on a busy 2-core machine.
describe('a run with refused tasks (stand-in)', { timeout: 90_000 }, () => {
  it('ends every block of 3 tasks refused for a style their voice lacks, beside the one that finished', async () => {
    // Bruno has no "calm" style: the stand-in refuses his tasks (two blocks each) with 400 TTS_CONTENTS_INVALID.
    const project = bookOf(['Bruno', 'Bruno', 'Bruno', 'Bruno', 'Bruno', 'Bruno', 'Aria'], 'style', 2_400);
    const refusedBefore = refusedPosts();
    const last = await runToTheEnd(project);
    expect(refusedPosts() - refusedBefore).toBe(3);

    const segments = hashesOf(project).map((hash) => last.get(hash));
    const bruno = segments.slice(0, 6);
    // Nothing is left "on its way": the editor's run ends and Generate is offered again.
    expect(segments.map((segment) => segment?.state)).toEqual([...bruno.map(() => 'failed'), 'generated']);
    for (const segment of bruno) {
      if (segment?.state !== 'failed') throw new Error('failed');
      expect(segment.error.code).toBe('TTS_CONTENTS_INVALID');
      // Said as it is: the whole task was refused, nothing of it was made or charged, and which block is wrong
      // is not known.
      expect(segment.error.message).toMatch(
        /^The service refused the whole task this block was sent in, with 1 other block, so nothing was generated or charged for any of them; this block itself may be fine\./,
      );
      expect(segment.error.message).not.toMatch(/rejected one of the blocks/);
    }
  });

  it('ends a mix of tasks refused by fault rules and finished ones, whatever order they end in', async () => {
    // Every second POST is refused; submissions go out four at a time, so refusals and acceptances interleave.
    standin.injectFault(taskRefusals(2, 2));
    const project = bookOf(['Aria', 'Aria', 'Aria', 'Aria'], 'faults');
    const last = await runToTheEnd(project);
    const states = hashesOf(project).map((hash) => last.get(hash)?.state);
    expect(states.filter((state) => state === 'pending')).toEqual([]);
    expect(states.filter((state) => state === 'generated')).toHaveLength(2);
    expect(states.filter((state) => state === 'failed')).toHaveLength(2);
  });

  it('counts a batch run to its end when tasks are refused (batch export, command line)', async () => {
    standin.injectFault(taskRefusals(2));
    const project = bookOf(['Aria', 'Aria', 'Aria'], 'batch');
    const counts: GenerationCount[] = [];
    const done = await harness.service.generateAndWait(project, {
      onProgress: (count) => counts.push(count),
    });
    const context = defaultsOnlyContext(done.defaults);
    const kinds = allBlocks(done).map((block) => block.generation.kind);
    expect(kinds.filter((kind) => kind === 'failed')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'generated')).toHaveLength(1);
    expect(allBlocks(done).every((block) => contentHash(block, context).length > 0)).toBe(true);
    expect(counts.at(-1)).toMatchObject({ doneBlocks: 3, totalBlocks: 3, failedBlocks: 2 });
  });
});
