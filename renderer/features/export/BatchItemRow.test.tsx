import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BatchItemView } from '../../../common/batch/batch-types.js';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { BatchItemRow } from './BatchItemRow.js';

const running: BatchItemView = {
  id: 'a',
  source: { kind: 'path', path: '/p/book.timbre' },
  label: 'Book',
  destination: '/out',
  nameTemplate: '{title}',
  index: 1,
  count: 1,
  settings: defaultProjectExportSettings,
  generateMissing: true,
  overwrite: false,
  status: 'running',
  attempts: 1,
  addedAt: '2026-01-01T00:00:00.000Z',
  warnings: [],
};

describe('BatchItemRow', () => {
  afterEach(cleanup);

  it('says it is generating audio, with blocks generated of the total and the time left', () => {
    renderWithStores(
      <BatchItemRow
        item={{
          ...running,
          progress: {
            id: 'a',
            phase: 'generating',
            fraction: 0.26,
            generation: { doneBlocks: 30, totalBlocks: 60, secondsLeft: 42 },
          },
        }}
      />,
      storesFor(new FakeBridge({})),
    );
    // Issue 36: the badge said "Exporting" beside "Generating audio · 0 of 3 blocks".
    expect(screen.getByTestId('batch-item-status').textContent).toBe('Generating audio');
    expect(screen.getByTestId('batch-item-progress').textContent).toBe('30 of 60 blocks · about 42 s left');
  });

  it('says it is exporting, with a percentage', () => {
    renderWithStores(
      <BatchItemRow item={{ ...running, progress: { id: 'a', phase: 'exporting', fraction: 0.755 } }} />,
      storesFor(new FakeBridge({})),
    );
    expect(screen.getByTestId('batch-item-status').textContent).toBe('Exporting');
    expect(screen.getByTestId('batch-item-progress').textContent).toBe('76 %');
  });
});
