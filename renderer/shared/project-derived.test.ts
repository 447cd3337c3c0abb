import { describe, expect, it } from 'vitest';
import { createTextBlock } from '../../common/project/block-factory.js';
import type { Project } from '../../common/project/project-schema.js';
import { contextOf, sampleProject } from '../../common/project/test-support.js';
import { setTimingFields } from '../../common/project/timing-edits.js';
import { fitCheck } from '../../common/timing/fit-check.js';
import { layoutOf, fitLinesOf } from './project-derived.js';

/** Two timed lines with a one-second cue each: too short for either line at any voice's pace. */
function dub(): Project {
  const sample = sampleProject();
  const line = (id: string, startMs: number) => ({
    ...createTextBlock({ id, text: `A line far too long to be said in a one second cue, number ${id}.` }),
    timing: { startMs, cueEndMs: startMs + 1000, lane: 0, fit: 'fixed' as const },
  });
  return { ...sample, tracks: { ...sample.tracks, speech: { blocks: [line('a', 0), line('b', 5000)] } } };
}

describe('fitLinesOf', () => {
  it('gives the fit check of the project as laid out, made once per project value', () => {
    const project = dub();
    const context = contextOf(project);

    const lines = fitLinesOf(project, context);

    expect(lines).toEqual(fitCheck(project, context, layoutOf(project, context)));
    expect(lines.map((line) => line.blockId)).toEqual(['a', 'b']);
    expect(lines.every((line) => line.overrunMs > 0)).toBe(true);
    // The toolbar, the dialog and the inspector ask on every render: the second ask is the first answer.
    expect(fitLinesOf(project, context)).toBe(lines);
  });

  it('checks again once the project changes', () => {
    const project = dub();
    const context = contextOf(project);
    const before = fitLinesOf(project, context);

    const edited = setTimingFields(project, 'a', { rewrite: true });
    const after = fitLinesOf(edited, contextOf(edited));

    expect(after).not.toBe(before);
    expect(before.find((line) => line.blockId === 'a')?.needsDecision).toBe(true);
    expect(after.find((line) => line.blockId === 'a')?.needsDecision).toBe(false);
  });
});
