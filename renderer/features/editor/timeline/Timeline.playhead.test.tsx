import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTextBlock } from '../../../../common/project/block-factory.js';
import type { Project } from '../../../../common/project/project-schema.js';
import { contextOf, sampleProject, withOneTake } from '../../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { Timeline } from './Timeline.js';
import type * as SpeechLanesModule from './SpeechLanes.js';

/** How often the speech track was drawn: it is the timeline's heaviest part (lanes, slots, blocks). */
const drawn = vi.hoisted(() => ({ speechTrack: 0 }));

vi.mock('./SpeechLanes.js', async (importOriginal) => {
  const actual = await importOriginal<typeof SpeechLanesModule>();
  return {
    ...actual,
    SpeechLanes: (props: Parameters<typeof actual.SpeechLanes>[0]) => {
      drawn.speechTrack += 1;
      return actual.SpeechLanes(props);
    },
  };
});

/** Twenty timed lines, one every 2 s. */
function dub(): Project {
  const project = sampleProject();
  const context = contextOf(project);
  const blocks = Array.from({ length: 20 }, (_, index) =>
    withOneTake(
      {
        ...createTextBlock({ id: `c${index}`, text: `Cue ${index}.` }),
        timing: { startMs: index * 2000, lane: 0, fit: 'fixed' as const },
      },
      context,
      1500,
    ),
  );
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

describe('the timeline while the playhead moves', () => {
  afterEach(() => cleanup());

  it('moves only its playhead on each tick, without drawing the tracks again', async () => {
    const stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'dub.timbre', project: dub() });
    renderWithStores(<Timeline />, stores);
    await waitFor(() => expect(screen.getAllByTestId('timeline-block').length).toBeGreaterThan(0));
    // What opening asks for on its own (waveforms, the service's voices) may come back later on a loaded machine
    // and draw the track once more: the count is taken once the track has stayed as it is for 100 ms.
    let settled = -1;
    while (settled !== drawn.speechTrack) {
      settled = drawn.speechTrack;
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    }
    const before = drawn.speechTrack;

    // A second of preview at 60 frames a second.
    for (let frame = 1; frame <= 60; frame += 1) {
      act(() => stores.timelineView.getState().setPlayhead((frame * 1000) / 60));
    }

    const playhead = screen.getByTestId('timeline-playhead');
    expect(playhead.dataset.ms).toBe('1000');
    expect(playhead.style.left).toBe(`${String(stores.timelineView.getState().zoom)}px`);
    expect(drawn.speechTrack).toBe(before);
  });
});
