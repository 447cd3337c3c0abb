import type { Project } from './project-schema.js';
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
 * next. Times come from the timeline layout, so they follow real audio lengths once generated (estimates before).
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
  project.tracks.speech.blocks.forEach((block, index) => {
    if (block.chapterTitle === undefined) return;
    marks.push({ blockId: block.id, title: block.chapterTitle, startMs: startOf(block.id, index), index });
  });
  return marks;
}
