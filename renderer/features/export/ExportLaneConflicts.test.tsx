import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTextBlock } from '../../../common/project/block-factory.js';
import type { Project, TextBlock } from '../../../common/project/project-schema.js';
import { contextOf, sampleProject, withOneTake } from '../../../common/project/test-support.js';
import { ExportLaneConflicts } from './ExportLaneConflicts.js';

/** Two timed narrator lines in lane 0: the first (2 s long at 1 s) runs 0.5 s into the second (at 2.5 s). */
function overlapping(firstMs: number): Project {
  const base = sampleProject();
  const context = contextOf(base);
  const line = (id: string, startMs: number, ms: number): TextBlock =>
    withOneTake(
      { ...createTextBlock({ id, text: `Line ${id}.` }), timing: { startMs, lane: 0, fit: 'fixed' } },
      context,
      ms,
    );
  const blocks = [line('one', 1000, firstMs), line('two', 2500, 1000)];
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

describe('ExportLaneConflicts', () => {
  afterEach(cleanup);

  it('names the lines that overlap in a lane, by how much, with the lane and its speaker', () => {
    const project = overlapping(2000);
    render(<ExportLaneConflicts project={project} context={contextOf(project)} />);
    const note = screen.getByTestId('export-lane-conflicts');
    expect(note.textContent).toContain('Lines 1 and 2 overlap by 0.5 s in lane 1 (Narrator).');
    expect(note.textContent).toContain('You can export anyway');
  });

  it('shows nothing when the lines of each lane follow one another', () => {
    const project = overlapping(1000);
    render(<ExportLaneConflicts project={project} context={contextOf(project)} />);
    expect(screen.queryByTestId('export-lane-conflicts')).toBeNull();
  });
});
