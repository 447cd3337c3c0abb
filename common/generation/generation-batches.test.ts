import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from '../project/send-context.js';
import { contextOf } from '../project/test-support.js';
import type { Project } from '../project/index.js';
import {
  contentHash,
  createTextBlock,
  insertBlocks,
  setGenerationState,
  takeKey,
  updateBlock,
} from '../project/index.js';
import { sampleProject, sequentialIds } from '../project/test-support.js';
import { MAX_BLOCKS_PER_TASK, MAX_CHARACTERS_PER_TASK, planGenerationBatches } from './generation-batches.js';

function markGenerated(project: Project, blockId: string): Project {
  const block = [
    ...project.tracks.speech.blocks,
    ...project.tracks.effects.blocks,
    ...project.tracks.music.blocks,
  ].find((candidate) => candidate.id === blockId);
  if (!block) throw new Error(`no ${blockId}`);
  const hash = contentHash(block, defaultsOnlyContext(project.defaults));
  return setGenerationState(project, blockId, {
    kind: 'generated',
    contentHash: hash,
    audio: { cacheKey: hash, durationMs: 1000, generatedAt: '2026-01-01T00:00:00Z' },
  });
}

describe('planGenerationBatches', () => {
  it('sends every block of a new project once, speech first, with the hash each result files under', () => {
    const project = sampleProject();
    const plan = planGenerationBatches(project, contextOf(project));
    expect(plan.batches).toHaveLength(1);
    const [batch] = plan.batches;
    expect(batch?.blockIds).toEqual(['t1', 't2', 't3', 's1', 'm1']);
    expect(batch?.contents.map((content) => content.type)).toEqual(['text', 'text', 'text', 'sfx', 'music']);
    const t2 = project.tracks.speech.blocks[1];
    expect(batch?.contentHashes[1]).toBe(t2 ? contentHash(t2, defaultsOnlyContext(project.defaults)) : '');
    expect(plan.characters).toBe(batch?.characters);
  });

  it('sends only what changed: an edited block goes, a volume change and generated blocks stay', () => {
    let project = sampleProject();
    for (const id of ['t1', 't2', 't3', 's1', 'm1']) project = markGenerated(project, id);
    project = updateBlock(project, 't2', { text: 'General Kenobi! You are a bold one.' });
    project = updateBlock(project, 't3', { volumeDb: -3 });
    const plan = planGenerationBatches(project, contextOf(project));
    expect(plan.batches.flatMap((batch) => batch.blockIds)).toEqual(['t2']);
  });

  it('takes another take of a selection on request, with a new seed and its own cache key', () => {
    let project = sampleProject();
    for (const id of ['t1', 't2', 't3', 's1', 'm1']) project = markGenerated(project, id);
    expect(planGenerationBatches(project, contextOf(project), { blockIds: ['t1'] }).batches).toEqual([]);
    const seeds = [11, 22];
    const again = planGenerationBatches(project, contextOf(project), {
      blockIds: ['t1', 's1'],
      newTake: { seed: () => seeds.shift() ?? 0 },
    });
    const [batch] = again.batches;
    expect(batch?.blockIds).toEqual(['t1', 's1']);
    expect(batch?.contents.map((content) => content.seed)).toEqual([11, 22]);
    const t1 = project.tracks.speech.blocks[0]!;
    expect(batch?.contentHashes[0]).toBe(contentHash(t1, defaultsOnlyContext(project.defaults)));
    // Filed apart from the first take (whose key is the content hash), so the take before is kept.
    expect(batch?.cacheKeys[0]).toBe(takeKey(contentHash(t1, defaultsOnlyContext(project.defaults)), 11));
    expect(batch?.cacheKeys[0]).not.toBe(batch?.contentHashes[0]);
  });

  it('sends identical content once and reuses cached or pending audio', () => {
    const ids = sequentialIds('dup');
    let project = sampleProject();
    project = insertBlocks(project, [createTextBlock({ text: 'Hello there.' }, ids)], { index: 3 });
    const t1 = project.tracks.speech.blocks[0];
    const t3 = project.tracks.speech.blocks[2];
    if (!t1 || !t3) throw new Error('sample has speech');
    const plan = planGenerationBatches(project, contextOf(project), {
      skipHashes: new Set([contentHash(t3, defaultsOnlyContext(project.defaults))]),
    });
    const sent = plan.batches.flatMap((batch) => batch.blockIds);
    expect(sent).toEqual(['t1', 't2', 's1', 'm1']);
    expect(plan.reused.map((item) => item.blockId).sort()).toEqual(['dup-1', 't3'].sort());
    expect(plan.reused.find((item) => item.blockId === 'dup-1')?.contentHash).toBe(
      contentHash(t1, defaultsOnlyContext(project.defaults)),
    );
  });

  it('cuts long projects into tasks by block count and by characters, keeping timeline order', () => {
    const ids = sequentialIds('long');
    const sentence = 'This sentence is about sixty characters long, give or take. ';
    const blocks = Array.from({ length: 130 }, (_, index) =>
      createTextBlock({ text: `${index}: ${sentence.repeat(1 + (index % 3))}` }, ids),
    );
    const project = insertBlocks(sampleProject(), blocks, { index: 0 });
    const plan = planGenerationBatches(project, contextOf(project));
    for (const batch of plan.batches) {
      expect(batch.contents.length).toBeLessThanOrEqual(MAX_BLOCKS_PER_TASK);
      expect(batch.characters).toBeLessThanOrEqual(MAX_CHARACTERS_PER_TASK);
    }
    const order = plan.batches.flatMap((batch) => batch.blockIds);
    expect(order.slice(0, 130)).toEqual(blocks.map((block) => block.id));
    expect(order).toHaveLength(135);
    expect(plan.batches.length).toBeGreaterThan(3);
  });
});
