import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project, TextBlock } from '../../../../common/project/index.js';
import { createProject, createTextBlock } from '../../../../common/project/index.js';
import { contextOf, speechMeasures, withOneTake } from '../../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { signedInSettings } from '../../../test-support/settings-view.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { ReviewPanel } from './ReviewPanel.js';

const URL = 'http://127.0.0.1:8787';

/** One fixed timed line with a 2 s slot and a take of `takeMs`. */
function dub(takeMs: number): Project {
  const base = createProject({
    title: 'Dub',
    serviceUrl: URL,
    defaults: { voiceId: '7b1e0c52-4f3a-4d8e-9b61-2a5c8f0d3e11', language: 'en' },
  });
  const line: TextBlock = {
    ...createTextBlock({ id: 'line', text: 'A line generated for its cue.' }),
    timing: { startMs: 1_000, cueEndMs: 3_000, lane: 0, fit: 'fixed' },
  };
  const project = { ...base, tracks: { ...base.tracks, speech: { blocks: [line] } } };
  const taken = withOneTake(line, contextOf(project), takeMs, speechMeasures(100));
  return { ...project, tracks: { ...project.tracks, speech: { blocks: [taken] } } };
}

function open(project: Project, bridge = new FakeBridge({})) {
  const stores = storesFor(bridge);
  stores.settings.getState().setView(signedInSettings(URL));
  stores.document.getState().open({ fileName: 'dub.timbre', project });
  renderWithStores(<ReviewPanel />, stores);
  return stores;
}

function speechBlock(stores: ReturnType<typeof open>): TextBlock {
  return stores.document.getState().doc!.project.tracks.speech.blocks[0] as TextBlock;
}

describe('Review of a timed line that overruns its slot', () => {
  afterEach(cleanup);

  it('flags it with its overrun, offers a stretch that sends nothing, and no paid retake at the same rate', async () => {
    const bridge = new FakeBridge({});
    const stores = open(dub(2_200), bridge);
    expect((await screen.findByTestId('review-panel')).textContent).toContain('1 block needs review');
    expect((screen.getByTestId('review-retake') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('review-toggle'));
    expect(screen.getByTestId('review-list').textContent).toContain('Runs 0.20 s past its 2.0 s slot');
    fireEvent.click(screen.getByTestId('review-overrun-stretch'));
    expect(speechBlock(stores).timing?.allowStretch).toBe(true);
    expect(bridge.calls.filter((call) => call.method === 'generation.start')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByTestId('review-panel')).toBeNull(), { timeout: 3_000 });
  });

  it('sends a faster take at the rate that fits only on the click, for that line alone', async () => {
    const bridge = new FakeBridge({
      'generation.start': () => ({
        ok: true,
        result: { serviceUrl: URL, jobIds: ['j1'], sentBlocks: 1, reusedBlocks: 0, characters: 29 },
      }),
    });
    const stores = open(dub(2_600), bridge);
    fireEvent.click(await screen.findByTestId('review-toggle'));
    expect(screen.queryByTestId('review-overrun-stretch')).toBeNull();
    const faster = screen.getByTestId('review-overrun-faster');
    expect(faster.textContent).toBe('Faster take at 1.30');
    expect(bridge.calls.filter((call) => call.method === 'generation.start')).toHaveLength(0);
    fireEvent.click(faster);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(speechBlock(stores).speechRate).toBe(1.3);
    const started = bridge.calls.filter((call) => call.method === 'generation.start');
    expect(started.map((call) => (call.input as { blockIds: string[] }).blockIds)).toEqual([['line']]);
  });
});
