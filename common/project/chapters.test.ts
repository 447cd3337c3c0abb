import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from './send-context.js';
import { contextOf } from './test-support.js';
import { updateBlock } from './block-edits.js';
import { chapterMarks } from './chapters.js';
import { contentHash } from './content-hash.js';
import type { Project } from './index.js';
import { createProject, createTextBlock } from './index.js';
import { splitTextBlock } from './text-block-edits.js';
import { layoutTimeline } from './timeline-layout.js';

function book(): Project {
  const base = createProject({ title: 'Book' });
  const blocks = ['Chapter one begins.', 'It goes on.', 'Chapter two begins here.'].map((text) =>
    createTextBlock({ text }),
  );
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

describe('chapter marks', () => {
  it('lists the blocks that start a chapter, in order, with their start times', () => {
    let project = book();
    const [first, , third] = project.tracks.speech.blocks;
    project = updateBlock(project, first!.id, { chapterTitle: 'One' });
    project = updateBlock(project, third!.id, { chapterTitle: 'Two' });
    const layout = layoutTimeline(project, contextOf(project));
    expect(chapterMarks(project, layout)).toEqual([
      { blockId: first!.id, title: 'One', startMs: 0, index: 0 },
      { blockId: third!.id, title: 'Two', startMs: layout.speech[2]!.startMs, index: 2 },
    ]);
    expect(layout.speech[2]!.startMs).toBeGreaterThan(0);
  });

  it('never makes audio stale, refuses an empty title, and stays with the first part of a split', () => {
    let project = book();
    const [first] = project.tracks.speech.blocks;
    const before = contentHash(first!, defaultsOnlyContext(project.defaults));
    project = updateBlock(project, first!.id, { chapterTitle: 'One' });
    const titled = project.tracks.speech.blocks[0]!;
    expect(titled.chapterTitle).toBe('One');
    expect(contentHash(titled, defaultsOnlyContext(project.defaults))).toBe(before);
    expect(() => updateBlock(project, first!.id, { chapterTitle: '   ' })).toThrow(/must not be empty/);
    const split = splitTextBlock(project, first!.id, 8, () => 'second-part');
    expect(split.tracks.speech.blocks.map((block) => block.chapterTitle)).toEqual([
      'One',
      undefined,
      undefined,
      undefined,
    ]);
    expect(
      updateBlock(project, first!.id, { chapterTitle: undefined }).tracks.speech.blocks[0],
    ).not.toHaveProperty('chapterTitle');
  });
});
