import { useEffect, useState } from 'react';
import type { UpdateState, UpdateView } from '../../../common/updates/update-state.js';
import { useAppStores, useDocumentStore } from '../../stores/stores-context.js';

/** The update's state in a sentence. */
function stateText(update: UpdateState): string {
  switch (update.state) {
    case 'idle':
      return 'No check yet.';
    case 'checking':
      return 'Checking for updates…';
    case 'available':
      return `Version ${update.version} is available; downloading it in the background.`;
    case 'downloading':
      return `Downloading version ${update.version}: ${update.percent} %.`;
    case 'ready':
      return `Version ${update.version} is downloaded and verified, ready to install.`;
    case 'failed':
      return update.reason;
    case 'up-to-date':
      return `Timbre Studio is up to date (checked ${new Date(update.checkedAt).toLocaleString()}).`;
    case 'disabled':
      return update.reason;
  }
}

/**
 * Settings → Updates: automatic checks on or off, "Check now", the version, the state, a ready update's release
 * notes (plain text: main turned the feed's HTML into text, and React escapes it) and "Restart to update", offered
 * only when nothing is running and the open project is saved. Main checks again when it is clicked.
 */
export function UpdatesSection() {
  const stores = useAppStores();
  const [view, setView] = useState<UpdateView | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const unsavedProject = useDocumentStore(
    (state) => state.doc !== null && state.doc.project !== state.savedProject,
  );

  useEffect(() => {
    const stop = stores.client.on('updates.changed', setView);
    // A state that cannot be read leaves the section out (updates.changed still brings it) rather than a notice
    // about something the user did not ask for.
    stores.client
      .invoke('updates.get')
      .then(setView)
      .catch(() => undefined);
    return stop;
  }, [stores]);

  if (view === null) return null;
  const showError = (error: unknown): void => stores.notices.getState().showError(error);
  const update = view.update;
  const busy = ['checking', 'available', 'downloading'].includes(update.state);
  const blockedBy =
    view.restartBlockedBy ??
    (unsavedProject ? 'Restart to update waits until the open project is saved.' : null);
  const restart = (): void => {
    setRefused(null);
    stores.client
      .invoke('updates.restart', { unsavedProject })
      .then((answer) => {
        if (!answer.ok) setRefused(answer.reason);
      })
      .catch(showError);
  };
  return (
    <section className="card" data-testid="updates-section">
      <h2>Updates</h2>
      <p>
        Version <span data-testid="updates-current-version">{view.currentVersion}</span>
      </p>
      <label className="check">
        <input
          type="checkbox"
          data-testid="updates-automatic"
          checked={view.automaticChecks}
          disabled={update.state === 'disabled'}
          onChange={(event) =>
            void stores.client
              .invoke('updates.setAutomatic', { enabled: event.target.checked })
              .then(setView)
              .catch(showError)
          }
        />
        <span>Check for updates automatically (at start and every four hours)</span>
      </label>
      <p className="hint" data-testid="updates-state" role="status">
        {stateText(update)}
      </p>
      {update.state === 'ready' && update.notes !== '' ? (
        <div className="release-notes" data-testid="updates-notes" style={{ whiteSpace: 'pre-wrap' }}>
          {update.notes}
        </div>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          data-testid="updates-check"
          disabled={update.state === 'disabled' || busy || update.state === 'ready'}
          onClick={() => void stores.client.invoke('updates.check').then(setView).catch(showError)}
        >
          Check now
        </button>
        {update.state === 'ready' ? (
          <button type="button" data-testid="updates-restart" disabled={blockedBy !== null} onClick={restart}>
            Restart to update
          </button>
        ) : null}
      </div>
      {update.state === 'ready' && blockedBy !== null ? (
        <p className="hint" data-testid="updates-restart-blocked">
          {blockedBy}
        </p>
      ) : null}
      {refused !== null ? (
        <p className="field-error" role="alert" data-testid="updates-restart-refused">
          {refused}
        </p>
      ) : null}
    </section>
  );
}
