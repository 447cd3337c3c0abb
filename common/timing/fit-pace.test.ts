import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../project/block-factory.js';
import { estimateSpeechMs } from '../project/duration-estimate.js';
import type { Project, TextBlock } from '../project/project-schema.js';
import { contextOf, sequentialIds, withOneTake } from '../project/test-support.js';
import { layoutTimeline } from '../project/timeline-layout.js';
import { fitCheck } from './fit-check.js';

const ids = sequentialIds('f');
const EDGE_MS = 200;

/**
 * A voice that reads like the stand-in: 200 ms of silence around every take, 300 ms for any line beyond its
 * characters, its characters at 0.8 of the generic estimate, 350 ms between sentences, all speech ÷ rate.
 */
function realMs(text: string, rate: number): number {
  const breaks = (text.match(/[.!?](?=\s*\S)/g) ?? []).length;
  return Math.round(EDGE_MS + (300 + 0.8 * estimateSpeechMs(text) + 350 * breaks) / rate);
}

function taken(project: Project, text: string, rate: number): TextBlock {
  const block = createTextBlock({ text, speechRate: rate }, ids);
  return withOneTake(block, contextOf(project), realMs(text, rate), {
    rmsDb: -20,
    clippedSamples: 0,
    leadingSilenceMs: 50,
    trailingSilenceMs: EDGE_MS - 50,
    longestPauseMs: 0,
    longestPauseAtMs: 0,
  });
}

function estimateOf(learnFrom: readonly string[], text: string, rate: number): number {
  const base = createProject({ id: 'p', title: 'Pace', defaults: { voiceId: 'voice-a' } }, ids);
  const learned = learnFrom.map((line) => taken(base, line, 1));
  const timed: TextBlock = {
    ...createTextBlock({ id: 'timed', text, speechRate: rate }, ids),
    timing: { startMs: 600_000, cueEndMs: 601_000, lane: 0, fit: 'fixed' },
  };
  const project = { ...base, tracks: { ...base.tracks, speech: { blocks: [...learned, timed] } } };
  const context = contextOf(project);
  return fitCheck(project, context, layoutTimeline(project, context)).find(
    (line) => line.blockId === 'timed',
  )!.estimatedMs;
}

describe('the fit check’s learned pace', () => {
  const SHORT_FIRST = ['Yes.', 'Over here!', 'We leave at dawn.', 'Nobody in the village remembered it.'];
  const LONG = 'Wait. Did you hear that? Someone is on the stairs, and the lamp has gone out.';

  it('estimates a long, several-sentence line at another rate within 3 % after a few short first takes', () => {
    for (const rate of [0.8, 1, 1.25, 1.5]) {
      const real = realMs(LONG, rate);
      expect(Math.abs(estimateOf(SHORT_FIRST, LONG, rate) - real) / real).toBeLessThan(0.03);
    }
  });

  it('keeps the silence around a take out of the rate: it does not shrink when the line is spoken faster', () => {
    const slow = estimateOf(SHORT_FIRST, 'Over here, quickly!', 1);
    const fast = estimateOf(SHORT_FIRST, 'Over here, quickly!', 2);
    expect(fast - EDGE_MS).toBeCloseTo((slow - EDGE_MS) / 2, -1);
  });
});
