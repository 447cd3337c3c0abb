import { describe, expect, it } from 'vitest';
import { describeFlag, DEFAULT_CHECK_THRESHOLDS } from '../audio/take-checks.js';
import { reviewFlags } from '../generation/review-flags.js';
import { createProject, createTextBlock } from '../project/block-factory.js';
import type { Project, TextBlock } from '../project/project-schema.js';
import { acceptTakeFlags, pinTake } from '../project/take-edits.js';
import { contextOf, sequentialIds, speechMeasures, withOneTake } from '../project/test-support.js';
import type { SpeechTiming } from '../project/timing-schema.js';
import { overrunFlags } from './overrun-flags.js';

const ids = sequentialIds('o');

function projectWith(timing: Partial<SpeechTiming>, takeMs: number): Project {
  const base = createProject({ id: 'p', title: 'Dub', defaults: { voiceId: 'voice-a' } }, ids);
  const block: TextBlock = {
    ...createTextBlock({ id: 'line', text: 'A line that was generated for its cue.' }, ids),
    timing: { startMs: 1_000, cueEndMs: 3_000, lane: 0, fit: 'fixed', ...timing },
  };
  const project = { ...base, tracks: { ...base.tracks, speech: { blocks: [block] } } };
  const taken = withOneTake(block, contextOf(project), takeMs, speechMeasures(100));
  return { ...project, tracks: { ...project.tracks, speech: { blocks: [taken] } } };
}

describe('overrunFlags', () => {
  it('flags a fixed line whose take runs past its slot, with the overrun, the rate that fits and a stretch', () => {
    const project = projectWith({}, 2_200); // a 2,000 ms slot
    const flag = overrunFlags(project, contextOf(project)).get('line');
    expect(flag).toEqual({
      kind: 'overrun',
      overrunMs: 200,
      slotMs: 2_000,
      neededRate: 1.1,
      stretchable: true,
    });
    expect(describeFlag(flag!)).toBe(
      'Runs 0.20 s past its 2.0 s slot: allow a stretch, or take it again at speech rate 1.10.',
    );
  });

  it('offers a faster take or a rewrite when a stretch is not enough', () => {
    const project = projectWith({}, 2_600);
    const flag = overrunFlags(project, contextOf(project)).get('line')!;
    expect(flag).toMatchObject({ overrunMs: 600, neededRate: 1.3, stretchable: false });
    expect(describeFlag(flag)).toContain('take it again at speech rate 1.30, or rewrite it shorter');
  });

  it('offers only a rewrite when the rate that fits is past the 0.5 to 2 the app sends', () => {
    const project = projectWith({}, 5_000); // a 2,000 ms slot: rate 2.5
    const flag = overrunFlags(project, contextOf(project)).get('line')!;
    expect(flag).toMatchObject({ neededRate: 2.5, stretchable: false });
    expect(describeFlag(flag)).toBe(
      'Runs 3.0 s past its 2.0 s slot: rewrite it shorter (it would need speech rate 2.50, past the 0.5 to 2 the app sends).',
    );
  });

  it('leaves alone a take that fits, a dynamic line, an allowed stretch that is enough and an accepted overrun', () => {
    const quiet = (project: Project) => overrunFlags(project, contextOf(project)).size;
    expect(quiet(projectWith({}, 1_900))).toBe(0);
    expect(quiet(projectWith({ fit: 'dynamic' }, 2_600))).toBe(0);
    expect(quiet(projectWith({ allowStretch: true }, 2_200))).toBe(0);
    expect(quiet(projectWith({ allowStretch: true }, 2_600))).toBe(1);
    const overrun = projectWith({}, 2_200);
    const cacheKey = (overrun.tracks.speech.blocks[0] as TextBlock).takes![0]!.cacheKey;
    expect(quiet(acceptTakeFlags(overrun, 'line', cacheKey, ['overrun']))).toBe(0);
  });

  it('shows among the review flags, even on a pinned take (the picture still cuts where it cuts)', () => {
    const project = projectWith({}, 2_200);
    const cacheKey = (project.tracks.speech.blocks[0] as TextBlock).takes![0]!.cacheKey;
    const pinned = pinTake(project, 'line', cacheKey);
    for (const candidate of [project, pinned]) {
      const flags = reviewFlags(candidate, contextOf(candidate), DEFAULT_CHECK_THRESHOLDS);
      expect(flags.get('line')?.map((flag) => flag.kind)).toEqual(['overrun']);
    }
  });
});
