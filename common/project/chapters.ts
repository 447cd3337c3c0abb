import { CREDITS_TITLES, isCreditsBlock } from './credits-blocks.js';
import type { Block, Project } from './project-schema.js';
import type { TimelineLayout } from './timeline-layout.js';

/** A chapter as the navigator lists it: the block it starts at, its title and where it starts in time. */
export interface ChapterMark {
  blockId: string;
  title: string;
  startMs: number;
  /** Position of its first block on the speech track (0-based). */
  index: number;
}

/**
 * The project's chapters in script order: every speech block with a chapter title starts one, which runs to the
 * next; credits are always a chapter of their own, so a chapter also starts at a credits block, and after the opening
 * credits, whatever titles the user removed (see creditsChapterTitle). Times come from the timeline layout, so they follow real audio lengths once generated (estimates before).
 */
export function chapterMarks(project: Project, layout: TimelineLayout): ChapterMark[] {
  const marks: ChapterMark[] = [];
  // The layout lists the speech track in script order, so a block's item is normally at its own index; the map of
  // every item (10,000 in an audiobook) is built only if that ever fails.
  let starts: Map<string, number> | undefined;
  const startOf = (blockId: string, index: number): number => {
    const item = layout.speech[index];
    if (item?.blockId === blockId) return item.startMs;
    starts ??= new Map(layout.speech.map((placed) => [placed.blockId, placed.startMs]));
    return starts.get(blockId) ?? 0;
  };
  const blocks = project.tracks.speech.blocks;
  blocks.forEach((block, index) => {
    const title = block.chapterTitle ?? creditsChapterTitle(project, blocks[index - 1], block);
    if (title === undefined) return;
    marks.push({ blockId: block.id, title, startMs: startOf(block.id, index), index });
  });
  return marks;
}

/**
 * The title of a chapter the credits make where the user set none: a credits block starts its own ("Opening
 * Credits"), and the block after the opening credits starts the book, titled with the project's title. A retailer
 * taking credits as standalone files then always gets them apart from the text, whatever marks were removed.
 */
function creditsChapterTitle(
  project: Project,
  previous: Block | undefined,
  block: Block,
): string | undefined {
  // A credits block split in two stays one chapter (a copy is a plain block: block-copies.ts).
  if (isCreditsBlock(block))
    return previous !== undefined && isCreditsBlock(previous) && previous.credits === block.credits
      ? undefined
      : CREDITS_TITLES[block.credits];
  if (previous !== undefined && isCreditsBlock(previous) && previous.credits === 'opening')
    return project.title.trim() || 'Untitled';
  return undefined;
}
