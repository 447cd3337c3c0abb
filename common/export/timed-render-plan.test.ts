import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from '../project/send-context.js';
import { contextOf, sampleProject } from '../project/test-support.js';
import type { Project } from '../project/index.js';
import { allBlocks, contentHash, setGenerationState, updateBlock } from '../project/index.js';
import { buildCues } from '../subtitles/cue-builder.js';
import { buildProjectRenderPlan } from './project-render-plan.js';

const takes: Record<string, number> = { t1: 1200, t2: 900, t3: 1500, s1: 3000, m1: 4000 };

/** Every block generated, each take as long as above. */
function generated(project: Project, lengths: Record<string, number> = takes): Project {
  let next = project;
  for (const block of allBlocks(project)) {
    const hash = contentHash(block, defaultsOnlyContext(project.defaults));
    next = setGenerationState(next, block.id, {
      kind: 'generated',
      contentHash: hash,
      audio: { cacheKey: hash, durationMs: lengths[block.id] ?? 1000, generatedAt: '2026-01-01T00:00:00Z' },
    });
  }
  return next;
}

describe('the audio export of a timed project with a reference video', () => {
  const base = generated(sampleProject());
  const timed = {
    ...updateBlock(base, 't2', { timing: { startMs: 10_000, lane: 0, fit: 'fixed' } }),
    video: { path: '/videos/clip.mp4', durationMs: 60_000 },
  };
  const result = buildProjectRenderPlan(timed, contextOf(timed), { sampleRate: 48_000, channels: 2 });
  if (!result.ok) throw new Error('expected a plan');
  const { plan } = result;

  it('lasts as long as the video, not as long as its sounds', () => {
    expect(plan.durationMs).toBe(60_000);
  });

  it('puts a timed line at its start and the flowing line after it behind its take', () => {
    const pause = timed.tracks.speech.blocks[1]?.pauseAfterMs ?? 0;
    const starts = Object.fromEntries(plan.clips.map((clip) => [clip.id, clip.startMs]));
    expect(starts['t1']).toBe(0);
    expect(starts['t2']).toBe(10_000);
    expect(starts['t3']).toBe(10_000 + takes['t2']! + pause);
  });

  it('times each subtitle from its take: where the line is placed, as long as its audio', () => {
    expect(plan.cues.map((cue) => [cue.blockId, cue.startMs, cue.durationMs, cue.clipId])).toEqual(
      plan.clips
        .filter((clip) => clip.track === 'speech')
        .map((clip) => [clip.id, clip.startMs, takes[clip.id], clip.id]),
    );
  });
});

describe('the subtitles of a timed line that runs on past its slot', () => {
  it('end when its take ends, not at its slot, though a line of another lane starts in between', () => {
    const base = generated(sampleProject(), { ...takes, t2: 3_000 });
    const runOn = updateBlock(base, 't2', {
      timing: { startMs: 10_000, cueEndMs: 12_000, lane: 0, fit: 'dynamic' },
    });
    const project = {
      ...updateBlock(runOn, 't3', { timing: { startMs: 12_960, lane: 1, fit: 'fixed' } }),
      video: { path: '/videos/clip.mp4', durationMs: 60_000 },
    };
    const result = buildProjectRenderPlan(project, contextOf(project), { sampleRate: 48_000, channels: 2 });
    if (!result.ok) throw new Error('expected a plan');
    const cues = buildCues(result.plan.cues, undefined, result.plan.durationMs);
    // Its 3-second take runs 1 s past the slot's end (12 s), into free time: spoken until 13 s.
    expect(cues.find((cue) => cue.blockId === 't2')?.endMs).toBe(10_000 + 3_000);
  });
});
