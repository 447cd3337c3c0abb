import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTextBlock } from '../../../common/project/block-factory.js';
import type { Project } from '../../../common/project/project-schema.js';
import { contextOf, sampleProject, withOneTake } from '../../../common/project/test-support.js';
import { ExportPastVideoEnd } from './ExportPastVideoEnd.js';

/** One timed line of 2 s at `startMs` beside a 10 s video. */
function dub(startMs: number): Project {
  const base = sampleProject();
  const line = withOneTake(
    {
      ...createTextBlock({ id: 'last', text: 'The last line.' }),
      timing: { startMs, lane: 0, fit: 'fixed' },
    },
    contextOf(base),
    2_000,
  );
  return {
    ...base,
    video: { path: '/videos/clip.mp4', durationMs: 10_000 },
    tracks: { ...base.tracks, speech: { blocks: [line] } },
  };
}

describe('ExportPastVideoEnd', () => {
  afterEach(cleanup);

  it('names a line the video export would cut off at the picture’s end', () => {
    const project = dub(9_000);
    render(<ExportPastVideoEnd project={project} context={contextOf(project)} />);
    const note = screen.getByTestId('export-past-video-end');
    expect(note.textContent).toContain('A line runs past the end of the video');
    expect(note.textContent).toContain('Line 1 loses its last 1.0 s.');
  });

  it('shows nothing when the speech ends inside the video', () => {
    const project = dub(7_000);
    render(<ExportPastVideoEnd project={project} context={contextOf(project)} />);
    expect(screen.queryByTestId('export-past-video-end')).toBeNull();
  });
});
