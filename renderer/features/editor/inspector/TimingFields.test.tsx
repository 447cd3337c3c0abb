import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Project, TextBlock } from '../../../../common/project/project-schema.js';
import { contextOf, sampleProject, withOneTake } from '../../../../common/project/test-support.js';
import type { SpeechTiming } from '../../../../common/project/timing-schema.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { BlockInspector } from './BlockInspector.js';

/** The sample's t2 timed at 4 s with a 2 s cue and a take of `takeMs`; t3 timed at 7 s in the same lane. */
function timedSample(takeMs: number, fit: SpeechTiming['fit'] = 'fixed'): Project {
  const sample = sampleProject();
  const context = contextOf(sample);
  const [t1, t2, t3] = sample.tracks.speech.blocks as TextBlock[];
  const line2: TextBlock = withOneTake(
    { ...t2!, timing: { startMs: 4000, cueEndMs: 6000, lane: 0, fit } },
    context,
    takeMs,
  );
  const line3: TextBlock = { ...t3!, timing: { startMs: 7000, lane: 0, fit: 'fixed' } };
  return { ...sample, tracks: { ...sample.tracks, speech: { blocks: [t1!, line2, line3] } } };
}

describe('the inspector’s timing section', () => {
  let stores: AppStores;
  const timingOf = (id: string): SpeechTiming | undefined =>
    (
      stores.document
        .getState()
        .doc!.project.tracks.speech.blocks.find((block) => block.id === id) as TextBlock
    ).timing;

  function show(project: Project, blockId: string): void {
    stores.document.getState().open({ fileName: 'dub.timbre', project });
    stores.document.getState().select([blockId], blockId);
    renderWithStores(<BlockInspector />, stores);
  }

  beforeEach(() => {
    stores = storesFor(new FakeBridge({}));
  });
  afterEach(() => cleanup());

  it('times a flowing line where it plays, and lets it flow again', () => {
    show(sampleProject(), 't2');
    expect(screen.queryByTestId('field-timing-start')).toBeNull();
    fireEvent.click(screen.getByTestId('timing-mode-timed'));
    const timed = timingOf('t2')!;
    expect(timed).toMatchObject({ lane: 0, fit: 'fixed' });
    expect(timed.startMs).toBeGreaterThan(0);
    expect((screen.getByTestId('field-timing-start') as HTMLInputElement).value).toMatch(/^0:0\d\.\d{3}$/);
    fireEvent.click(screen.getByTestId('timing-mode-flowing'));
    expect(timingOf('t2')).toBeUndefined();
    stores.document.getState().undo();
    expect(timingOf('t2')).toEqual(timed);
  });

  it('moves the line to a typed start, and names a time that does not read', () => {
    show(timedSample(1500), 't2');
    const start = screen.getByTestId('field-timing-start');
    fireEvent.change(start, { target: { value: '0:04.750' } });
    fireEvent.blur(start);
    expect(timingOf('t2')).toMatchObject({ startMs: 4750, cueEndMs: 6750 });
    fireEvent.change(start, { target: { value: '0:4x' } });
    fireEvent.blur(start);
    const problem = screen.getByTestId('field-timing-start-problem');
    expect(problem.textContent).toContain('m:ss.mmm');
    expect(timingOf('t2')!.startMs).toBe(4750);
    // The box is described by its problem, so a screen reader reads the rule with the Start field.
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(start.getAttribute('aria-describedby')).toBe(problem.id);
    expect(problem.id).not.toBe('');
  });

  it('refuses a cue end before the start with the rule in words', () => {
    show(timedSample(1500), 't2');
    const cueEnd = screen.getByTestId('field-timing-cueEnd');
    fireEvent.change(cueEnd, { target: { value: '3' } });
    fireEvent.blur(cueEnd);
    expect(screen.getByTestId('field-timing-cueEnd-problem').textContent).toContain(
      "The cue end must be after the line's start",
    );
    expect(timingOf('t2')!.cueEndMs).toBe(6000);
  });

  it('sets lane, fit mode and the stretch and rewrite marks', () => {
    show(timedSample(1500), 't2');
    fireEvent.change(screen.getByTestId('field-timing-lane'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('field-timing-fit'), { target: { value: 'dynamic' } });
    fireEvent.click(screen.getByTestId('field-timing-allowStretch'));
    fireEvent.click(screen.getByTestId('field-timing-rewrite'));
    expect(timingOf('t2')).toEqual({
      startMs: 4000,
      cueEndMs: 6000,
      lane: 2,
      fit: 'dynamic',
      allowStretch: true,
      rewrite: true,
    });
  });

  it('shows the slot, the real length and the overrun of a fixed line', () => {
    show(timedSample(2500), 't2');
    const slot = screen.getByTestId('timing-slot');
    expect(slot.textContent).toContain('Slot 2.0 s (to 0:06.000). Length 2.5 s.');
    expect(slot.textContent).toContain('Overruns its slot by 0.5 s.');
    expect(slot.dataset.overrunMs).toBe('500');
    // 2.5 s of take in a 2 s slot at rate 1.2 (the sample's t2): 1.2 × 2.5 / 2 = 1.5.
    expect(screen.getByTestId('timing-needed-rate').textContent).toBe(
      'To fit, it needs a speech rate of 1.50 (now 1.2): inside the 0.5 to 2 the app sends.',
    );
  });

  it('says a dynamic line runs into the free time after its slot, and that a fitting line fits', () => {
    show(timedSample(2500, 'dynamic'), 't2');
    expect(screen.getByTestId('timing-slot').textContent).toContain(
      'Runs 0.5 s past its slot, into the free time after it.',
    );
    cleanup();
    show(timedSample(1500), 't2');
    expect(screen.getByTestId('timing-slot').textContent).toContain('Fits, with 0.5 s to spare.');
  });
});
