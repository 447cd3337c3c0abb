import { selectConnectionState } from '../../bridge/connection-store.js';
import { useConnectionStore, useDocumentStore } from '../../stores/stores-context.js';

/**
 * The browser shell's page outlived the app: it reconnected to a new launch. Its unsaved edits are not written
 * over the file behind the user's back (the new launch may have changed it); the user keeps them as a copy, or
 * reloads to start from what is on disk.
 */
export function RelaunchBanner({ onSaveAsNew }: { onSaveAsNew(): void }) {
  const state = useConnectionStore(selectConnectionState);
  const unsaved = useDocumentStore((store) => store.doc !== null && store.doc.project !== store.savedProject);
  if (state !== 'relaunched') return null;
  return (
    <div className="error-notice save-banner" role="alert" data-testid="relaunch-banner">
      <p>
        <strong>Timbre Studio was restarted while this window was open.</strong>{' '}
        {unsaved
          ? 'Your latest edits are only in this window: keep them as a copy of the project, then reload.'
          : 'Everything here is saved. Reload to carry on with the restarted app.'}
      </p>
      <div className="form-actions">
        {unsaved ? (
          <button type="button" className="primary" data-testid="relaunch-save-copy" onClick={onSaveAsNew}>
            Save my edits as a copy
          </button>
        ) : null}
        <button type="button" data-testid="relaunch-reload" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  );
}
