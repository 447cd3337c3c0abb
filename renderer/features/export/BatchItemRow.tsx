import type { BatchItemView, BatchPhase } from '../../../common/batch/batch-types.js';
import { describeGenerationCount } from '../../../common/generation/service-speed.js';
import { CopyableValue } from '../../components/CopyableValue.js';
import { RequestId } from '../../components/RequestId.js';
import { useAppInfo } from '../../app/use-app-info.js';
import type { AppStores } from '../../stores/app-stores.js';
import { useAppStores } from '../../stores/stores-context.js';

const statusLabels: Record<BatchItemView['status'], string> = {
  queued: 'Waiting',
  running: 'Starting',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A running item's badge says what it is doing now, so it never says "Exporting" while audio is generated. */
const phaseLabels: Record<BatchPhase, string> = {
  reading: 'Reading the project',
  generating: 'Generating audio',
  saving: 'Saving the project',
  exporting: 'Exporting',
};

function badgeLabel(item: BatchItemView): string {
  if (item.status === 'running' && item.progress) return phaseLabels[item.progress.phase];
  return statusLabels[item.status];
}

async function act(
  stores: AppStores,
  method: 'batch.cancel' | 'batch.retry' | 'batch.remove',
  id: string,
): Promise<void> {
  try {
    stores.exportJobs.getState().setQueue(await stores.client.invoke(method, { id }));
  } catch (error) {
    stores.notices.getState().showError(error);
  }
}

/** One project of the queue: its state, live progress, what went wrong, and where its files went. */
export function BatchItemRow({ item }: { item: BatchItemView }) {
  const stores = useAppStores();
  return (
    <li
      className={`batch-item batch-item-${item.status}`}
      data-testid="batch-item"
      data-status={item.status}
      data-label={item.label}
    >
      <div className="batch-item-head">
        <strong>{item.label}</strong>
        <span className="badge" data-testid="batch-item-status">
          {badgeLabel(item)}
        </span>
        <span className="batch-item-actions">
          {item.status === 'queued' || item.status === 'running' ? (
            <button
              type="button"
              data-testid="batch-item-cancel"
              onClick={() => void act(stores, 'batch.cancel', item.id)}
            >
              Cancel
            </button>
          ) : null}
          {item.status === 'failed' || item.status === 'cancelled' ? (
            <button
              type="button"
              data-testid="batch-item-retry"
              onClick={() => void act(stores, 'batch.retry', item.id)}
            >
              Retry
            </button>
          ) : null}
          {item.status !== 'running' ? (
            <button
              type="button"
              data-testid="batch-item-remove"
              onClick={() => void act(stores, 'batch.remove', item.id)}
            >
              Remove
            </button>
          ) : null}
        </span>
      </div>
      {item.status === 'running' && item.progress ? (
        <div className="export-progress">
          <progress value={item.progress.fraction} max={1} aria-label={`Progress of ${item.label}`} />
          <span className="hint" data-testid="batch-item-progress">
            {item.progress.phase === 'generating' && item.progress.generation
              ? describeGenerationCount(item.progress.generation)
              : `${Math.round(item.progress.fraction * 100)} %`}
          </span>
        </div>
      ) : null}
      {item.error ? (
        <div className="field-error" data-testid="batch-item-error">
          {item.error.message}
          {item.error.requestId ? <RequestId requestId={item.error.requestId} /> : null}
        </div>
      ) : null}
      {item.outputs ? <OutputFiles outputs={item.outputs} /> : null}
      {item.warnings.map((warning) => (
        <p key={warning} className="hint">
          {warning}
        </p>
      ))}
    </li>
  );
}

/**
 * Where a finished export's files are: the path with a copy button, and "Show in folder" where the shell can
 * open the file manager (the desktop app).
 */
function OutputFiles({ outputs }: { outputs: NonNullable<BatchItemView['outputs']> }) {
  const stores = useAppStores();
  const info = useAppInfo();
  const subtitles = outputs.subtitlePaths.length;
  const reveal = (): void => {
    stores.client
      .invoke('files.reveal', { path: outputs.audioPath })
      .catch((error: unknown) => stores.notices.getState().showError(error));
  };
  return (
    <p className="hint" data-testid="batch-item-output">
      <CopyableValue label="File" value={outputs.audioPath} testId="batch-item-output-path" />
      {subtitles > 0 ? ` + ${subtitles} subtitle file${subtitles === 1 ? '' : 's'} beside it` : ''}
      {info?.canReveal ? (
        <button type="button" className="link-button" data-testid="batch-item-reveal" onClick={reveal}>
          Show in folder
        </button>
      ) : null}
    </p>
  );
}
