import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTextBlock } from '../../../../common/project/block-factory.js';
import type { Project, TextBlock } from '../../../../common/project/project-schema.js';
import { contextOf, sampleProject, withOneTake } from '../../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { Timeline } from './Timeline.js';
import { LANE_ROW_PX } from './use-timeline-drag.js';

/** A timed line at 8 s (1 s long) followed by a flowing line (1 s, 0.5 s after it), then a timed one at 20 s. */
function dub(): Project {
  const project = sampleProject();
  const context = contextOf(project);
  const timed = (id: string, startMs: number): TextBlock =>
    withOneTake(
      { ...createTextBlock({ id, text: `Line ${id}.` }), timing: { startMs, lane: 0, fit: 'fixed' } },
      context,
      1000,
    );
  const flowing = withOneTake(
    { ...createTextBlock({ id: 'f1', text: 'After.' }), pauseAfterMs: 0 },
    context,
    1000,
  );
  const blocks = [{ ...timed('t1', 8000), pauseAfterMs: 500 }, flowing, timed('t2', 20_000)];
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

describe('dragging a timed line with a flowing line after it', () => {
  afterEach(() => cleanup());

  it('draws the flowing line moving with it, and never snaps to where that line was', async () => {
    const stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'dub.timbre', project: dub() });
    renderWithStores(<Timeline />, stores);
    await waitFor(() =>
      expect(screen.getByTestId('track-speech').querySelectorAll('[data-block-id]')).toHaveLength(3),
    );
    const block = (id: string): HTMLElement =>
      screen.getAllByTestId('timeline-block').find((element) => element.dataset.blockId === id)!;
    const zoom = stores.timelineView.getState().zoom;
    const px = (ms: number): number => (ms * zoom) / 1000;
    const from = px(8000) + 5;
    const y = LANE_ROW_PX / 2;

    fireEvent.pointerDown(block('t1'), { button: 0, pointerId: 1, clientX: from, clientY: y });
    // 1.5 s later plus 3 px: t1's start comes 3 px from where f1 started (9.5 s) before the drag.
    const to = { pointerId: 1, clientX: from + px(1500) + 3, clientY: y };
    fireEvent.pointerMove(block('t1'), to);

    expect(screen.queryByTestId('timeline-snap-line')).toBeNull();
    expect(block('t1').style.transform).toBe(`translateX(${px(1500) + 3}px)`);
    expect(block('f1').style.transform).toBe(block('t1').style.transform);
    expect(block('t2').style.transform).toBe('');

    fireEvent.pointerUp(screen.getByRole('listbox', { name: 'Timeline' }), to);
    const moved = stores.document.getState().doc!.project.tracks.speech.blocks[0] as TextBlock;
    expect(moved.timing!.startMs).toBe(Math.round(9500 + (3 * 1000) / zoom));
    act(() => stores.document.getState().undo());
  });
});
