import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../project/block-factory.js';
import { estimateSpeechMs } from '../project/duration-estimate.js';
import type { Project, TextBlock } from '../project/project-schema.js';
import { sendContext } from '../project/send-context.js';
import { contextOf, sequentialIds, withOneTake } from '../project/test-support.js';
import { layoutTimeline } from '../project/timeline-layout.js';
import type { SpeechTiming } from '../project/timing-schema.js';
import { MAX_STRETCH } from '../project/timing-schema.js';
import type { LexiconRule } from '../pronunciation/lexicon-schema.js';
import { fitCheck, NATURAL_RATE, overrunningLines } from './fit-check.js';

const ids = sequentialIds('b');

/** Thirty characters of Latin text: 2,000 ms at the generic pace, rate 1. */
const THIRTY = 'abcdefghij abcdefghij abcdefg.';
const THIRTY_MS = estimateSpeechMs(THIRTY);

function line(
  id: string,
  timing: Partial<SpeechTiming> & { startMs: number },
  options: Partial<TextBlock> = {},
): TextBlock {
  return {
    ...createTextBlock({ id, text: THIRTY, ...options }, ids),
    timing: { lane: 0, fit: 'fixed', ...timing },
  };
}

function projectOf(blocks: TextBlock[], extra: Partial<Project> = {}): Project {
  const base = createProject({ id: 'p', title: 'Timed', defaults: { voiceId: 'voice-a' } }, ids);
  return { ...base, ...extra, tracks: { ...base.tracks, speech: { blocks } } };
}

function check(project: Project, serviceRules: readonly LexiconRule[] = []) {
  const context = sendContext(project, serviceRules);
  return fitCheck(project, context, layoutTimeline(project, context));
}

describe('fitCheck', () => {
  it('says a line that ends inside its slot fits, with no rate to change', () => {
    const [fit] = check(projectOf([line('a', { startMs: 1_000, cueEndMs: 1_000 + THIRTY_MS + 200 })]));
    expect(fit).toMatchObject({
      blockId: 'a',
      estimatedMs: THIRTY_MS,
      source: 'estimate',
      slotMs: THIRTY_MS + 200,
      overrunMs: 0,
      neededRate: undefined,
      suggestion: 'fits',
      needsDecision: false,
    });
  });

  it('leaves flowing blocks out and treats an open-ended slot as fitting', () => {
    const flowing = createTextBlock({ id: 'flow', text: THIRTY }, ids);
    const lines = check(projectOf([flowing, line('open', { startMs: 5_000 })]));
    expect(lines.map((fit) => fit.blockId)).toEqual(['open']);
    expect(lines[0]).toMatchObject({ slotMs: undefined, overrunMs: 0, suggestion: 'fits' });
  });

  it('names the overrun, the rate that would make it fit and suggests it while speech stays natural', () => {
    const slotMs = 1_800; // 2,000 ms of speech: 1.12 (rounded up) makes it fit
    const [fit] = check(projectOf([line('a', { startMs: 0, cueEndMs: slotMs })]));
    expect(fit).toMatchObject({
      overrunMs: THIRTY_MS - slotMs,
      rate: 1,
      suggestion: 'rate',
      rateInRange: true,
    });
    expect(fit!.neededRate).toBe(Math.ceil((THIRTY_MS / slotMs) * 100) / 100);
    expect(estimateSpeechMs(THIRTY, fit!.neededRate)).toBeLessThanOrEqual(slotMs);
    expect(fit!.needsDecision).toBe(true);
  });

  it('scales the needed rate from the rate the line is sent with now', () => {
    const slowed = line('a', { startMs: 0, cueEndMs: 1_800 }, { speechRate: 0.9 });
    const [fit] = check(projectOf([slowed]));
    const lengthMs = estimateSpeechMs(THIRTY, 0.9);
    expect(fit!.estimatedMs).toBe(lengthMs);
    expect(fit!.neededRate).toBe(Math.ceil(((0.9 * lengthMs) / 1_800) * 100) / 100);
  });

  it('estimates the text as sent: a pronunciation rule that lengthens it makes the line overrun', () => {
    const rule: LexiconRule = {
      id: 'r1',
      term: 'abcdefg',
      replacement: 'a very much longer respelling of it',
      wholeWord: true,
      caseSensitive: false,
    };
    const project = projectOf([line('a', { startMs: 0, cueEndMs: THIRTY_MS + 100 })]);
    expect(check(project)[0]!.suggestion).toBe('fits');
    const [withRule] = check(project, [rule]);
    expect(withRule!.estimatedMs).toBeGreaterThan(THIRTY_MS + 100);
    expect(withRule!.overrunMs).toBeGreaterThan(0);
  });

  it('estimates at the voice’s pace learned from the project’s takes', () => {
    const project = projectOf([]);
    const context = contextOf(project);
    // Three takes of this voice, each 1.5 times the generic estimate: the voice reads slowly.
    const taken = ['x1', 'x2', 'x3'].map((id) =>
      withOneTake(createTextBlock({ id, text: THIRTY }, ids), context, THIRTY_MS * 1.5),
    );
    const timed = line('a', { startMs: 60_000, cueEndMs: 60_000 + THIRTY_MS + 100 });
    const [fit] = check(projectOf([...taken, timed]));
    expect(fit!.estimatedMs).toBe(Math.round(THIRTY_MS * 1.5));
    expect(fit!.overrunMs).toBe(Math.round(THIRTY_MS * 1.5) - THIRTY_MS - 100);
  });

  it('estimates a line from its own take at another rate once the rate is set to the one it needs: it then fits', () => {
    const draft = projectOf([line('a', { startMs: 0, cueEndMs: 2_000 })]);
    // The take at rate 1 ran 10 % over its 2-second slot; the voice's other lines read at the generic pace.
    const taken = withOneTake(draft.tracks.speech.blocks[0] as TextBlock, contextOf(draft), 2_200);
    const [overran] = check(projectOf([taken]));
    expect(overran).toMatchObject({ source: 'audio', overrunMs: 200, neededRate: 1.1 });
    const faster = { ...taken, speechRate: overran!.neededRate };
    const [fit] = check(projectOf([faster]));
    expect(fit).toMatchObject({
      source: 'estimate',
      estimatedMs: 2_000,
      suggestion: 'fits',
      needsDecision: false,
    });
    // Other words are other evidence: the take of the old text is not used.
    const reworded = { ...faster, text: `${THIRTY} And more.` };
    expect(check(projectOf([reworded]))[0]!.estimatedMs).toBe(estimateSpeechMs(reworded.text, 1.1));
  });

  it('suggests running on for a dynamic line whose overrun fits the free time, and counts it as covered', () => {
    const project = projectOf([
      line('a', { startMs: 0, cueEndMs: 1_500, fit: 'dynamic' }),
      line('b', { startMs: 3_000 }),
    ]);
    const [fit] = check(project);
    expect(fit).toMatchObject({
      freeAfterMs: 1_500,
      suggestion: 'run-on',
      coveredBy: 'run-on',
      needsDecision: false,
    });
    // Not once the next line leaves too little room.
    const crowded = projectOf([
      line('a', { startMs: 0, cueEndMs: 1_700, fit: 'dynamic' }),
      line('b', { startMs: 1_800 }),
    ]);
    expect(check(crowded)[0]).toMatchObject({
      suggestion: 'rate',
      coveredBy: undefined,
      needsDecision: true,
    });
  });

  it('suggests a natural rate for a fixed line before running on, however much time follows it', () => {
    const project = projectOf([line('a', { startMs: 0, cueEndMs: 1_800 }), line('b', { startMs: 10_000 })]);
    expect(check(project)[0]!.suggestion).toBe('rate');
  });

  it('suggests running on for a fixed line no natural rate or stretch fits when the free time after it is enough, before a rewrite', () => {
    // An imported SRT line (fixed by the import's default) needing rate 1.67, with 4.4 s free after its cue.
    const roomy = projectOf([line('a', { startMs: 0, cueEndMs: 1_200 }), line('b', { startMs: 5_600 })]);
    expect(check(roomy)[0]).toMatchObject({ freeAfterMs: 4_400, suggestion: 'run-on', needsDecision: true });
    // Too little free time: only a rewrite is left.
    const crowded = projectOf([line('a', { startMs: 0, cueEndMs: 1_200 }), line('b', { startMs: 1_500 })]);
    expect(check(crowded)[0]).toMatchObject({ freeAfterMs: 300, suggestion: 'rewrite' });
  });

  it('suggests a stretch for a line with a take when the stretch is enough, else a faster take, else a rewrite', () => {
    const project = projectOf([]);
    const context = contextOf(project);
    const taken = (id: string, cueEndMs: number) =>
      withOneTake(line(id, { startMs: 0, cueEndMs }), context, 2_000);
    // The next line starts at the cue's end: no free time to run on into.
    const fits = (cueEndMs: number) =>
      check(projectOf([taken('a', cueEndMs), line('next', { startMs: cueEndMs })]))[0]!;
    const stretchSlot = Math.ceil(2_000 / (1 + MAX_STRETCH));
    expect(fits(stretchSlot)).toMatchObject({ source: 'audio', estimatedMs: 2_000, suggestion: 'stretch' });
    expect(fits(stretchSlot - 20).suggestion).toBe('rate');
    expect(fits(Math.floor(2_000 / NATURAL_RATE.max) - 20).suggestion).toBe('rewrite');
  });

  it('suggests a rewrite beyond the natural band, and says whether the app could send the rate at all', () => {
    const [far] = check(
      projectOf([line('a', { startMs: 0, cueEndMs: 1_200 }), line('b', { startMs: 1_200 })]),
    );
    expect(far).toMatchObject({ suggestion: 'rewrite', rateInRange: true });
    expect(far!.neededRate).toBeGreaterThan(NATURAL_RATE.max);
    const [impossible] = check(
      projectOf([line('a', { startMs: 0, cueEndMs: 500 }), line('b', { startMs: 500 })]),
    );
    expect(impossible).toMatchObject({ suggestion: 'rewrite', rateInRange: false });
    expect(impossible!.neededRate).toBeGreaterThan(2);
  });

  it('counts an allowed stretch that is enough as covering the overrun, and a rewrite mark as decided', () => {
    const stretchSlot = Math.ceil(THIRTY_MS / (1 + MAX_STRETCH));
    const [stretched] = check(
      projectOf([line('a', { startMs: 0, cueEndMs: stretchSlot, allowStretch: true })]),
    );
    expect(stretched).toMatchObject({ coveredBy: 'stretch', needsDecision: false });
    const [marked] = check(
      projectOf([line('a', { startMs: 0, cueEndMs: 500, rewrite: true }), line('b', { startMs: 500 })]),
    );
    expect(marked).toMatchObject({ coveredBy: undefined, needsDecision: false, suggestion: 'rewrite' });
    expect(overrunningLines([stretched!, marked!])).toHaveLength(2);
  });
});
