import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../../../common/project/block-factory.js';
import type { Project } from '../../../common/project/project-schema.js';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores } from '../../test-support/app-stores-harness.js';
import { ProjectEditor } from './ProjectEditor.js';
import { onClose, openSampleProjectEachTest, store, stores } from './test-support/editor-harness.js';

describe('ProjectEditor: a large project, and scrolling to the selection', () => {
  openSampleProjectEachTest();

  it('renders only the visible part of a 2,000-block project', async () => {
    const big: Project = {
      ...createProject({ title: 'Big', id: 'big' }),
      tracks: {
        speech: {
          blocks: Array.from({ length: 2000 }, (_, index) =>
            createTextBlock({ id: `b${index}`, text: `Sentence number ${index} of a long script.` }),
          ),
        },
        effects: { blocks: [] },
        music: { blocks: [] },
      },
    };
    renderWithStores(
      <ProjectEditor opened={{ fileName: 'big.timbre', project: big }} onClose={onClose} />,
      stores,
    );
    expect((await screen.findByTestId('stat-blocks')).textContent).toBe('2,000 blocks');
    expect(screen.getAllByTestId('script-row').length).toBeLessThan(30);
    expect(screen.getAllByTestId('timeline-block').length).toBeLessThan(100);
  });

  it('scrolls the timeline to a block selected elsewhere, on any track', async () => {
    const sample = sampleProject();
    const speech = Array.from({ length: 60 }, (_, index) =>
      createTextBlock({
        id: `line-${index}`,
        text: `Line ${index} of the chapter, long enough to take time.`,
      }),
    );
    const [sfx] = sample.tracks.effects.blocks;
    if (sfx === undefined) throw new Error('The sample has an effect');
    const project: Project = {
      ...sample,
      tracks: {
        ...sample.tracks,
        speech: { blocks: speech },
        // An effect far along the timeline, so revealing it needs the effects track's place, not the speech one's.
        effects: { blocks: [{ ...sfx, startMs: 400_000 }] },
      },
    };
    renderWithStores(
      <ProjectEditor opened={{ fileName: 'long.timbre', project }} onClose={onClose} />,
      stores,
    );
    const scroller = await screen.findByTestId('timeline-scroll');
    expect(scroller.scrollLeft).toBe(0);

    act(() => store().select(['line-59'], 'line-59'));
    await waitFor(() => expect(scroller.scrollLeft).toBeGreaterThan(0));
    const atLastLine = scroller.scrollLeft;

    act(() => store().select(['line-0'], 'line-0'));
    await waitFor(() => expect(scroller.scrollLeft).toBe(0));

    act(() => store().select([sfx.id], sfx.id));
    await waitFor(() => expect(scroller.scrollLeft).toBeGreaterThan(atLastLine));
  });
});
