import { describe, expect, it } from 'vitest';
import type { Project } from './index.js';
import { updateBlock } from './index.js';
import { contextOf, sampleProject, withOneTake } from './test-support.js';
import type { TextBlock } from './project-schema.js';
import { planGenerationBatches } from '../generation/generation-batches.js';
import { projectStats } from './project-stats.js';
import { heldForRewrite, toGenerate } from './rewrite-holds.js';

/** The sample project with t2 a timed line, marked to rewrite shorter or not. */
function withTimedT2(rewrite: boolean): Project {
  const base = sampleProject();
  const blocks = base.tracks.speech.blocks.map((block) =>
    block.id === 't2' && block.type === 'text'
      ? {
          ...block,
          timing: {
            startMs: 0,
            cueEndMs: 300,
            lane: 0,
            fit: 'fixed' as const,
            ...(rewrite ? { rewrite } : {}),
          },
        }
      : block,
  );
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

const sentIds = (project: Project, selection: Parameters<typeof planGenerationBatches>[2] = {}): string[] =>
  planGenerationBatches(project, contextOf(project), selection).batches.flatMap((batch) => batch.blockIds);

const t2Of = (project: Project): TextBlock => {
  const block = project.tracks.speech.blocks.find((candidate) => candidate.id === 't2');
  if (block?.type !== 'text') throw new Error('t2 is a text block');
  return block;
};

describe('lines marked to rewrite shorter are held back from every Generate', () => {
  it('leaves a marked line out of what a whole-project Generate sends, and sends it when unmarked', () => {
    expect(sentIds(withTimedT2(true))).toEqual(['t1', 't3', 's1', 'm1']);
    expect(sentIds(withTimedT2(false))).toEqual(['t1', 't2', 't3', 's1', 'm1']);
  });

  it('leaves it out even when chosen on its own, or for another take', () => {
    const marked = withTimedT2(true);
    expect(sentIds(marked, { blockIds: ['t2'] })).toEqual([]);
    expect(sentIds(marked, { blockIds: ['t1', 't2'], newTake: { seed: () => 7 } })).toEqual(['t1']);
  });

  it('tells unattended runs (batch, CLI) that a marked line lacking audio is not to be generated', () => {
    const marked = withTimedT2(true);
    const context = contextOf(marked);
    expect(heldForRewrite(t2Of(marked))).toBe(true);
    expect(toGenerate(t2Of(marked), context)).toBe(false);
    expect(toGenerate(t2Of(withTimedT2(false)), context)).toBe(true);
    // A line that already has its audio is not to be generated, marked or not.
    const generated = withOneTake(t2Of(withTimedT2(false)), context, 1_000);
    expect(toGenerate(generated, context)).toBe(false);
  });

  it('leaves it out of the counts and credits of what is to generate (project list, batch queue, status bar)', () => {
    const marked = withTimedT2(true);
    const unmarked = withTimedT2(false);
    const held = projectStats(marked, contextOf(marked));
    const all = projectStats(unmarked, contextOf(unmarked));
    expect(held.pendingBlockCount).toBe(all.pendingBlockCount - 1);
    expect(held.pendingCharacterCount).toBe(all.pendingCharacterCount - t2Of(marked).text.length);
  });

  it('makes the line sendable again once its text is edited (the rewrite), not on other edits', () => {
    const marked = withTimedT2(true);
    const quieter = updateBlock(marked, 't2', { volumeDb: -3 });
    expect(t2Of(quieter).timing?.rewrite).toBe(true);
    expect(sentIds(quieter)).not.toContain('t2');
    const rewritten = updateBlock(marked, 't2', { text: 'Shorter.' });
    expect(t2Of(rewritten).timing).toEqual({ startMs: 0, cueEndMs: 300, lane: 0, fit: 'fixed' });
    expect(sentIds(rewritten)).toContain('t2');
  });
});
