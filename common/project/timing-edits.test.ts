import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from './block-factory.js';
import { ProjectEditError } from './edit-error.js';
import type { Project, TextBlock } from './project-schema.js';
import { contextOf, deepFreeze, sequentialIds } from './test-support.js';
import { layoutTimeline } from './timeline-layout.js';
import { makeFlowing, makeTimed, moveTimedBlock, setTimingFields, shiftTimedBlocks } from './timing-edits.js';
import type { SpeechTiming } from './timing-schema.js';

/** intro (flowing), a@1s, a1 (follows a), b@5s, c@9s: the shape of a dub with one follow-up line. */
function dub(): Project {
  const ids = sequentialIds('unused');
  const timed = (id: string, startMs: number, extra: Partial<SpeechTiming> = {}): TextBlock => ({
    ...createTextBlock({ id, text: `Line ${id}.` }, ids),
    timing: { startMs, lane: 0, fit: 'fixed', ...extra },
  });
  return deepFreeze({
    ...createProject({ id: 'p', title: 'Dub', createdAt: '2024-01-01T00:00:00.000Z' }, ids),
    tracks: {
      speech: {
        blocks: [
          createTextBlock({ id: 'intro', text: 'Intro.' }, ids),
          timed('a', 1000, { cueEndMs: 3000 }),
          createTextBlock({ id: 'a1', text: 'Follow-up.' }, ids),
          timed('b', 5000),
          timed('c', 9000),
        ],
      },
      effects: { blocks: [] },
      music: { blocks: [] },
    },
  });
}

const order = (project: Project): string[] => project.tracks.speech.blocks.map((block) => block.id);
const timingOf = (project: Project, id: string): SpeechTiming | undefined => {
  const block = project.tracks.speech.blocks.find((candidate) => candidate.id === id);
  return block?.type === 'text' ? block.timing : undefined;
};
const refusal = (edit: () => unknown): ProjectEditError => {
  try {
    edit();
  } catch (error) {
    if (error instanceof ProjectEditError) return error;
    throw error;
  }
  throw new Error('the edit was not refused');
};

describe('makeTimed / makeFlowing', () => {
  it('times a flowing block where it plays now, lane 0, fixed, so nothing moves', () => {
    const project = dub();
    const before = layoutTimeline(project, contextOf(project));
    const at = before.speech.find((item) => item.blockId === 'a1')!.startMs;
    const next = makeTimed(project, 'a1', at);
    expect(timingOf(next, 'a1')).toEqual({ startMs: Math.round(at), lane: 0, fit: 'fixed' });
    expect(order(next)).toEqual(order(project));
    const after = layoutTimeline(next, contextOf(next));
    expect(after.speech.map((item) => item.startMs)).toEqual(before.speech.map((item) => item.startMs));
  });

  it('lets a timed block flow again, after the block before it', () => {
    const next = makeFlowing(dub(), 'b');
    expect(timingOf(next, 'b')).toBeUndefined();
    const layout = layoutTimeline(next, contextOf(next));
    const a1 = layout.speech.find((item) => item.blockId === 'a1')!;
    const b = layout.speech.find((item) => item.blockId === 'b')!;
    expect(b.startMs).toBe(a1.endMs + next.tracks.speech.blocks[2]!.pauseAfterMs);
  });

  it('refuses locked blocks and blocks that are not text, naming the rule', () => {
    const ids = sequentialIds('x');
    const project = dub();
    const locked = {
      ...project,
      tracks: {
        ...project.tracks,
        speech: { blocks: project.tracks.speech.blocks.map((block) => ({ ...block, locked: true })) },
      },
    };
    expect(refusal(() => makeTimed(locked, 'intro', 0)).rule).toBe('locked');
    expect(refusal(() => makeFlowing(locked, 'a')).message).toContain('locked');
    expect(refusal(() => moveTimedBlock(locked, 'a', 2000)).rule).toBe('locked');
    expect(refusal(() => setTimingFields(locked, 'a', { fit: 'dynamic' })).rule).toBe('locked');
    const scene = { ...createTextBlock({}, ids), type: 'scene', params: {} } as unknown as TextBlock;
    const withScene = {
      ...project,
      tracks: { ...project.tracks, speech: { blocks: [...project.tracks.speech.blocks, scene] } },
    };
    expect(refusal(() => makeTimed(withScene, scene.id, 0)).message).toMatch(/Only text blocks/);
  });

  it('refuses a start outside 0 to 24 hours', () => {
    const error = refusal(() => makeTimed(dub(), 'intro', -5));
    expect(error.field).toBe('timing.startMs');
    expect(error.rule).toBe('out-of-range');
    expect(refusal(() => moveTimedBlock(dub(), 'a', 25 * 3_600_000)).message).toMatch(/24 hours/);
  });
});

describe('moveTimedBlock', () => {
  it('moves the line with its followers and keeps timed lines in start order', () => {
    const next = moveTimedBlock(dub(), 'a', 7000);
    expect(order(next)).toEqual(['intro', 'b', 'a', 'a1', 'c']);
    expect(timingOf(next, 'a')).toMatchObject({ startMs: 7000, cueEndMs: 9000 });
    const layout = layoutTimeline(next, contextOf(next));
    const a = layout.speech.find((item) => item.blockId === 'a')!;
    const a1 = layout.speech.find((item) => item.blockId === 'a1')!;
    expect(a1.startMs).toBe(a.endMs + next.tracks.speech.blocks[2]!.pauseAfterMs);
  });

  it('moves a line earlier than every other timed line after the flowing intro, never before it', () => {
    const next = moveTimedBlock(dub(), 'c', 0);
    expect(order(next)).toEqual(['intro', 'c', 'a', 'a1', 'b']);
  });

  it('changes lane, and orders equal starts by lane', () => {
    const next = moveTimedBlock(dub(), 'c', 5000, 1);
    expect(order(next)).toEqual(['intro', 'a', 'a1', 'b', 'c']);
    expect(timingOf(next, 'c')).toMatchObject({ startMs: 5000, lane: 1 });
    const error = refusal(() => moveTimedBlock(dub(), 'c', 5000, 8));
    expect(error.field).toBe('timing.lane');
    expect(error.message).toContain('from 1 to 8');
  });

  it('refuses a flowing block with a sentence that says to time it first', () => {
    const error = refusal(() => moveTimedBlock(dub(), 'a1', 100));
    expect(error.field).toBe('timing');
    expect(error.message).toContain('Make it timed first');
  });
});

describe('shiftTimedBlocks', () => {
  it('shifts every selected line by the same amount, stopping the earliest at 0', () => {
    const next = shiftTimedBlocks(dub(), ['a', 'b'], -3000);
    expect(timingOf(next, 'a')!.startMs).toBe(0);
    expect(timingOf(next, 'b')!.startMs).toBe(4000);
    const later = shiftTimedBlocks(dub(), ['a', 'b'], 4500);
    expect(timingOf(later, 'a')!.startMs).toBe(5500);
    expect(timingOf(later, 'b')!.startMs).toBe(9500);
    expect(order(later)).toEqual(['intro', 'a', 'a1', 'c', 'b']);
  });
});

describe('setTimingFields', () => {
  it('sets fit, lane, marks and cue end, and clears them', () => {
    let next = setTimingFields(dub(), 'b', {
      fit: 'dynamic',
      lane: 2,
      allowStretch: true,
      rewrite: true,
      cueEndMs: 7000,
    });
    expect(timingOf(next, 'b')).toEqual({
      startMs: 5000,
      lane: 2,
      fit: 'dynamic',
      allowStretch: true,
      rewrite: true,
      cueEndMs: 7000,
    });
    next = setTimingFields(next, 'b', { allowStretch: false, rewrite: false, cueEndMs: undefined });
    expect(timingOf(next, 'b')).toEqual({ startMs: 5000, lane: 2, fit: 'dynamic' });
  });

  it('refuses a cue end at or before the start, and a fit mode that does not exist', () => {
    const early = refusal(() => setTimingFields(dub(), 'b', { cueEndMs: 5000 }));
    expect(early.field).toBe('timing.cueEndMs');
    expect(early.message).toContain("after the line's start");
    const fit = refusal(() => setTimingFields(dub(), 'b', { fit: 'loose' as 'fixed' }));
    expect(fit.field).toBe('timing.fit');
  });
});
