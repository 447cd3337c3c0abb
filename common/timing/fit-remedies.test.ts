import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../project/block-factory.js';
import { findBlock } from '../project/block-lookup.js';
import { estimateSpeechMs } from '../project/duration-estimate.js';
import { ProjectEditError } from '../project/edit-error.js';
import type { Project, TextBlock } from '../project/project-schema.js';
import { contextOf, deepFreeze, sequentialIds } from '../project/test-support.js';
import { layoutTimeline } from '../project/timeline-layout.js';
import type { SpeechTiming } from '../project/timing-schema.js';
import { MAX_STRETCH } from '../project/timing-schema.js';
import { fitCheck } from './fit-check.js';
import { applyFitRemedy, applyFitSuggestions } from './fit-remedies.js';

const ids = sequentialIds('r');
const THIRTY = 'abcdefghij abcdefghij abcdefg.';
const THIRTY_MS = estimateSpeechMs(THIRTY);

function line(id: string, timing: Partial<SpeechTiming> & { startMs: number }, locked = false): TextBlock {
  return {
    ...createTextBlock({ id, text: THIRTY }, ids),
    locked,
    timing: { lane: 0, fit: 'fixed', ...timing },
  };
}

function projectOf(blocks: TextBlock[]): Project {
  const base = createProject({ id: 'p', title: 'Timed', defaults: { voiceId: 'voice-a' } }, ids);
  return deepFreeze({ ...base, tracks: { ...base.tracks, speech: { blocks } } });
}

function linesOf(project: Project) {
  const context = contextOf(project);
  return fitCheck(project, context, layoutTimeline(project, context));
}

function textBlock(project: Project, id: string): TextBlock {
  const block = findBlock(project, id)!.block;
  if (block.type !== 'text') throw new Error('not text');
  return block;
}

describe('applyFitRemedy', () => {
  const project = projectOf([line('a', { startMs: 0, cueEndMs: 1_800 }), line('b', { startMs: 5_000 })]);
  const [overrun] = linesOf(project);

  it('sends the line at the rate it needs, and the line then fits', () => {
    const next = applyFitRemedy(project, overrun!, 'rate');
    expect(textBlock(next, 'a').speechRate).toBe(overrun!.neededRate);
    expect(linesOf(next)[0]).toMatchObject({ overrunMs: 0, suggestion: 'fits' });
  });

  it('allows a stretch, makes it dynamic or marks it to rewrite, without touching the text or rate', () => {
    expect(textBlock(applyFitRemedy(project, overrun!, 'stretch'), 'a').timing).toMatchObject({
      allowStretch: true,
    });
    const dynamic = applyFitRemedy(project, overrun!, 'run-on');
    expect(textBlock(dynamic, 'a').timing?.fit).toBe('dynamic');
    expect(linesOf(dynamic)[0]).toMatchObject({ coveredBy: 'run-on', needsDecision: false });
    const marked = applyFitRemedy(project, overrun!, 'rewrite');
    expect(textBlock(marked, 'a')).toMatchObject({ text: THIRTY, timing: { rewrite: true } });
    expect(textBlock(marked, 'a').speechRate).toBeUndefined();
  });

  it('refuses a rate the app cannot send, saying the rate and the range', () => {
    const tight = projectOf([line('a', { startMs: 0, cueEndMs: 400 })]);
    const [far] = linesOf(tight);
    expect(() => applyFitRemedy(tight, far!, 'rate')).toThrow(/would need speech rate \d\.\d\d.*0\.5 to 2/);
  });

  it('refuses a locked line, naming the lock', () => {
    const locked = projectOf([line('a', { startMs: 0, cueEndMs: 1_800 }, true)]);
    const [fit] = linesOf(locked);
    for (const remedy of ['rate', 'stretch', 'run-on', 'rewrite'] as const) {
      expect(() => applyFitRemedy(locked, fit!, remedy)).toThrow(ProjectEditError);
      expect(() => applyFitRemedy(locked, fit!, remedy)).toThrow(/locked/);
    }
  });
});

describe('applyFitSuggestions', () => {
  it('applies each line’s own suggestion to every line that needs one, leaving locked and decided lines alone', () => {
    const stretchSlot = Math.ceil(THIRTY_MS / (1 + MAX_STRETCH));
    const project = projectOf([
      line('fits', { startMs: 0, cueEndMs: THIRTY_MS + 100 }),
      line('rate', { startMs: 10_000, cueEndMs: 11_800 }),
      line('run-on', { startMs: 20_000, cueEndMs: 21_500, fit: 'dynamic' }),
      // 500 ms free before the locked line: too little to run on, so a rewrite.
      line('rewrite', { startMs: 38_500, cueEndMs: 39_500 }),
      line('locked', { startMs: 40_000, cueEndMs: 41_800 }, true),
      line('marked', { startMs: 50_000, cueEndMs: 50_500, rewrite: true }),
      line('stretched', { startMs: 60_000, cueEndMs: 60_000 + stretchSlot, allowStretch: true }),
      // Fixed (an import's default) and past the natural rate, with 9 s free after it: it runs on.
      line('fixed-run-on', { startMs: 70_000, cueEndMs: 71_000 }),
      line('after', { startMs: 80_000, cueEndMs: 80_000 + THIRTY_MS + 100 }),
    ]);
    const { project: next, applied, lockedBlockIds } = applyFitSuggestions(project, linesOf(project));
    expect(applied).toEqual({ rate: 1, stretch: 0, 'run-on': 1, rewrite: 1 });
    expect(textBlock(next, 'fixed-run-on').timing?.fit).toBe('dynamic');
    expect(textBlock(next, 'fixed-run-on').timing?.rewrite).toBeUndefined();
    expect(lockedBlockIds).toEqual(['locked']);
    expect(textBlock(next, 'fits')).toBe(textBlock(project, 'fits'));
    expect(textBlock(next, 'run-on')).toBe(textBlock(project, 'run-on'));
    expect(textBlock(next, 'marked')).toBe(textBlock(project, 'marked'));
    expect(textBlock(next, 'stretched')).toBe(textBlock(project, 'stretched'));
    expect(textBlock(next, 'locked')).toBe(textBlock(project, 'locked'));
    expect(textBlock(next, 'rewrite').timing?.rewrite).toBe(true);
    const after = linesOf(next);
    expect(after.filter((fit) => fit.needsDecision).map((fit) => fit.blockId)).toEqual(['locked']);
  });
});
