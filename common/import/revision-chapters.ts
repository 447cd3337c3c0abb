import type { Project, SpeechTrackBlock } from '../project/project-schema.js';

/** What the speech track before the first chapter mark is called (the per-chapter export names it so too). */
const BEFORE_FIRST_CHAPTER = 'Opening';

/**
 * The chapters of `after` whose audio differs from `before`'s chapter of the same title (the nth chapter of a
 * title matched with the nth): a chapter is unchanged only when it holds the very same block objects in the same
 * order, which is what applying a revision keeps for blocks it does not touch (revision-apply.ts). So a chapter
 * where a block was edited, added, removed, split, merged or moved in or out is named, and a new chapter too
 * (`changed`, in `after`'s order); `gone` names `before`'s chapters that `after` no longer has.
 */
export function chaptersWithChangedAudio(
  before: Project,
  after: Project,
): { changed: string[]; gone: string[] } {
  const earlier = chapterRuns(before);
  const later = chapterRuns(after);
  const changed: string[] = [];
  for (const [key, run] of later) {
    const previous = earlier.get(key);
    const same =
      previous !== undefined &&
      previous.blocks.length === run.blocks.length &&
      previous.blocks.every((block, index) => block === run.blocks[index]);
    if (!same) changed.push(run.title);
  }
  const gone = [...earlier].filter(([key]) => !later.has(key)).map(([, run]) => run.title);
  return { changed, gone };
}

interface ChapterRun {
  readonly title: string;
  readonly blocks: SpeechTrackBlock[];
}

/** Each chapter's blocks, keyed by title and its occurrence ("Notes#2"), in script order. */
function chapterRuns(project: Project): Map<string, ChapterRun> {
  const runs = new Map<string, ChapterRun>();
  const seen = new Map<string, number>();
  let current: ChapterRun | undefined;
  for (const block of project.tracks.speech.blocks) {
    if (current === undefined || block.chapterTitle !== undefined) {
      const title = block.chapterTitle ?? BEFORE_FIRST_CHAPTER;
      const occurrence = (seen.get(title) ?? 0) + 1;
      seen.set(title, occurrence);
      current = { title, blocks: [] };
      runs.set(`${title}#${occurrence}`, current);
    }
    current.blocks.push(block);
  }
  return runs;
}
