import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../project/block-factory.js';
import type { Project } from '../project/project-schema.js';
import type { ImportBlock } from './imported-script.js';
import { applyRevision, planRevision } from './revision-apply.js';
import { chaptersWithChangedAudio } from './revision-chapters.js';

const BOOK: ImportBlock[] = [
  { text: 'A prologue before any chapter.' },
  { text: 'Chapter One', chapterTitle: 'Chapter One' },
  { text: 'The harbour lay quiet under a low grey sky.' },
  { text: 'Chapter Two', chapterTitle: 'Chapter Two' },
  { text: 'Mara counted the boats twice and still came up one short.' },
  { text: 'Chapter Three', chapterTitle: 'Chapter Three' },
  { text: 'She walked the sea wall until the tide turned.' },
];

function book(): Project {
  const base = createProject({ title: 'Harbour' });
  const blocks = BOOK.map(({ text, chapterTitle }) =>
    createTextBlock({ text, ...(chapterTitle === undefined ? {} : { chapterTitle }) }),
  );
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

const revise = (project: Project, paragraphs: ImportBlock[]): Project =>
  applyRevision(project, planRevision(project, paragraphs));

describe('chaptersWithChangedAudio', () => {
  it('names only the chapters a revision touched: an edit, an addition, a new chapter', () => {
    const project = book();
    const revised = revise(project, [
      ...BOOK.slice(0, 4),
      { text: 'Mara counted the fishing boats twice and still came up one short.' },
      ...BOOK.slice(5),
      { text: 'The bell rang at noon.' },
      { text: 'Chapter Four', chapterTitle: 'Chapter Four' },
      { text: 'Nobody said his name.' },
    ]);
    expect(chaptersWithChangedAudio(project, revised)).toEqual({
      changed: ['Chapter Two', 'Chapter Three', 'Chapter Four'],
      gone: [],
    });
  });

  it('names none for a revision that changes nothing, and the opening as gone when its text goes', () => {
    const project = book();
    expect(chaptersWithChangedAudio(project, revise(project, BOOK))).toEqual({ changed: [], gone: [] });
    expect(chaptersWithChangedAudio(project, revise(project, BOOK.slice(1)))).toEqual({
      changed: [],
      gone: ['Opening'],
    });
  });
});
