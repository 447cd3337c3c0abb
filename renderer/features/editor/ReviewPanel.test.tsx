import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { defaultsOnlyContext } from '../../../common/project/send-context.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import type { Project, TextBlock } from '../../../common/project/index.js';
import { contentHash, createProject, createTextBlock, madeFrom } from '../../../common/project/index.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ReviewPanel } from './ReviewPanel.js';

function measured(block: TextBlock, defaults: Project['defaults'], trailingSilenceMs: number): TextBlock {
  const hash = contentHash(block, defaultsOnlyContext(defaults));
  const take = {
    cacheKey: hash,
    contentHash: hash,
    durationMs: 3_000,
    generatedAt: '2026-01-01T00:00:00.000Z',
    made: madeFrom(block, defaultsOnlyContext(defaults)),
    measures: {
      rmsDb: -20,
      clippedSamples: 0,
      leadingSilenceMs: 40,
      trailingSilenceMs,
      longestPauseMs: 300,
      longestPauseAtMs: 800,
    },
  };
  return { ...block, takes: [take] };
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
    stores.settings.getState().setView({
      theme: 'system',
      checks: DEFAULT_CHECK_THRESHOLDS,
      services: [],
      activeServiceUrl: null,
    });
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

    stores.settings.getState().setView({
      theme: 'system',
      checks: { ...DEFAULT_CHECK_THRESHOLDS, edgeSilenceMs: 5_000 },
      services: [],
      activeServiceUrl: null,
    });
    renderWithStores(<ReviewPanel />, stores);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('review-panel')).toBeNull();
  });
});
