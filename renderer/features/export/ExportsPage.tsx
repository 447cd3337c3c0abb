import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/EmptyState.js';
import { selectQueueView } from '../../stores/export-jobs-store.js';
import './export.css';
import { AddToBatchPanel } from './AddToBatchPanel.js';
import { BatchItemRow } from './BatchItemRow.js';
import { overallLine } from './overall-line.js';
import './batch.css';
import type { AppStores } from '../../stores/app-stores.js';
import { useAppStores, useExportJobsStore } from '../../stores/stores-context.js';

async function call(stores: AppStores, method: 'batch.resume' | 'batch.clearFinished'): Promise<void> {
  try {
    stores.exportJobs.getState().setQueue(await stores.client.invoke(method));
  } catch (error) {
    stores.notices.getState().showError(error);
  }
}

async function pause(stores: AppStores, cancelCurrent: boolean): Promise<void> {
  try {
    stores.exportJobs.getState().setQueue(await stores.client.invoke('batch.pause', { cancelCurrent }));
  } catch (error) {
    stores.notices.getState().showError(error);
  }
}

/**
 * The batch export queue: many projects exported one after another with the same settings, missing audio generated
 * first when asked. It keeps running while the user works elsewhere, and survives a restart of the app.
 */
export function ExportsPage() {
  const stores = useAppStores();
  const view = useExportJobsStore(selectQueueView);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    stores.client
      .invoke('batch.get')
      .then((current) => stores.exportJobs.getState().setQueue(current))
      .catch((error: unknown) => stores.notices.getState().showError(error));
  }, [stores]);

  const items = view?.items ?? [];
  if (items.length === 0 && !adding) {
    return (
      <EmptyState title="Exports" testId="exports-empty">
        <p>
          Export many projects at once: pick them, choose the format and a folder, and the queue does the
          rest.
        </p>
        <p>
          <button type="button" className="primary" data-testid="batch-add" onClick={() => setAdding(true)}>
            Add projects…
          </button>
        </p>
      </EmptyState>
    );
  }
  const overall = view?.overall;
  const state = view?.state ?? 'idle';
  return (
    <div className="exports-page" data-testid="exports-page">
      <header className="page-header">
        <h1>Exports</h1>
        <button type="button" className="primary" data-testid="batch-add" onClick={() => setAdding(true)}>
          Add projects…
        </button>
        {state === 'running' ? (
          <>
            <button type="button" data-testid="batch-pause" onClick={() => void pause(stores, false)}>
              Pause after this project
            </button>
            <button type="button" data-testid="batch-pause-now" onClick={() => void pause(stores, true)}>
              Pause now
            </button>
          </>
        ) : null}
        {state === 'paused' || state === 'pausing' ? (
          <button type="button" data-testid="batch-resume" onClick={() => void call(stores, 'batch.resume')}>
            Resume
          </button>
        ) : null}
        <button
          type="button"
          data-testid="batch-clear"
          onClick={() => void call(stores, 'batch.clearFinished')}
        >
          Clear finished
        </button>
      </header>
      {adding ? <AddToBatchPanel onDone={() => setAdding(false)} /> : null}
      {overall && overall.total > 0 ? (
        <div className="batch-overall" data-testid="batch-overall" data-state={state}>
          <progress value={overall.fraction} max={1} aria-label="Overall progress" />
          <span className="hint" data-testid="batch-overall-text">
            {overallLine(overall, state)}
          </span>
        </div>
      ) : null}
      <ol className="batch-items">
        {items.map((item) => (
          <BatchItemRow key={item.id} item={item} />
        ))}
      </ol>
    </div>
  );
}
