import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from '../project/send-context.js';
import { contextOf } from '../project/test-support.js';
import type { Project } from '../project/index.js';
import { allBlocks, contentHash, setGenerationState, updateBlock } from '../project/index.js';
import { sampleProject } from '../project/test-support.js';
import { buildProjectRenderPlan } from './project-render-plan.js';
import { renderPlanSchema } from './render-plan.js';

const durations: Record<string, number> = { t1: 1200, t2: 900, t3: 1500, s1: 3000, m1: 4000 };

/** Every block "generated" from its current content, with the durations above. */
function generatedProject(project: Project = sampleProject()): Project {
  let next = project;
  for (const block of allBlocks(project)) {
    const hash = contentHash(block, defaultsOnlyContext(project.defaults));
    next = setGenerationState(next, block.id, {
      kind: 'generated',
      contentHash: hash,
      audio: { cacheKey: hash, durationMs: durations[block.id] ?? 1000, generatedAt: '2026-01-01T00:00:00Z' },
    });
  }
  return next;
}

const options = { sampleRate: 44_100, channels: 2 as const };

describe('buildProjectRenderPlan', () => {
  it('places speech in order with its pauses, effects and music at their times, keyed by the audio cache key', () => {
    const project = generatedProject();
    const result = buildProjectRenderPlan(project, contextOf(project), options);
    if (!result.ok) throw new Error('expected a plan');
    const { plan } = result;
    expect(renderPlanSchema.safeParse(plan).success).toBe(true);
    const pause = project.tracks.speech.blocks[0]?.pauseAfterMs ?? 0;
    const starts = Object.fromEntries(plan.clips.map((clip) => [clip.id, clip.startMs]));
    expect(starts).toEqual({ t1: 0, t2: 1200 + pause, t3: 1200 + pause + 900 + pause, s1: 2000, m1: 0 });
    const t3 = project.tracks.speech.blocks[2];
    expect(plan.clips.find((clip) => clip.id === 't3')?.sourceKey).toBe(
      t3 ? contentHash(t3, defaultsOnlyContext(project.defaults)) : 'missing',
    );
    expect(plan.durationMs).toBe(Math.max(1200 + pause + 900 + pause + 1500, 2000 + 3000, 4000));
    expect(plan.cues.map((cue) => [cue.blockId, cue.startMs, cue.durationMs, cue.clipId])).toEqual([
      ['t1', 0, 1200, 't1'],
      ['t2', 1200 + pause, 900, 't2'],
      ['t3', 1200 + pause + 900 + pause, 1500, 't3'],
    ]);
  });

  it('carries volume and music fades, shortening fades longer than the generated bed', () => {
    let project = generatedProject();
    project = updateBlock(project, 't2', { volumeDb: -6 });
    project = updateBlock(project, 'm1', { fadeInMs: 3000, fadeOutMs: 3000 });
    const result = buildProjectRenderPlan(project, contextOf(project), options);
    if (!result.ok) throw new Error('expected a plan');
    expect(result.plan.clips.find((clip) => clip.id === 't2')?.gainDb).toBe(-6);
    const music = result.plan.clips.find((clip) => clip.id === 'm1');
    expect(music?.track).toBe('music');
    expect((music?.fadeInMs ?? 0) + (music?.fadeOutMs ?? 0)).toBeLessThanOrEqual(4000);
    expect(music?.fadeInMs).toBe(2000);
  });

  it('keeps a silent block’s time and cue but gives it no clip', () => {
    const project = updateBlock(generatedProject(), 't1', { volumeDb: -60 });
    const result = buildProjectRenderPlan(project, contextOf(project), options);
    if (!result.ok) throw new Error('expected a plan');
    expect(result.plan.clips.some((clip) => clip.id === 't1')).toBe(false);
    expect(result.plan.cues[0]).toMatchObject({ blockId: 't1', startMs: 0 });
    expect(result.plan.cues[0]?.clipId).toBeUndefined();
    expect(result.plan.clips.find((clip) => clip.id === 't2')?.startMs).toBeGreaterThan(1200);
  });

  it('names every block without current audio: never generated, stale after an edit, failed', () => {
    let project = generatedProject();
    project = updateBlock(project, 't2', { text: 'General Kenobi, you are a bold one.' });
    project = setGenerationState(project, 's1', { kind: 'not-generated' });
    const m1 = project.tracks.music.blocks[0];
    if (!m1) throw new Error('sample has music');
    project = setGenerationState(project, 'm1', {
      kind: 'failed',
      contentHash: contentHash(m1, defaultsOnlyContext(project.defaults)),
      error: { code: 'TTS_CONTENTS_INVALID', message: 'bad' },
    });
    const result = buildProjectRenderPlan(project, contextOf(project), options);
    expect(result.ok).toBe(false);
    if (result.ok || !('missing' in result)) throw new Error('expected missing audio');
    expect(result.missing.map((item) => [item.blockId, item.reason])).toEqual([
      ['t2', 'stale'],
      ['s1', 'not-generated'],
      ['m1', 'failed'],
    ]);
    expect(result.missing[0]?.label).toContain('General Kenobi');
  });

  it('refuses an empty project', () => {
    const empty = generatedProject();
    const none: Project = {
      ...empty,
      tracks: { speech: { blocks: [] }, effects: { blocks: [] }, music: { blocks: [] } },
    };
    expect(buildProjectRenderPlan(none, contextOf(none), options)).toEqual({ ok: false, empty: true });
  });
});
