import { describe, expect, it } from 'vitest';
import type { ProjectListEntry } from '../../../common/project/library-views.js';
import { entryLabel, movedIndex, orderProjects } from './project-order.js';

function project(
  title: string,
  modifiedAt: string,
  durationMs: number,
  characterCount: number,
): ProjectListEntry {
  return {
    ok: true,
    fileName: `${title.toLowerCase().replace(/\W+/gu, '-')}-abc123.timbre`,
    id: title,
    title,
    modifiedAt,
    blockCount: 1,
    characterCount,
    durationMs,
    durationEstimated: true,
    toGenerate: { blocks: 1, credits: characterCount },
  };
}

const damaged: ProjectListEntry = {
  ok: false,
  fileName: 'broken-000000.timbre',
  modifiedAt: '2025-01-05T00:00:00.000Z',
  problem: 'not-json',
  message: 'The project file is damaged: it is not valid JSON.',
  hasBackup: false,
};

const entries: ProjectListEntry[] = [
  project('Chapter 10', '2025-01-02T00:00:00.000Z', 60_000, 900),
  project('chapter 2', '2025-01-04T00:00:00.000Z', 5_000, 80),
  damaged,
  project('Audiobook intro', '2025-01-01T00:00:00.000Z', 120_000, 1_500),
];

const titles = (list: ProjectListEntry[]): string[] => list.map(entryLabel);

describe('orderProjects', () => {
  it('puts the most recently modified first by default', () => {
    expect(titles(orderProjects(entries, '', 'modified'))).toEqual([
      'broken-000000.timbre',
      'chapter 2',
      'Chapter 10',
      'Audiobook intro',
    ]);
  });

  it('sorts titles as people read them: case-insensitive, numbers by value', () => {
    expect(titles(orderProjects(entries, '', 'title'))).toEqual([
      'Audiobook intro',
      'broken-000000.timbre',
      'chapter 2',
      'Chapter 10',
    ]);
  });

  it('sorts by length and by size with unreadable files last, still shown', () => {
    expect(titles(orderProjects(entries, '', 'duration'))).toEqual([
      'Audiobook intro',
      'Chapter 10',
      'chapter 2',
      'broken-000000.timbre',
    ]);
    expect(titles(orderProjects(entries, '', 'characters')).at(-1)).toBe('broken-000000.timbre');
    expect(titles(orderProjects(entries, '', 'characters'))[0]).toBe('Audiobook intro');
  });

  it('keeps the rows whose title or file name holds the search text, ignoring case and spaces around it', () => {
    expect(titles(orderProjects(entries, '  CHAPTER ', 'title'))).toEqual(['chapter 2', 'Chapter 10']);
    expect(titles(orderProjects(entries, 'broken', 'modified'))).toEqual(['broken-000000.timbre']);
    expect(orderProjects(entries, 'nothing like it', 'modified')).toEqual([]);
  });

  it('does not reorder the list it is given', () => {
    const before = [...entries];
    orderProjects(entries, '', 'title');
    expect(entries).toEqual(before);
  });
});

describe('movedIndex', () => {
  it('moves by rows and stops at the ends', () => {
    expect(movedIndex(1, 4, 1)).toBe(2);
    expect(movedIndex(3, 4, 1)).toBe(3);
    expect(movedIndex(0, 4, -1)).toBe(0);
    expect(movedIndex(2, 4, 'first')).toBe(0);
    expect(movedIndex(0, 4, 'last')).toBe(3);
  });

  it('starts at the top going down and at the bottom going up when nothing is selected', () => {
    expect(movedIndex(-1, 4, 1)).toBe(0);
    expect(movedIndex(-1, 4, -1)).toBe(3);
    expect(movedIndex(-1, 0, 1)).toBe(-1);
  });
});
