import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project, TextBlock } from '../../../common/project/index.js';
import { contextOf, sampleProject, withOneTake } from '../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { GenerationConfirm } from './GenerationConfirm.js';
import { startGeneration } from './start-generation.js';

const SERVICE = 'http://127.0.0.1:8787';

/** The sample project with "Hello there." timed in a slot of `slotMs`. */
function timedSample(slotMs: number): Project {
  const base = { ...sampleProject(), serviceUrl: SERVICE };
  const blocks = base.tracks.speech.blocks.map((block) =>
    block.id === 't1' && block.type === 'text'
      ? { ...block, timing: { startMs: 0, cueEndMs: slotMs, lane: 0, fit: 'fixed' as const } }
      : block,
  );
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

function setUp(project: Project) {
  const bridge = new FakeBridge({
    'generation.start': () => ({
      ok: true,
      result: { serviceUrl: SERVICE, jobIds: ['job-1'], sentBlocks: 3, reusedBlocks: 0, characters: 46 },
    }),
  });
  const stores = storesFor(bridge);
  stores.document.getState().open({ fileName: 'sample.timbre', project });
  const sent = () => bridge.calls.filter((call) => call.method === 'generation.start').length;
  return { stores, sent };
}

describe('Generate with timed lines that will overrun', () => {
  afterEach(cleanup);

  it('asks first, however few credits, naming the overruns, and opens the fit check without sending', async () => {
    const { stores, sent } = setUp(timedSample(300));
    await startGeneration(stores, SERVICE, { newTake: false });
    expect(sent()).toBe(0);
    expect(stores.editorUi.getState().pendingGeneration?.overrunLines).toBe(1);
    renderWithStores(<GenerationConfirm />, stores);
    expect(screen.getByTestId('generation-confirm-overrun').textContent).toContain(
      '1 timed line will run past its slot',
    );
    expect(screen.getByTestId('generation-confirm').textContent).not.toContain('You asked to confirm above');
    fireEvent.click(screen.getByTestId('generation-confirm-fit-check'));
    expect(stores.editorUi.getState().fitCheckOpen).toBe(true);
    expect(stores.editorUi.getState().pendingGeneration).toBeNull();
    expect(sent()).toBe(0);
  });

  it('sends when the user says so, and at once when every timed line fits', async () => {
    const { stores, sent } = setUp(timedSample(300));
    await startGeneration(stores, SERVICE, { newTake: false });
    renderWithStores(<GenerationConfirm />, stores);
    fireEvent.click(screen.getByTestId('generation-confirm-send'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent()).toBe(1);

    const fitting = setUp(timedSample(10_000));
    await startGeneration(fitting.stores, SERVICE, { newTake: false });
    expect(fitting.stores.editorUi.getState().pendingGeneration).toBeNull();
    expect(fitting.sent()).toBe(1);
  });

  it('does not ask again for a faster take set to the rate its own take needs to fit', async () => {
    // "Hello there." is 0.73 s at rate 1.1 by the generic estimate; this voice said it in 0.66 s at rate 1, 10 % past
    // its 0.6 s slot, and "Faster take at 1.1" sets the rate that fits that take exactly.
    const timed = timedSample(600);
    const blocks = timed.tracks.speech.blocks.map((block) =>
      block.id === 't1'
        ? { ...withOneTake(block as TextBlock, contextOf(timed), 660), speechRate: 1.1 }
        : block,
    );
    const { stores, sent } = setUp({ ...timed, tracks: { ...timed.tracks, speech: { blocks } } });
    await startGeneration(stores, SERVICE, { newTake: false });
    expect(stores.editorUi.getState().pendingGeneration?.overrunLines ?? 0).toBe(0);
    renderWithStores(<GenerationConfirm />, stores);
    expect(screen.queryByTestId('generation-confirm-overrun')).toBeNull();
    expect(sent()).toBe(1);
  });
});
