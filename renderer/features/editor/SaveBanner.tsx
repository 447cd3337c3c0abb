import { selectConnectionState } from '../../bridge/connection-store.js';
import { RequestId } from '../../components/RequestId.js';
import { selectSaveStatus } from '../../stores/document-store.js';
import { useConnectionStore, useDocumentStore } from '../../stores/stores-context.js';

/**
 * A failed save, in plain words, with what the user can do. The edits stay in the editor whatever happens: they
 * are only dropped if the user explicitly closes without saving.
 */
export function SaveBanner({
  closeBlocked,
  onRetry,
  onSaveAsNew,
  onDiscardAndClose,
}: {
  /** The user asked to close and the save failed: offer closing without saving too. */
  closeBlocked: boolean;
  onRetry(): void;
  onSaveAsNew(): void;
  onDiscardAndClose(): void;
}) {
  const status = useDocumentStore(selectSaveStatus);
  // While the app cannot be reached, or was restarted under this page, the connection banners say what to do.
  const connection = useConnectionStore(selectConnectionState);
  if (status.state !== 'failed' || connection !== 'connected') return null;
  return (
    <div className="error-notice save-banner" role="alert" data-testid="save-failed">
      <p>
        <strong>Your changes are not saved.</strong> {status.message}
      </p>
      {status.requestId === undefined ? null : <RequestId requestId={status.requestId} />}
      <p className="hint">
        {status.retryable
          ? 'The editor keeps them and tries again with your next edit.'
          : 'This file cannot be written over. Keep your work as a new project.'}
      </p>
      <div className="form-actions">
        {status.retryable ? (
          <button type="button" data-testid="save-retry" onClick={onRetry}>
            Try again
          </button>
        ) : null}
        <button type="button" className="primary" data-testid="save-as-new" onClick={onSaveAsNew}>
          Save as new project
        </button>
        {closeBlocked ? (
          <button type="button" data-testid="close-discard" onClick={onDiscardAndClose}>
            Close without saving
          </button>
        ) : null}
      </div>
    </div>
  );
}
