import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { GenerationConfirm } from './GenerationConfirm.js';
import { startGeneration } from './start-generation.js';

const SERVICE = 'http://127.0.0.1:8787';

/** The sample project with the given speech blocks timed and marked to rewrite shorter. */
function markedToRewrite(ids: readonly string[]): Project {
  const base = { ...sampleProject(), serviceUrl: SERVICE };
  const blocks = base.tracks.speech.blocks.map((block, index) =>
    ids.includes(block.id) && block.type === 'text'
      ? {
          ...block,
          timing: {
            startMs: index * 60_000,
            cueEndMs: index * 60_000 + 300,
            lane: 0,
            fit: 'fixed' as const,
            rewrite: true,
          },
        }
      : block,
  );
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

function setUp(project: Project) {
  const bridge = new FakeBridge({
    'generation.start': () => ({
      ok: true,
      result: { serviceUrl: SERVICE, jobIds: ['job-1'], sentBlocks: 3, reusedBlocks: 0, characters: 30 },
    }),
  });
  const stores = storesFor(bridge);
  stores.document.getState().open({ fileName: 'sample.timbre', project });
  const starts = () => bridge.calls.filter((call) => call.method === 'generation.start');
  return { stores, starts };
}

describe('Generate with lines marked to rewrite shorter', () => {
  afterEach(cleanup);

  it('asks first, counting only what is sent and its credits, and says the marked lines are not sent', async () => {
    const { stores, starts } = setUp(markedToRewrite(['t1', 't2']));
    await startGeneration(stores, SERVICE, { newTake: false });
    expect(starts()).toHaveLength(0);
    const pending = stores.editorUi.getState().pendingGeneration;
    // t3, the effect and the music are sent; the two marked lines are neither counted nor charged.
    expect(pending).toMatchObject({ blocks: 3, rewriteHeld: 2, overrunLines: 0 });
    renderWithStores(<GenerationConfirm />, stores);
    expect(screen.getByTestId('generation-confirm').getAttribute('aria-label')).toBe('Generate 3 blocks');
    expect(screen.getByTestId('generation-confirm-rewrite').textContent).toBe(
      '2 lines marked to rewrite shorter are not sent: rewrite them, or clear the mark.',
    );
    fireEvent.click(screen.getByTestId('generation-confirm-send'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(starts()).toHaveLength(1);
    const started = stores.notices.getState().toasts.find((toast) => toast.title === 'Generating');
    expect(started?.body).toContain(
      '; 2 lines marked to rewrite shorter are not sent: rewrite them, or clear the mark',
    );
  });

  it('sends nothing when every line asked for is marked, and says which to rewrite', async () => {
    const { stores, starts } = setUp(markedToRewrite(['t1']));
    await startGeneration(stores, SERVICE, { newTake: false, blockIds: ['t1'] });
    expect(starts()).toHaveLength(0);
    expect(stores.editorUi.getState().pendingGeneration).toBeNull();
    const toast = stores.notices.getState().toasts.find((shown) => shown.title === 'Nothing was sent');
    expect(toast?.body).toBe('1 line marked to rewrite shorter is not sent: rewrite it, or clear the mark.');
  });
});
