import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project, TextBlock } from '../../../../common/project/index.js';
import { createProject, createTextBlock } from '../../../../common/project/index.js';
import { estimateSpeechMs } from '../../../../common/project/duration-estimate.js';
import type { SpeechTiming } from '../../../../common/project/timing-schema.js';
import { contextOf, speechMeasures, withOneTake } from '../../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { FitCheckButton } from './FitCheckButton.js';

const THIRTY = 'abcdefghij abcdefghij abcdefg.';
const THIRTY_MS = estimateSpeechMs(THIRTY);

function line(id: string, timing: Partial<SpeechTiming> & { startMs: number }, locked = false): TextBlock {
  return {
    ...createTextBlock({ id, text: THIRTY }),
    locked,
    timing: { lane: 0, fit: 'fixed', ...timing },
  };
}

function projectOf(blocks: TextBlock[]): Project {
  const base = createProject({ title: 'Dub', defaults: { voiceId: 'v1', language: 'en' } });
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

function open(blocks: TextBlock[], project: Project = projectOf(blocks)) {
  const stores = storesFor(new FakeBridge({}));
  stores.document.getState().open({ fileName: 'dub.timbre', project });
  renderWithStores(<FitCheckButton />, stores);
  return stores;
}

function textBlock(stores: ReturnType<typeof open>, id: string): TextBlock {
  return stores.document
    .getState()
    .doc!.project.tracks.speech.blocks.find((block) => block.id === id) as TextBlock;
}

describe('Fit check', () => {
  afterEach(cleanup);

  it('is not offered for a project without timed lines', () => {
    open([createTextBlock({ text: THIRTY })]);
    expect(screen.queryByTestId('fit-check-open')).toBeNull();
  });

  it('lists the lines that overrun with the overrun, the rate needed and whether it can be sent', async () => {
    open([
      line('fits', { startMs: 0, cueEndMs: THIRTY_MS + 100 }),
      line('faster', { startMs: 10_000, cueEndMs: 11_800 }),
      line('far', { startMs: 20_000, cueEndMs: 20_500 }),
      // Right after 'far': no free time for it to run on into, so only a rewrite is left.
      line('next', { startMs: 20_500, cueEndMs: 20_500 + THIRTY_MS + 100 }),
    ]);
    const button = await screen.findByTestId('fit-check-open');
    await screen.findByText(/Fit check \(2 overruns\)/);
    fireEvent.click(button);
    const rows = await screen.findAllByTestId('fit-line');
    expect(rows.map((row) => row.dataset['blockId'])).toEqual(['faster', 'far']);
    const faster = within(rows[0]!);
    expect(faster.getByTestId('fit-line-overrun').textContent).toBe(
      `+${((THIRTY_MS - 1_800) / 1000).toFixed(1)} s`,
    );
    expect(faster.getByTestId('fit-line-rate').textContent).toContain('1.12 (can be sent)');
    expect(faster.getByTestId('fit-line-suggestion').textContent).toBe('Speak it faster');
    const far = within(rows[1]!);
    expect(far.getByTestId('fit-line-rate').textContent).toContain('(outside 0.5–2)');
    expect(far.getByTestId('fit-line-suggestion').textContent).toBe('Rewrite it shorter');
    expect((far.getByTestId('fit-remedy-rate') as HTMLButtonElement).disabled).toBe(true);
  });

  it('does not offer a stretch or running on that cannot cover the overrun, and says why', async () => {
    open([
      line('boxed', { startMs: 0, cueEndMs: 500 }),
      line('next', { startMs: 1_000, cueEndMs: 1_000 + THIRTY_MS + 100 }),
    ]);
    fireEvent.click(await screen.findByTestId('fit-check-open'));
    const [row] = await screen.findAllByTestId('fit-line');
    expect(row!.dataset['blockId']).toBe('boxed');
    const stretch = within(row!).getByTestId('fit-remedy-stretch') as HTMLButtonElement;
    expect(stretch.disabled).toBe(true);
    expect(stretch.title).toBe('A stretch of at most 15 % cannot fit it in its 0.5 s slot.');
    const runOn = within(row!).getByTestId('fit-remedy-run-on') as HTMLButtonElement;
    expect(runOn.disabled).toBe(true);
    expect(runOn.title).toBe('Only 0.5 s is free after its slot, before the next line in its lane.');
  });

  it('applies one remedy as an undoable edit, and every suggestion at once leaving locked lines alone', async () => {
    const stores = open([
      line('faster', { startMs: 10_000, cueEndMs: 11_800 }),
      line('far', { startMs: 20_000, cueEndMs: 20_500 }),
      line('locked', { startMs: 30_000, cueEndMs: 30_500 }, true),
    ]);
    fireEvent.click(await screen.findByTestId('fit-check-open'));
    const rows = await screen.findAllByTestId('fit-line');
    fireEvent.click(within(rows[1]!).getByTestId('fit-remedy-run-on'));
    expect(textBlock(stores, 'far').timing?.fit).toBe('dynamic');
    stores.document.getState().undo();
    expect(textBlock(stores, 'far').timing?.fit).toBe('fixed');

    fireEvent.click(await screen.findByTestId('fit-check-apply-all'));
    expect(textBlock(stores, 'faster').speechRate).toBe(1.12);
    // Fixed by the import's default, far past a natural rate, 9.5 s free after it: it runs on, no rewrite asked.
    expect(textBlock(stores, 'far').timing).toMatchObject({ fit: 'dynamic' });
    expect(textBlock(stores, 'far').timing?.rewrite).toBeUndefined();
    expect(textBlock(stores, 'locked').timing).toMatchObject({ fit: 'fixed' });
    expect(textBlock(stores, 'locked').timing?.rewrite).toBeUndefined();
    expect(stores.notices.getState().toasts.map((toast) => toast.title)).toContain(
      '1 locked line left as it is',
    );
  });

  it('asks before a new rate makes a generated line stale, and changes nothing on Cancel', async () => {
    const draft = projectOf([line('taken', { startMs: 0, cueEndMs: 1_000 })]);
    // A 1.2 s take in a 1 s slot: past a stretch, a faster take at 1.2 is suggested.
    const taken = withOneTake(
      draft.tracks.speech.blocks[0] as TextBlock,
      contextOf(draft),
      1_200,
      speechMeasures(100),
    );
    const stores = open([], projectOf([taken]));
    fireEvent.click(await screen.findByTestId('fit-check-open'));
    const [row] = await screen.findAllByTestId('fit-line');
    expect(row!.dataset['suggestion']).toBe('rate');
    fireEvent.click(within(row!).getByTestId('fit-remedy-rate'));
    expect(screen.getByTestId('stale-confirm').textContent).toContain(
      '1 generated block would need generating again',
    );
    expect(textBlock(stores, 'taken').speechRate).toBeUndefined();
    fireEvent.click(screen.getByTestId('stale-confirm-cancel'));
    expect(textBlock(stores, 'taken').speechRate).toBeUndefined();
    fireEvent.click(within(row!).getByTestId('fit-remedy-rate'));
    fireEvent.click(screen.getByTestId('stale-confirm-apply'));
    expect(textBlock(stores, 'taken').speechRate).toBe(1.2);
  });
});
