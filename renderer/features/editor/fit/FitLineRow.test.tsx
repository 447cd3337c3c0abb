import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project, TextBlock } from '../../../../common/project/index.js';
import { createProject, createTextBlock } from '../../../../common/project/index.js';
import type { SpeechTiming } from '../../../../common/project/timing-schema.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { FitCheckButton } from './FitCheckButton.js';

const THIRTY = 'abcdefghij abcdefghij abcdefg.';

function line(id: string, timing: Partial<SpeechTiming> & { startMs: number }): TextBlock {
  return { ...createTextBlock({ id, text: THIRTY }), timing: { lane: 0, fit: 'fixed', ...timing } };
}

function open(blocks: TextBlock[]) {
  const base = createProject({ title: 'Dub', defaults: { voiceId: 'v1', language: 'en' } });
  const project: Project = { ...base, tracks: { ...base.tracks, speech: { blocks } } };
  const stores = storesFor(new FakeBridge({}));
  stores.document.getState().open({ fileName: 'dub.timbre', project });
  renderWithStores(<FitCheckButton />, stores);
  return stores;
}

const pressed = (row: HTMLElement): string[] =>
  within(row)
    .queryAllByRole('button', { pressed: true })
    .map((button) => button.dataset['testid'] ?? '');

describe('a fit check line', () => {
  afterEach(cleanup);

  it('shows the remedy chosen for it as pressed, and follows an undo', async () => {
    // A 1.8 s slot with ten free seconds after it: every remedy could cover the overrun.
    const stores = open([
      line('short', { startMs: 0, cueEndMs: 1_800 }),
      line('later', { startMs: 12_000, cueEndMs: 14_000 }),
    ]);
    fireEvent.click(await screen.findByTestId('fit-check-open'));
    await screen.findAllByTestId('fit-line');
    const row = (): HTMLElement => screen.getAllByTestId('fit-line')[0]!;
    expect(pressed(row())).toEqual([]);

    fireEvent.click(within(row()).getByTestId('fit-remedy-run-on'));
    // The check follows the project at idle moments (project-follower.ts).
    await waitFor(() => expect(pressed(row())).toEqual(['fit-remedy-run-on']));
    const runOn = within(row()).getByTestId<HTMLButtonElement>('fit-remedy-run-on');
    expect(runOn.getAttribute('aria-pressed')).toBe('true');
    expect(runOn.textContent).toBe('✓ Run on');
    expect(runOn.title).toBe('Chosen for this line (Undo takes it back)');
    expect(within(row()).getByTestId('fit-remedy-stretch').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(within(row()).getByTestId('fit-remedy-rewrite'));
    await waitFor(() => expect(pressed(row())).toEqual(['fit-remedy-run-on', 'fit-remedy-rewrite']));

    act(() => stores.document.getState().undo());
    await waitFor(() => expect(pressed(row())).toEqual(['fit-remedy-run-on']));
  });

  it('keeps each figure whole on one line (its unit never wraps away from its number)', async () => {
    open([line('short', { startMs: 0, cueEndMs: 1_800 })]);
    fireEvent.click(await screen.findByTestId('fit-check-open'));
    const row = within((await screen.findAllByTestId('fit-line'))[0]!);
    for (const testId of ['fit-line-slot', 'fit-line-overrun']) {
      expect(row.getByTestId(testId).classList.contains('fit-number')).toBe(true);
    }
    expect(row.getByTestId('fit-line-rate').querySelector('.fit-number')?.textContent).toMatch(/^\d\.\d\d$/u);
  });
});
