import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../project/block-factory.js';
import type { Project, TextBlock } from '../project/project-schema.js';
import { contextOf, sequentialIds, withOneTake } from '../project/test-support.js';
import { layoutTimeline } from '../project/timeline-layout.js';
import { MAX_STRETCH, type SpeechTiming } from '../project/timing-schema.js';
import { MAX_STRETCH_FACTOR, stretchFactor, stretchedMs } from './stretch.js';

describe('stretchFactor', () => {
  it('is the tempo that makes the take end with its slot, never shorter than the slot', () => {
    const factor = stretchFactor(2_200, 2_000, true);
    expect(factor).toBeCloseTo(1.1, 4);
    expect(stretchedMs(2_200, factor)).toBeLessThanOrEqual(2_000);
    expect(stretchedMs(2_200, factor)).toBeGreaterThan(1_999.5);
  });

  it('is 1 when the take fits, when stretching is not allowed, or when there is no slot', () => {
    expect(stretchFactor(1_900, 2_000, true)).toBe(1);
    expect(stretchFactor(2_000, 2_000, true)).toBe(1);
    expect(stretchFactor(2_200, 2_000, false)).toBe(1);
    expect(stretchFactor(2_200, undefined, true)).toBe(1);
    expect(stretchFactor(2_200, 0, true)).toBe(1);
    expect(stretchFactor(2_200, -50, true)).toBe(1);
  });

  it('is clamped to MAX_STRETCH: a take that needs more is sped up by that much and still overruns', () => {
    expect(MAX_STRETCH_FACTOR).toBe(1 + MAX_STRETCH);
    expect(stretchFactor(3_000, 2_000, true)).toBe(1 + MAX_STRETCH);
    expect(stretchedMs(3_000, stretchFactor(3_000, 2_000, true))).toBeGreaterThan(2_000);
  });

  it('leaves a take unstretched at factor 1', () => {
    expect(stretchedMs(1_234, 1)).toBe(1_234);
  });
});

const ids = sequentialIds('b');

function timedLine(id: string, timing: Partial<SpeechTiming> & { startMs: number }): TextBlock {
  return {
    ...createTextBlock({ id, text: `Line ${id}.`, pauseAfterMs: 100 }, ids),
    timing: { lane: 0, fit: 'fixed', ...timing },
  };
}

/** A project of `blocks` with a take of `takes[id]` ms for each block named there. */
function projectWithTakes(blocks: TextBlock[], takes: Record<string, number>): Project {
  const base = createProject({ id: 'p', title: 'Timed', defaults: { voiceId: 'v' } }, ids);
  const bare: Project = { ...base, tracks: { ...base.tracks, speech: { blocks } } };
  const context = contextOf(bare);
  const withAudio = blocks.map((block) =>
    takes[block.id] === undefined ? block : withOneTake(block, context, takes[block.id]!),
  );
  return { ...bare, tracks: { ...bare.tracks, speech: { blocks: withAudio } } };
}

describe('the layout of a stretched line', () => {
  const flowing = (id: string) => createTextBlock({ id, text: `Line ${id}.`, pauseAfterMs: 100 }, ids);

  it('plays a stretch-allowed take that overruns its slot at its stretched length, and what follows moves up', () => {
    const project = projectWithTakes(
      [timedLine('a', { startMs: 1_000, cueEndMs: 3_000, allowStretch: true }), flowing('after')],
      { a: 2_200, after: 500 },
    );
    const layout = layoutTimeline(project, contextOf(project));
    const [line, after] = layout.speech;
    expect(line?.stretch).toBeCloseTo(1.1, 4);
    expect(line?.endMs).toBeLessThanOrEqual(3_000);
    expect(line?.durationMs).toBeCloseTo(2_000, 0);
    expect(after?.startMs).toBeCloseTo(line!.endMs + 100, 6);
    expect(layout.slots.get('a')).toEqual({ endMs: 3_000, limitMs: after?.startMs });
  });

  it('keeps the take’s own length when stretching is not allowed, and names the overlap it makes', () => {
    const project = projectWithTakes(
      [timedLine('a', { startMs: 0, cueEndMs: 2_000 }), timedLine('b', { startMs: 2_000 })],
      { a: 2_200, b: 500 },
    );
    const layout = layoutTimeline(project, contextOf(project));
    expect(layout.speech[0]?.stretch).toBeUndefined();
    expect(layout.speech[0]?.durationMs).toBe(2_200);
    expect(layout.conflicts).toEqual([{ blockId: 'a', nextBlockId: 'b', lane: 0, overlapMs: 200 }]);
  });

  it('clears a lane’s overlap once the stretched take fits', () => {
    const project = projectWithTakes(
      [timedLine('a', { startMs: 0, allowStretch: true }), timedLine('b', { startMs: 2_000 })],
      { a: 2_200, b: 500 },
    );
    const layout = layoutTimeline(project, contextOf(project));
    expect(layout.speech[0]?.endMs).toBeLessThanOrEqual(2_000);
    expect(layout.conflicts).toEqual([]);
  });

  it('stretches by at most MAX_STRETCH, so a take far too long still overruns', () => {
    const project = projectWithTakes([timedLine('a', { startMs: 0, cueEndMs: 1_000, allowStretch: true })], {
      a: 2_000,
    });
    const [line] = layoutTimeline(project, contextOf(project)).speech;
    expect(line?.stretch).toBe(1 + MAX_STRETCH);
    expect(line?.durationMs).toBeCloseTo(2_000 / (1 + MAX_STRETCH), 6);
  });

  it('never stretches an estimate: only a real take is sped up', () => {
    const project = projectWithTakes([timedLine('a', { startMs: 0, cueEndMs: 10, allowStretch: true })], {});
    const [line] = layoutTimeline(project, contextOf(project)).speech;
    expect(line?.source).toBe('estimate');
    expect(line?.stretch).toBeUndefined();
  });
});
