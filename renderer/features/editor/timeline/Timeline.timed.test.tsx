import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTextBlock } from '../../../../common/project/block-factory.js';
import { addSpeaker } from '../../../../common/project/cast-edits.js';
import type { Project, TextBlock } from '../../../../common/project/project-schema.js';
import { contextOf, sampleProject, withOneTake } from '../../../../common/project/test-support.js';
import type { SpeechTiming } from '../../../../common/project/timing-schema.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { Timeline } from './Timeline.js';
import { LANE_ROW_PX } from './use-timeline-drag.js';

/**
 * Narration flows in lane 0 (n1, 1 s); Anna speaks in lane 1: a1 at 2 s (2 s long, cue to 3.5 s: it overruns by
 * 0.5 s and runs 0.5 s into a2), a2 at 3.5 s (1 s, dynamic, cue to 4 s: it runs on into the free time), a3 at 8 s.
 */
function dub(): Project {
  const sample = sampleProject();
  const { project } = addSpeaker({ ...sample, cast: sample.cast }, { name: 'Anna' }, () => 'anna');
  const context = contextOf(project);
  const line = (id: string, ms: number, timing: SpeechTiming): TextBlock =>
    withOneTake({ ...createTextBlock({ id, text: `Line ${id}.`, speakerId: 'anna' }), timing }, context, ms);
  const blocks = [
    withOneTake(createTextBlock({ id: 'n1', text: 'Once.' }), context, 1000),
    line('a1', 2000, { startMs: 2000, cueEndMs: 3500, lane: 1, fit: 'fixed' }),
    line('a2', 1000, { startMs: 3500, cueEndMs: 4000, lane: 1, fit: 'dynamic' }),
    line('a3', 1000, { startMs: 8000, lane: 1, fit: 'fixed' }),
  ];
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

describe('timed speech on the timeline', () => {
  let stores: AppStores;
  const timingOf = (id: string): SpeechTiming | undefined =>
    (
      stores.document
        .getState()
        .doc!.project.tracks.speech.blocks.find((block) => block.id === id) as TextBlock
    ).timing;
  const blockElement = (id: string): HTMLElement =>
    screen.getAllByTestId('timeline-block').find((element) => element.dataset.blockId === id)!;

  beforeEach(async () => {
    stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'dub.timbre', project: dub() });
    renderWithStores(<Timeline />, stores);
    await waitFor(() => expect(screen.getAllByTestId('speech-lane')).toHaveLength(2));
  });
  afterEach(() => cleanup());

  it('draws one row per lane in use, labelled by its speaker, with each line in its lane', () => {
    expect(screen.getAllByTestId('speech-lane-label').map((label) => label.textContent)).toEqual([
      'Narrator',
      'Anna',
    ]);
    const [lane0, lane1] = screen.getAllByTestId('speech-lane');
    expect(lane0!.querySelector('[data-block-id="n1"]')).not.toBeNull();
    expect(lane1!.querySelectorAll('[data-timed="true"]')).toHaveLength(3);
  });

  it('shows slots, the dynamic run-on room, the overrun and the conflict naming both lines', () => {
    const zoom = stores.timelineView.getState().zoom;
    // a3 is the lane's last line, with no cue end and no video: its slot is open, so none is drawn.
    expect(screen.getAllByTestId('timeline-slot')).toHaveLength(2);
    expect(screen.getAllByTestId('timeline-slot-runon')).toHaveLength(1);
    const overrun = screen.getByTestId('timeline-overrun');
    expect(overrun.title).toBe('Overruns its slot by 0.5 s');
    expect(parseFloat(overrun.style.left)).toBeCloseTo((3500 * zoom) / 1000);
    const conflict = screen.getByTestId('timeline-conflict');
    expect(conflict.title).toBe('Lines 2 and 3 overlap by 0.5 s in lane 2: both would play at once.');
  });

  it('drags a timed line in time, snapping its start to a line’s end, and across lanes', () => {
    const zoom = stores.timelineView.getState().zoom;
    const px = (ms: number): number => (ms * zoom) / 1000;
    const a3 = blockElement('a3');
    const from = px(8000) + 5;
    fireEvent.pointerDown(a3, { button: 0, pointerId: 1, clientX: from, clientY: LANE_ROW_PX * 1.5 });
    // To 4.5 s plus 3 px: a2 ends at 4.5 s, within the 8 px snap.
    fireEvent.pointerMove(a3, { pointerId: 1, clientX: from - px(3500) + 3, clientY: LANE_ROW_PX * 1.5 });
    expect(screen.getByTestId('timeline-snap-line').style.left).toBe(`${px(4500)}px`);
    fireEvent.pointerUp(a3, { pointerId: 1, clientX: from - px(3500) + 3, clientY: LANE_ROW_PX * 1.5 });
    expect(timingOf('a3')).toMatchObject({ startMs: 4500, lane: 1 });

    act(() => stores.document.getState().undo());
    expect(timingOf('a3')!.startMs).toBe(8000);
  });

  it('moves a timed line to another lane on a straight vertical drag, showing its start while dragged', () => {
    const zoom = stores.timelineView.getState().zoom;
    const x = (8000 * zoom) / 1000 + 5;
    const a3 = blockElement('a3');
    fireEvent.pointerDown(a3, { button: 0, pointerId: 1, clientX: x, clientY: LANE_ROW_PX * 1.5 });
    // Straight up into lane 0's row: no sideways move at all.
    const up = { pointerId: 1, clientX: x, clientY: LANE_ROW_PX * 0.5, altKey: true };
    fireEvent.pointerMove(a3, up);
    expect(screen.getByTestId('timeline-drag-time').textContent).toBe('0:08.000');
    fireEvent.pointerUp(screen.getByRole('listbox', { name: 'Timeline' }), up);
    expect(screen.queryByTestId('timeline-drag-time')).toBeNull();
    expect(timingOf('a3')).toMatchObject({ startMs: 8000, lane: 0 });
  });

  it('does not snap with Alt held, and opens a new lane below the last row', () => {
    const zoom = stores.timelineView.getState().zoom;
    const px = (ms: number): number => (ms * zoom) / 1000;
    const a3 = blockElement('a3');
    const from = px(8000) + 5;
    const to = { pointerId: 1, clientX: from - px(3500) + 3, clientY: LANE_ROW_PX * 2.5, altKey: true };
    fireEvent.pointerDown(a3, { button: 0, pointerId: 1, clientX: from, clientY: LANE_ROW_PX * 1.5 });
    fireEvent.pointerMove(a3, to);
    expect(screen.queryByTestId('timeline-snap-line')).toBeNull();
    expect(screen.getAllByTestId('speech-lane')).toHaveLength(3);
    // The line is drawn in its new row now; the content holds the pointer (captured), as in the window.
    fireEvent.pointerUp(screen.getByRole('listbox', { name: 'Timeline' }), to);
    const moved = timingOf('a3')!;
    expect(moved.lane).toBe(2);
    expect(moved.startMs).toBe(Math.round(4500 + (3 * 1000) / zoom));
  });
});
