import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  BatchItemView,
  BatchOverall,
  BatchQueueState,
  BatchView,
} from '../../../common/batch/batch-types.js';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ExportsPage } from './ExportsPage.js';

function item(id: string, status: BatchItemView['status']): BatchItemView {
  return {
    id,
    source: { kind: 'path', path: `/p/${id}.timbre` },
    label: id,
    destination: '/out',
    nameTemplate: '{title}',
    index: 1,
    count: 1,
    settings: defaultProjectExportSettings,
    generateMissing: true,
    overwrite: false,
    status,
    attempts: status === 'queued' ? 0 : 1,
    addedAt: '2026-01-01T00:00:00.000Z',
    warnings: [],
  };
}

function overallOf(items: BatchItemView[]): BatchOverall {
  const count = (status: BatchItemView['status']): number => items.filter((i) => i.status === status).length;
  return {
    total: items.length,
    queued: count('queued'),
    running: count('running'),
    done: count('done'),
    failed: count('failed'),
    cancelled: count('cancelled'),
    fraction: 0.5,
  };
}

async function overallText(state: BatchQueueState, statuses: BatchItemView['status'][]): Promise<string> {
  const items = statuses.map((status, index) => item(`p${index}`, status));
  const view: BatchView = { state, items, overall: overallOf(items) };
  renderWithStores(
    <ExportsPage />,
    storesFor(new FakeBridge({ 'batch.get': () => ({ ok: true, result: view }) })),
  );
  return (await screen.findByTestId('batch-overall-text')).textContent ?? '';
}

describe('ExportsPage overall line', () => {
  afterEach(cleanup);

  it('says a project is running and how many are left, not "0 done, 0 failed, 0 cancelled, 2 to go"', async () => {
    expect(await overallText('running', ['running', 'queued'])).toBe('1 running, 1 to go');
  });

  it('ends with only what happened: "2 done"', async () => {
    expect(await overallText('idle', ['done', 'done'])).toBe('2 done');
  });

  it('names failures and cancellations when there are any, and a pause', async () => {
    expect(await overallText('paused', ['done', 'failed', 'cancelled', 'queued'])).toBe(
      '1 done, 1 failed, 1 cancelled, 1 to go (paused)',
    );
  });
});
