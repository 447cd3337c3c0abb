import { describe, expect, it } from 'vitest';
import {
  OPENING_CHAPTER_TITLE,
  chapterFileNames,
  chapterSpans,
  chapterTemplateProblem,
  planForChapter,
} from './chapter-split.js';
import type { RenderPlan } from './render-plan.js';

const plan: RenderPlan = {
  sampleRate: 44_100,
  channels: 2,
  durationMs: 30_000,
  clips: [
    {
      id: 'a',
      track: 'speech',
      sourceKey: 'sa',
      startMs: 0,
      durationMs: 9_000,
      gainDb: 0,
      fadeInMs: 0,
      fadeOutMs: 0,
    },
    {
      id: 'b',
      track: 'speech',
      sourceKey: 'sb',
      startMs: 10_000,
      durationMs: 8_000,
      gainDb: 0,
      fadeInMs: 0,
      fadeOutMs: 0,
    },
    {
      id: 'c',
      track: 'speech',
      sourceKey: 'sc',
      startMs: 20_000,
      durationMs: 9_000,
      gainDb: 0,
      fadeInMs: 0,
      fadeOutMs: 0,
    },
    // A bed under everything, looping, with fades at both ends.
    {
      id: 'bed',
      track: 'music',
      sourceKey: 'm',
      startMs: 0,
      durationMs: 30_000,
      gainDb: -6,
      fadeInMs: 2_000,
      fadeOutMs: 3_000,
      loop: true,
    },
  ],
  cues: [
    { blockId: 'a', text: 'One.', startMs: 0, durationMs: 9_000, clipId: 'a' },
    { blockId: 'b', text: 'Two.', startMs: 10_000, durationMs: 8_000, clipId: 'b' },
    { blockId: 'c', text: 'Three.', startMs: 20_000, durationMs: 9_000, clipId: 'c' },
  ],
};

describe('chapter spans', () => {
  it('runs each chapter to the next and the last to the end', () => {
    expect(
      chapterSpans(
        [
          { title: 'One', startMs: 0 },
          { title: 'Two', startMs: 10_000 },
        ],
        30_000,
        'Book',
      ),
    ).toEqual([
      { title: 'One', startMs: 0, endMs: 10_000 },
      { title: 'Two', startMs: 10_000, endMs: 30_000 },
    ]);
  });

  it('makes audio before the first title an opening chapter, and a project without titles one chapter', () => {
    expect(chapterSpans([{ title: 'One', startMs: 4_000 }], 10_000, 'Book')).toEqual([
      { title: OPENING_CHAPTER_TITLE, startMs: 0, endMs: 4_000 },
      { title: 'One', startMs: 4_000, endMs: 10_000 },
    ]);
    expect(chapterSpans([], 10_000, 'Book')).toEqual([{ title: 'Book', startMs: 0, endMs: 10_000 }]);
  });

  it('keeps the last of titles that start at the same time, so no chapter is empty', () => {
    expect(
      chapterSpans(
        [
          { title: 'Part One', startMs: 0 },
          { title: 'Chapter 1', startMs: 0 },
        ],
        5_000,
        'Book',
      ),
    ).toEqual([{ title: 'Chapter 1', startMs: 0, endMs: 5_000 }]);
  });
});

describe('a chapter of a plan', () => {
  const middle = { title: 'Two', startMs: 10_000, endMs: 20_000 };

  it('moves clips and cues to the chapter’s own zero', () => {
    const part = planForChapter(plan, middle);
    expect(part.durationMs).toBe(10_000);
    expect(part.clips.find((clip) => clip.id === 'b')?.startMs).toBe(0);
    expect(part.cues).toEqual([{ blockId: 'b', text: 'Two.', startMs: 0, durationMs: 8_000, clipId: 'b' }]);
    expect(part.clips.map((clip) => clip.id).sort()).toEqual(['b', 'bed']);
  });

  it('cuts a bed that spans chapters so it carries on where the last file stopped, fading only at its own ends', () => {
    const first = planForChapter(plan, { title: 'One', startMs: 0, endMs: 10_000 });
    const second = planForChapter(plan, middle);
    const last = planForChapter(plan, { title: 'Three', startMs: 20_000, endMs: 30_000 });
    const bedOf = (part: RenderPlan) => part.clips.find((clip) => clip.id === 'bed')!;
    expect(bedOf(first)).toMatchObject({ startMs: 0, durationMs: 10_000, fadeInMs: 2_000, fadeOutMs: 0 });
    expect(bedOf(first).sourceOffsetMs).toBeUndefined();
    expect(bedOf(second)).toMatchObject({
      startMs: 0,
      durationMs: 10_000,
      sourceOffsetMs: 10_000,
      fadeInMs: 0,
      fadeOutMs: 0,
    });
    expect(bedOf(last)).toMatchObject({
      startMs: 0,
      durationMs: 10_000,
      sourceOffsetMs: 20_000,
      fadeInMs: 0,
      fadeOutMs: 3_000,
    });
    expect(bedOf(last).loop).toBe(true);
  });
});

describe('chapter file names', () => {
  const spans = [
    { title: 'The Start', startMs: 0, endMs: 1 },
    { title: 'What: Next?', startMs: 1, endMs: 2 },
    { title: 'The Start', startMs: 2, endMs: 3 },
  ];

  it('fills the template with a padded number, the title and the project, safe for every OS and unique', () => {
    expect(chapterFileNames('{n} {title}', spans, 'Book')).toEqual([
      '01 The Start',
      '02 What Next',
      '03 The Start',
    ]);
    expect(chapterFileNames('{project} - {title}', spans, 'Book')).toEqual([
      'Book - The Start',
      'Book - What Next',
      'Book - The Start (2)',
    ]);
  });

  it('refuses a template that would give every chapter the same name, or a path', () => {
    expect(chapterTemplateProblem('{project}')).toMatch(/must contain \{n\} or \{title\}/u);
    expect(chapterTemplateProblem('a/{n}')).toMatch(/must not contain/u);
    expect(chapterTemplateProblem('')).toMatch(/must not be empty/u);
    expect(chapterTemplateProblem('{n} {title}')).toBeNull();
  });
});
