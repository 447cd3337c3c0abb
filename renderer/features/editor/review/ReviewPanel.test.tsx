import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultsOnlyContext } from '../../../../common/project/send-context.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../../common/audio/take-checks.js';
import type { Project, TextBlock } from '../../../../common/project/index.js';
import { createProject, createTextBlock, pinTake } from '../../../../common/project/index.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { signedInSettings, settingsView } from '../../../test-support/settings-view.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { ReviewPanel } from './ReviewPanel.js';
import { speechMeasures, withOneTake } from '../../../../common/project/test-support.js';

function measured(block: TextBlock, defaults: Project['defaults'], trailingSilenceMs: number): TextBlock {
  return withOneTake(block, defaultsOnlyContext(defaults), 3_000, speechMeasures(trailingSilenceMs));
}

describe('ReviewPanel', () => {
  afterEach(cleanup);

  it('lists the flagged blocks, selects them, and is absent when nothing is flagged', async () => {
    const base = createProject({ title: 'Review', defaults: { voiceId: 'v1', language: 'en' } });
    const blocks = [
      measured(createTextBlock({ text: 'Fine.' }), base.defaults, 150),
      measured(createTextBlock({ text: 'Trails off.' }), base.defaults, 2_500),
    ];
    const project = { ...base, tracks: { ...base.tracks, speech: { blocks } } };
    const stores = storesFor(new FakeBridge({}));
    stores.settings.getState().setView(settingsView());
    stores.document.getState().open({ fileName: 'review.timbre', project });
    renderWithStores(<ReviewPanel />, stores);

    // The checks follow once the blocks are hashed (in slices, after the first paint).
    expect((await screen.findByTestId('review-panel')).textContent).toContain('1 block needs review');
    fireEvent.click(screen.getByTestId('review-toggle'));
    expect(screen.getAllByTestId('review-item').map((item) => item.textContent)).toEqual(['Trails off.']);
    expect(stores.document.getState().selection.ids).toEqual([blocks[1]?.id]);
    expect(screen.getByTestId('review-list').textContent).toContain(
      '2.5 s of silence after the speech ends.',
    );
    cleanup();

    stores.settings
      .getState()
      .setView(settingsView({ checks: { ...DEFAULT_CHECK_THRESHOLDS, edgeSilenceMs: 5_000 } }));
    renderWithStores(<ReviewPanel />, stores);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('review-panel')).toBeNull();
  });

  it('takes again only the flags still open, priced at what is sent, and keeps “Sounds fine” with the take', async () => {
    const url = 'http://127.0.0.1:8787';
    const base = createProject({
      title: 'Review',
      defaults: { voiceId: '7b1e0c52-4f3a-4d8e-9b61-2a5c8f0d3e11', language: 'en' },
    });
    const blocks = [
      measured(createTextBlock({ text: 'Trails off.' }), base.defaults, 2_500),
      measured(createTextBlock({ text: 'Pinned and trails off.' }), base.defaults, 2_500),
      measured(createTextBlock({ text: 'Also trails off.' }), base.defaults, 2_500),
    ];
    const pinnedKey = blocks[1]!.takes![0]!.cacheKey;
    const project = pinTake(
      { ...base, serviceUrl: url, tracks: { ...base.tracks, speech: { blocks } } },
      blocks[1]!.id,
      pinnedKey,
    );
    const bridge = new FakeBridge({
      'generation.start': () => ({
        ok: true,
        result: { serviceUrl: url, jobIds: ['j1'], sentBlocks: 1, reusedBlocks: 0, characters: 11 },
      }),
    });
    const stores = storesFor(bridge);
    stores.settings.getState().setView(signedInSettings(url));
    stores.document.getState().open({ fileName: 'review.timbre', project });
    renderWithStores(<ReviewPanel />, stores);

    // The pinned take is the user's choice: not listed, not paid for again.
    expect((await screen.findByTestId('review-panel')).textContent).toContain('2 blocks need review');
    const retake = screen.getByTestId('review-retake');
    // “Trails off.” and “Also trails off.”: 11 + 16 characters.
    expect(retake.textContent).toBe('Take them again (≈ 27 credits)');

    fireEvent.click(screen.getByTestId('review-toggle'));
    fireEvent.click(screen.getAllByTestId('review-sounds-fine')[1]!);
    const accepted = stores.document.getState().doc?.project.tracks.speech.blocks[2];
    expect(accepted?.takes?.[0]?.acceptedFlags).toEqual(['trailing-silence']);
    // The review follows the edited project at the next idle moment.
    await waitFor(
      () => expect(screen.getByTestId('review-panel').textContent).toContain('1 block needs review'),
      {
        timeout: 3_000,
      },
    );
    expect(screen.getByTestId('review-retake').textContent).toBe('Take them again (≈ 11 credits)');

    fireEvent.click(screen.getByTestId('review-retake'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const started = bridge.calls.filter((call) => call.method === 'generation.start');
    expect(started.map((call) => (call.input as { blockIds: string[] }).blockIds)).toEqual([[blocks[0]!.id]]);
  });
});
