import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applySegmentUpdates } from '../../../../common/generation/segment-updates.js';
import { contentHash } from '../../../../common/project/index.js';
import { contextOf, sampleProject } from '../../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { GenerationProgress } from './GenerationProgress.js';

const SERVICE = 'http://127.0.0.1:8787';

describe('GenerationProgress', () => {
  afterEach(cleanup);

  it('says how many blocks got audio and how many failed, never "Generated" for failed ones', async () => {
    const project = { ...sampleProject(), serviceUrl: SERVICE };
    const context = contextOf(project);
    const [first, second, third] = project.tracks.speech.blocks.map((block) => contentHash(block, context));
    const stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'sample.timbre', project });
    stores.generation.getState().receive([
      { contentHash: first!, state: 'pending', jobId: 'job-1' },
      { contentHash: second!, state: 'pending', jobId: 'job-1' },
      { contentHash: third!, state: 'pending', jobId: 'job-2' },
    ]);
    stores.generation.getState().joinRun(['t1', 't2', 't3'], Date.now());
    renderWithStores(<GenerationProgress />, stores);
    expect(screen.getByTestId('generation-progress').textContent).toMatch(/^Generating 0 of 3 blocks/);

    // The service refused job-1's task: its two blocks end failed, the third is still on its way.
    const refused = [first!, second!].map((hash) => ({
      contentHash: hash,
      state: 'failed' as const,
      error: { code: 'TTS_CONTENTS_INVALID', message: 'The service refused the whole task.' },
    }));
    act(() => {
      stores.generation.getState().receive(refused);
      stores.document.setState((state) => ({
        doc: state.doc && { ...state.doc, project: applySegmentUpdates(project, context, refused) },
      }));
    });
    // The views follow the document at its next idle moment.
    await waitFor(() =>
      expect(screen.getByTestId('generation-progress').textContent).toMatch(
        /^Generating 0 of 3 blocks · 2 failed/,
      ),
    );
    expect(screen.getByTestId('generation-progress').dataset.done).toBe('2');

    act(() => {
      stores.generation.getState().receive([{ ...refused[0]!, contentHash: third! }]);
      stores.document.setState((state) => ({
        doc: state.doc && {
          ...state.doc,
          project: applySegmentUpdates(project, context, [
            ...refused,
            { ...refused[0]!, contentHash: third! },
          ]),
        },
      }));
    });
    // Before: "Generated 3 of 3 blocks · 3 failed", although none was generated.
    await waitFor(() =>
      expect(screen.getByTestId('generation-progress').textContent).toBe(
        'Generated 0 of 3 blocks · 3 failed',
      ),
    );
  });

  it('counts a run of one block in the singular', async () => {
    const project = { ...sampleProject(), serviceUrl: SERVICE };
    const context = contextOf(project);
    const hash = contentHash(project.tracks.speech.blocks[0]!, context);
    const stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'sample.timbre', project });
    stores.generation.getState().receive([{ contentHash: hash, state: 'pending', jobId: 'job-1' }]);
    stores.generation.getState().joinRun(['t1'], Date.now());
    renderWithStores(<GenerationProgress />, stores);
    expect(screen.getByTestId('generation-progress').textContent).toMatch(/^Generating 0 of 1 block ·/);
    const refused = [
      {
        contentHash: hash,
        state: 'failed' as const,
        error: { code: 'TTS_CONTENTS_INVALID', message: 'The service refused the task.' },
      },
    ];
    act(() => {
      stores.generation.getState().receive(refused);
      stores.document.setState((state) => ({
        doc: state.doc && { ...state.doc, project: applySegmentUpdates(project, context, refused) },
      }));
    });
    // Issue 36: "Generated 1 of 1 blocks".
    await waitFor(() =>
      expect(screen.getByTestId('generation-progress').textContent).toBe('Generated 0 of 1 block · 1 failed'),
    );
  });
});
