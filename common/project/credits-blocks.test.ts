import { describe, expect, it } from 'vitest';
import { updateBlock } from './block-edits.js';
import { createProject } from './block-factory.js';
import { chapterMarks } from './chapters.js';
import { contextOf } from './test-support.js';
import {
  applyCredits,
  creditsBlock,
  creditsToReplace,
  isCreditsBlock,
  withCreditsMetadata,
} from './credits-blocks.js';
import { splitTextBlock } from './text-block-edits.js';
import { layoutTimeline } from './timeline-layout.js';
import type { Project } from './project-schema.js';
import { projectSchema } from './project-schema.js';

const credits = { opening: 'Book. Written by A.', closing: 'The end. This has been Book.' };

function counter(prefix = 'credits'): () => string {
  let next = 0;
  return () => `${prefix}-${++next}`;
}

function book(): Project {
  return createProject({ title: 'Book', textBlocks: ['First line.', 'Second line.'] }, counter('book'));
}

describe('applyCredits', () => {
  it('adds the opening credits first and the closing credits last, each titled as its own chapter', () => {
    const project = applyCredits(book(), credits, counter());
    const blocks = project.tracks.speech.blocks;
    expect(blocks.map((block) => block.type === 'text' && block.text)).toEqual([
      credits.opening,
      'First line.',
      'Second line.',
      credits.closing,
    ]);
    expect(blocks[0]).toMatchObject({ credits: 'opening', chapterTitle: 'Opening Credits' });
    expect(blocks[3]).toMatchObject({ credits: 'closing', chapterTitle: 'Closing Credits' });
    expect(blocks.filter(isCreditsBlock)).toHaveLength(2);
    expect(projectSchema.safeParse(project).success).toBe(true);
  });

  it('updates the existing credits where they stand instead of adding duplicates', () => {
    const once = applyCredits(book(), credits, counter());
    const moved = { ...credits, opening: 'Book. Written by B.' };
    expect(creditsToReplace(once, credits)).toEqual([]);
    expect(creditsToReplace(once, moved)).toEqual(['opening']);
    const twice = applyCredits(once, moved, counter('again'));
    expect(twice.tracks.speech.blocks).toHaveLength(4);
    expect(creditsBlock(twice, 'opening')).toMatchObject({
      id: creditsBlock(once, 'opening')!.id,
      text: moved.opening,
    });
    expect(creditsBlock(twice, 'closing')).toBe(creditsBlock(once, 'closing'));
  });

  it('refuses to rewrite locked credits, naming the rule', () => {
    const once = applyCredits(book(), credits, counter());
    const locked = updateBlock(once, creditsBlock(once, 'closing')!.id, { locked: true });
    expect(() => applyCredits(locked, { ...credits, closing: 'Other.' })).toThrow(/locked/u);
  });
});

describe('credits as chapters', () => {
  it('keeps credits a chapter of their own, and starts the book after them, even with their titles removed', () => {
    let project = applyCredits(book(), credits, counter());
    for (const block of project.tracks.speech.blocks) {
      if (block.chapterTitle !== undefined)
        project = updateBlock(project, block.id, { chapterTitle: undefined });
    }
    const marks = chapterMarks(project, layoutTimeline(project, contextOf(project)));
    expect(marks.map((mark) => [mark.title, mark.index])).toEqual([
      ['Opening Credits', 0],
      ['Book', 1],
      ['Closing Credits', 3],
    ]);
  });

  it('keeps a credits block split in two as one chapter', () => {
    const project = applyCredits(book(), credits, counter());
    const split = splitTextBlock(project, creditsBlock(project, 'opening')!.id, 5, counter('split'));
    const marks = chapterMarks(split, layoutTimeline(split, contextOf(split)));
    expect(marks.map((mark) => [mark.title, mark.index])).toEqual([
      ['Opening Credits', 0],
      ['Book', 2],
      ['Closing Credits', 4],
    ]);
  });
});

describe('withCreditsMetadata', () => {
  it('keeps the author, narrator and copyright line in the metadata, removing an emptied one, and refuses one too long', () => {
    const project = { ...book(), metadata: { author: 'Old', narrator: 'Old', language: 'en' } };
    const given = { author: ' Mara ', narrator: ' Ellen Marsh ', copyright: '© 2026 Mara' };
    expect(withCreditsMetadata(project, given).metadata).toEqual({
      author: 'Mara',
      narrator: 'Ellen Marsh',
      language: 'en',
      copyright: '© 2026 Mara',
    });
    const empty = { author: '', narrator: '', copyright: '' };
    expect(withCreditsMetadata(project, empty).metadata).toEqual({ language: 'en' });
    expect(withCreditsMetadata(book(), empty)).not.toHaveProperty('metadata');
    expect(() => withCreditsMetadata(project, { ...empty, author: 'x'.repeat(201) })).toThrow(
      'The author must be at most 200 characters.',
    );
    expect(() => withCreditsMetadata(project, { ...empty, narrator: 'x'.repeat(201) })).toThrow(
      'The narrator must be at most 200 characters.',
    );
  });
});
