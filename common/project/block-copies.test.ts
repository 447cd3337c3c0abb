import { describe, expect, it } from 'vitest';
import { copyBlocks, pasteBlocks } from './block-clipboard.js';
import { duplicateBlocks } from './block-copies.js';
import { updateBlock } from './block-edits.js';
import { createProject } from './block-factory.js';
import { chapterMarks } from './chapters.js';
import { applyCredits, creditsBlock, isCreditsBlock } from './credits-blocks.js';
import type { Project, TextBlock } from './project-schema.js';
import { contextOf, sequentialIds } from './test-support.js';
import { layoutTimeline } from './timeline-layout.js';

const credits = { opening: 'Book. Written by A.', closing: 'The end. This has been Book.' };

function withCredits(): Project {
  const book = createProject(
    { title: 'Book', textBlocks: ['First line.', 'Second line.'] },
    sequentialIds('b'),
  );
  return applyCredits(book, credits, sequentialIds('credits'));
}

const speech = (project: Project) => project.tracks.speech.blocks as TextBlock[];

describe('copies of credits blocks', () => {
  it('duplicates the credits as a plain text block, so the book keeps one opening and one closing', () => {
    const project = withCredits();
    const opening = creditsBlock(project, 'opening')!;
    const duplicated = duplicateBlocks(project, [opening.id], sequentialIds('copy'));
    const copy = speech(duplicated)[1]!;
    expect(copy).toMatchObject({ id: 'copy-1', text: credits.opening });
    expect(copy).not.toHaveProperty('credits');
    // The credits' own title goes with the mark: the copy is not a second "Opening Credits" chapter.
    expect(copy).not.toHaveProperty('chapterTitle');
    expect(
      speech(duplicated)
        .filter(isCreditsBlock)
        .map((block) => block.id),
    ).toEqual([opening.id, creditsBlock(project, 'closing')!.id]);
    expect(
      chapterMarks(duplicated, layoutTimeline(duplicated, contextOf(duplicated))).map((mark) => mark.title),
    ).toEqual(['Opening Credits', 'Book', 'Closing Credits']);
  });

  it('pastes the credits as plain text blocks, in this project or another, by the same rule', () => {
    const project = withCredits();
    const closing = creditsBlock(project, 'closing')!;
    const clipboard = copyBlocks(project, [closing.id]);
    const pasted = pasteBlocks(project, contextOf(project), clipboard, {}, sequentialIds('paste'));
    expect(speech(pasted).at(-1)).toMatchObject({ id: 'paste-1', text: credits.closing });
    expect(speech(pasted).at(-1)).not.toHaveProperty('credits');
    expect(speech(pasted).filter(isCreditsBlock)).toHaveLength(2);
    const other = createProject({ title: 'Other', textBlocks: ['Hello.'] }, sequentialIds('o'));
    const elsewhere = pasteBlocks(other, contextOf(other), clipboard, {}, sequentialIds('paste'));
    expect(speech(elsewhere).filter(isCreditsBlock)).toEqual([]);
  });

  it('keeps a chapter title the user gave the credits, as on any copy', () => {
    const project = withCredits();
    const opening = creditsBlock(project, 'opening')!;
    const renamed = updateBlock(project, opening.id, { chapterTitle: 'Welcome' });
    const copy = speech(duplicateBlocks(renamed, [opening.id], sequentialIds('copy')))[1]!;
    expect(copy).toMatchObject({ chapterTitle: 'Welcome' });
    expect(copy).not.toHaveProperty('credits');
  });
});
