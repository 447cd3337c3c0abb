import { describe, expect, it } from 'vitest';
import type { BatchView } from '../../common/batch/batch-types.js';
import { createExportJobsStore, selectQueueView } from './export-jobs-store.js';

describe('the export jobs store', () => {
  it('holds the dialog’s exports and the queue’s in one state, each fed by its own events', () => {
    const store = createExportJobsStore();
    store.getState().started('e1', 'p1');
    store.getState().progress({ exportId: 'e1', projectId: 'p1', phase: 'render', fraction: 0.5 });
    store
      .getState()
      .finish({ exportId: 'e1', projectId: 'p1', ok: false, cancelled: true, message: 'Cancelled' });
    // A late progress event never turns a finished export back into a running one.
    store.getState().progress({ exportId: 'e1', projectId: 'p1', phase: 'render', fraction: 0.9 });
    expect(store.getState().runs.e1).toMatchObject({ state: 'finished', cancelled: true });

    const overall = { total: 1, done: 0, failed: 0, cancelled: 0, queued: 0, running: 1, fraction: 0 };
    store.getState().queueProgress({ id: 'i1', phase: 'exporting', fraction: 0.5 }, overall);
    expect(selectQueueView(store.getState())).toBeNull();
    const view = { state: 'running', items: [{ id: 'i1' }], overall } as unknown as BatchView;
    store.getState().setQueue(view);
    store
      .getState()
      .queueProgress({ id: 'i1', phase: 'exporting', fraction: 0.5 }, { ...overall, fraction: 0.5 });
    expect(selectQueueView(store.getState())).toMatchObject({
      overall: { fraction: 0.5 },
      items: [{ id: 'i1', progress: { phase: 'exporting', fraction: 0.5 } }],
    });
    expect(store.getState().runs.e1).toMatchObject({ state: 'finished' });
  });
});
