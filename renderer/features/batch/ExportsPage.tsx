import { useEffect, useState } from 'react';
import { timbre } from '../../bridge/timbre-client.js';
import { EmptyState } from '../../components/EmptyState.js';
import { selectBatchView, useBatchStore } from '../../stores/batch-store.js';
import { useNoticeStore } from '../../stores/notice-store.js';
import '../output/output.css';
import { AddToBatchPanel } from './AddToBatchPanel.js';
import { BatchItemRow } from './BatchItemRow.js';
import './batch.css';

async function call(method: 'batch.resume' | 'batch.clearFinished'): Promise<void> {
  try {
    useBatchStore.getState().setView(await timbre().invoke(method));
  } catch (error) {
    useNoticeStore.getState().showError(error);
  }
}

async function pause(cancelCurrent: boolean): Promise<void> {
  try {
    useBatchStore.getState().setView(await timbre().invoke('batch.pause', { cancelCurrent }));
  } catch (error) {
    useNoticeStore.getState().showError(error);
  }
}

/**
 * The batch export queue: many projects exported one after another with the same settings, missing audio generated
 * first when asked. It keeps running while the user works elsewhere, and survives a restart of the app.
 */
export function ExportsPage() {
  const view = useBatchStore(selectBatchView);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    timbre()
      .invoke('batch.get')
      .then((current) => useBatchStore.getState().setView(current))
      .catch((error: unknown) => useNoticeStore.getState().showError(error));
  }, []);

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
            <button type="button" data-testid="batch-pause" onClick={() => void pause(false)}>
              Pause after this project
            </button>
            <button type="button" data-testid="batch-pause-now" onClick={() => void pause(true)}>
              Pause now
            </button>
          </>
        ) : null}
        {state === 'paused' || state === 'pausing' ? (
          <button type="button" data-testid="batch-resume" onClick={() => void call('batch.resume')}>
            Resume
          </button>
        ) : null}
        <button type="button" data-testid="batch-clear" onClick={() => void call('batch.clearFinished')}>
          Clear finished
        </button>
      </header>
      {adding ? <AddToBatchPanel onDone={() => setAdding(false)} /> : null}
      {overall && overall.total > 0 ? (
        <div className="batch-overall" data-testid="batch-overall" data-state={state}>
          <progress value={overall.fraction} max={1} aria-label="Overall progress" />
          <span className="hint" data-testid="batch-overall-text">
            {overall.done} done, {overall.failed} failed, {overall.cancelled} cancelled,{' '}
            {overall.queued + overall.running} to go
            {state === 'paused' ? ' (paused)' : state === 'pausing' ? ' (pausing after this project)' : ''}
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
