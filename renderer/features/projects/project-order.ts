import type { CountedProjectEntry, ProjectListEntry } from '../../../common/project/library-views.js';
import { modifiedLaterFirst } from '../../../common/project/library-views.js';

export const projectSorts = ['modified', 'title', 'duration', 'characters'] as const;
export type ProjectSort = (typeof projectSorts)[number];

export const projectSortLabels: Record<ProjectSort, string> = {
  modified: 'Last modified',
  title: 'Title (A–Z)',
  duration: 'Longest first',
  characters: 'Most characters first',
};

/** Whether the order reads the rows' figures, so a row still being counted is placed last until it is. */
export function sortNeedsFigures(sort: ProjectSort): boolean {
  return sort === 'duration' || sort === 'characters';
}

/** How many rows main is still counting (listed by title on a first start). */
export function countingRows(entries: readonly ProjectListEntry[]): number {
  return entries.filter((entry) => entry.ok && entry.counting === true).length;
}

/** What a row is called: its title, or the file name of a project that could not be read. */
export function entryLabel(entry: ProjectListEntry): string {
  return entry.ok ? entry.title : entry.fileName;
}

/**
 * The rows to show: those whose title (or file name) holds the search text, in the chosen order. Projects that
 * could not be read (or are not counted yet) have no length or size, so those orders put them last, where they
 * still show.
 */
export function orderProjects(
  entries: readonly ProjectListEntry[],
  query: string,
  sort: ProjectSort,
): ProjectListEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  const shown = entries.filter(
    (entry) =>
      needle === '' ||
      entryLabel(entry).toLocaleLowerCase().includes(needle) ||
      entry.fileName.toLocaleLowerCase().includes(needle),
  );
  return shown.sort((a, b) => compare(a, b, sort) || a.fileName.localeCompare(b.fileName));
}

let collator: Intl.Collator | undefined;

/**
 * How titles are ordered: numbers by value ("Episode 9" before "Episode 10"), case and accents aside. Built at
 * its first use, not when the page loads (see format.ts's formatCount).
 */
export function titleCollator(): Intl.Collator {
  collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return collator;
}

function compare(a: ProjectListEntry, b: ProjectListEntry, sort: ProjectSort): number {
  switch (sort) {
    case 'modified':
      return modifiedLaterFirst(a, b);
    case 'title':
      return titleCollator().compare(entryLabel(a), entryLabel(b));
    case 'duration':
      return measure(b, (entry) => entry.durationMs) - measure(a, (entry) => entry.durationMs);
    case 'characters':
      return measure(b, (entry) => entry.characterCount) - measure(a, (entry) => entry.characterCount);
    default: {
      const exhaustive: never = sort;
      throw new Error(`Unknown sort ${String(exhaustive)}`);
    }
  }
}

function measure(entry: ProjectListEntry, read: (entry: CountedProjectEntry) => number): number {
  return entry.ok && entry.counting !== true ? read(entry) : -1;
}

/**
 * Where the keyboard selection goes: `step` rows on (stopping at the ends), or the first or last row. With
 * nothing selected (`current` -1), ↓ starts at the top and ↑ at the bottom. -1 when the list is empty.
 */
export function movedIndex(current: number, length: number, to: 'first' | 'last' | number): number {
  if (length === 0) return -1;
  if (to === 'first') return 0;
  if (to === 'last') return length - 1;
  if (current === -1) return to > 0 ? 0 : length - 1;
  return Math.min(length - 1, Math.max(0, current + to));
}
