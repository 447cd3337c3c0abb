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
  const starts = new Map(layout.speech.map((item) => [item.blockId, item.startMs]));
  project.tracks.speech.blocks.forEach((block, index) => {
    if (block.chapterTitle === undefined) return;
    marks.push({ blockId: block.id, title: block.chapterTitle, startMs: starts.get(block.id) ?? 0, index });
  });
  return marks;
}
