import { describe, expect, it } from 'vitest';
import { createTextBlock } from '../../common/project/block-factory.js';
import type { Project } from '../../common/project/project-schema.js';
import { contextOf, sampleProject } from '../../common/project/test-support.js';
import { setTimingFields } from '../../common/project/timing-edits.js';
import { fitCheck } from '../../common/timing/fit-check.js';
import type { Block } from '../../common/project/project-schema.js';
import { layoutOf, fitLinesOf, hasTimedSpeech, placedSpeechItem } from './project-derived.js';

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

/** `items` behind a proxy counting the reads of its entries (by index). */
function countingReads<T>(items: readonly T[]): { list: readonly T[]; reads: () => number } {
  let reads = 0;
  const list = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/u.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list, reads: () => reads };
}

describe('placedSpeechItem', () => {
  it('finds a block’s place as a search of the layout does, walking the layout once however often it is asked', () => {
    const project = dub();
    const layout = layoutOf(project, contextOf(project));
    const { list, reads } = countingReads(layout.speech);
    const counted = { ...layout, speech: list as typeof layout.speech };

    expect(placedSpeechItem(counted, 'b')).toBe(layout.speech.find((item) => item.blockId === 'b'));
    const firstWalk = reads();
    expect(placedSpeechItem(counted, 'a')).toBe(layout.speech[0]);
    expect(placedSpeechItem(counted, 'b')).toBe(layout.speech[1]);
    expect(placedSpeechItem(counted, 'missing')).toBeUndefined();
    // The inspector asks on every keystroke: only the first ask walks the 20,000 items of a book at the cap.
    expect(reads()).toBe(firstWalk);
  });
});

describe('hasTimedSpeech', () => {
  it('says whether a speech block is timed, reading only the blocks an edit replaced', () => {
    const timedLine = dub().tracks.speech.blocks[0]!;
    const flowing: Block[] = Array.from({ length: 50 }, (_, index) => createTextBlock({ id: `f${index}` }));
    const first = countingReads(flowing);
    expect(hasTimedSpeech(first.list)).toBe(false);
    // Asked again (the toolbar, on every change of the document): the list is not walked again.
    const walked = first.reads();
    expect(hasTimedSpeech(first.list)).toBe(false);
    expect(first.reads()).toBe(walked);

    // One block timed, as an edit makes it: a new list whose other blocks are the same objects.
    const withTimed = flowing.map((block, index) => (index === 20 ? timedLine : block));
    expect(hasTimedSpeech(withTimed)).toBe(true);
    const back = flowing.map((block) => block);
    expect(hasTimedSpeech(back)).toBe(false);
    expect(hasTimedSpeech([...flowing, timedLine])).toBe(true);
    expect(hasTimedSpeech(dub().tracks.speech.blocks)).toBe(true);
    expect(hasTimedSpeech([])).toBe(false);
  });

  it('reads no field of the blocks an edit left as they were', () => {
    let fieldReads = 0;
    const watched = (block: Block): Block =>
      new Proxy(block, {
        get(target, key, receiver) {
          fieldReads += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const blocks = Array.from({ length: 50 }, (_, index) => watched(createTextBlock({ id: `g${index}` })));
    expect(hasTimedSpeech(blocks)).toBe(false);
    fieldReads = 0;

    // A keystroke in block 7: a new list, the 49 other blocks the same objects.
    const edited = blocks.map((block, index) => (index === 7 ? { ...createTextBlock({ id: 'g7' }) } : block));
    expect(hasTimedSpeech(edited)).toBe(false);
    // Only block 7 before the edit is read (its type); the 49 others are compared, not read.
    expect(fieldReads).toBeLessThanOrEqual(2);
  });
});
