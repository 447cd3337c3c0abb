import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from '../project/send-context.js';
import { contextOf } from '../project/test-support.js';
import { buildProjectRenderPlan } from '../export/project-render-plan.js';
import type { Project } from '../project/index.js';
import {
  activeTake,
  blockState,
  contentHash,
  deleteTakes,
  findBlock,
  pinTake,
  takeKey,
  takesOf,
  updateBlock,
} from '../project/index.js';
import { ProjectEditError } from '../project/edit-error.js';
import { PROJECT_LIMITS } from '../project/project-limits.js';
import { sampleProject } from '../project/test-support.js';
import type { SegmentUpdate } from './segment-updates.js';
import { applySegmentUpdates } from './segment-updates.js';

const block = (project: Project, id: string) => findBlock(project, id)!.block;
const hashOf = (project: Project, id: string) =>
  contentHash(block(project, id), defaultsOnlyContext(project.defaults));

/** What main publishes when a task's audio for this block arrives (a first take, or another with a seed). */
function arrived(
  project: Project,
  id: string,
  options: { seed?: number; durationMs?: number; fresh?: boolean } = {},
) {
  const hash = hashOf(project, id);
  const cacheKey = options.seed === undefined ? hash : takeKey(hash, options.seed);
  const update: SegmentUpdate = {
    contentHash: hash,
    state: 'generated',
    fresh: options.fresh ?? true,
    audio: {
      cacheKey,
      durationMs: options.durationMs ?? 1000,
      mediaPath: `/media/${cacheKey}.mp3`,
      generatedAt: '2026-11-23T10:00:00.000Z',
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      requestId: 'req-1',
    },
  };
  return { project: applySegmentUpdates(project, contextOf(project), [update]), cacheKey };
}

describe('takes', () => {
  it('keeps every take with what it was made from, and plays the newest unless one is pinned', () => {
    let project = sampleProject();
    const first = arrived(project, 't1', { durationMs: 1000 });
    project = first.project;
    const second = arrived(project, 't1', { seed: 42, durationMs: 1200 });
    project = second.project;

    const takes = takesOf(block(project, 't1'));
    expect(takes.map((take) => take.cacheKey)).toEqual([first.cacheKey, second.cacheKey]);
    expect(takes[1]).toMatchObject({ seed: 42, requestId: 'req-1', made: { text: 'Hello there.' } });
    expect(takes[1]?.made?.params).toMatchObject({ voiceId: project.defaults.voiceId, speechRate: 1 });
    expect(activeTake(block(project, 't1'), defaultsOnlyContext(project.defaults))?.cacheKey).toBe(
      second.cacheKey,
    );

    project = pinTake(project, 't1', first.cacheKey);
    expect(activeTake(block(project, 't1'), defaultsOnlyContext(project.defaults))?.cacheKey).toBe(
      first.cacheKey,
    );
    // A later take does not replace a pinned one.
    project = arrived(project, 't1', { seed: 7 }).project;
    expect(activeTake(block(project, 't1'), defaultsOnlyContext(project.defaults))?.cacheKey).toBe(
      first.cacheKey,
    );
  });

  it('exports the pinned take', () => {
    let project = sampleProject();
    for (const id of ['t1', 't2', 't3', 's1', 'm1']) project = arrived(project, id).project;
    const other = arrived(project, 't2', { seed: 5, durationMs: 2500 });
    project = other.project;
    const planned = (p: Project) => {
      const result = buildProjectRenderPlan(p, contextOf(p), { sampleRate: 44_100, channels: 2 });
      if (!result.ok) throw new Error('expected a plan');
      return result.plan.clips.find((clip) => clip.id === 't2');
    };
    expect(planned(project)).toMatchObject({ sourceKey: other.cacheKey, durationMs: 2500 });
    project = pinTake(project, 't2', hashOf(project, 't2'));
    expect(planned(project)).toMatchObject({ sourceKey: hashOf(project, 't2'), durationMs: 1000 });
  });

  it('turns stale on an edit and brings the take back, at no cost, when the text is as it was', () => {
    let project = arrived(sampleProject(), 't1').project;
    project = updateBlock(project, 't1', { text: 'Hello again.' });
    expect(blockState(block(project, 't1'), defaultsOnlyContext(project.defaults))).toBe('stale');
    expect(activeTake(block(project, 't1'), defaultsOnlyContext(project.defaults))).toBeUndefined();
    project = updateBlock(project, 't1', { text: 'Hello there.' });
    expect(blockState(block(project, 't1'), defaultsOnlyContext(project.defaults))).toBe('generated');
  });

  it('deletes takes (a pin on a deleted take goes too) and refuses takes of a locked block', () => {
    let project = arrived(sampleProject(), 't1').project;
    const second = arrived(project, 't1', { seed: 9 });
    project = pinTake(second.project, 't1', second.cacheKey);
    project = deleteTakes(project, 't1', [second.cacheKey]);
    expect(takesOf(block(project, 't1'))).toHaveLength(1);
    expect(block(project, 't1').pinnedTake).toBeUndefined();
    expect(() => deleteTakes(project, 't1', [second.cacheKey])).toThrow(/no longer part of this block/);

    project = updateBlock(project, 't1', { locked: true });
    const refused = (() => {
      try {
        pinTake(project, 't1', hashOf(project, 't1'));
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refused).toBeInstanceOf(ProjectEditError);
    expect((refused as ProjectEditError).message).toBe(
      'Cannot pin a take: the block is locked. Unlock it first.',
    );
  });

  it('does not bring back a deleted take from the cache while the block has another take of its text', () => {
    const first = arrived(sampleProject(), 't1');
    const second = arrived(first.project, 't1', { seed: 3 });
    let project = deleteTakes(second.project, 't1', [first.cacheKey]);
    // Opening the project looks the content hash up in the cache: the deleted first take is found there.
    project = arrived(project, 't1', { fresh: false }).project;
    expect(takesOf(block(project, 't1')).map((take) => take.cacheKey)).toEqual([second.cacheKey]);
    // A block with no take for its text (audio made while the project was closed) gets it.
    const closed = arrived(sampleProject(), 't2', { fresh: false }).project;
    expect(takesOf(block(closed, 't2'))).toHaveLength(1);
  });

  it(`keeps at most ${PROJECT_LIMITS.takesPerBlock} takes, dropping the oldest that is neither pinned nor in use`, () => {
    const first = arrived(sampleProject(), 't1');
    let project = pinTake(first.project, 't1', first.cacheKey);
    for (let seed = 1; seed <= PROJECT_LIMITS.takesPerBlock + 3; seed += 1) {
      project = arrived(project, 't1', { seed }).project;
    }
    const keys = takesOf(block(project, 't1')).map((take) => take.cacheKey);
    expect(keys).toHaveLength(PROJECT_LIMITS.takesPerBlock);
    expect(keys[0]).toBe(first.cacheKey);
    const hash = hashOf(project, 't1');
    expect(keys).not.toContain(takeKey(hash, 1));
    expect(keys.at(-1)).toBe(takeKey(hash, PROJECT_LIMITS.takesPerBlock + 3));
  });
});
