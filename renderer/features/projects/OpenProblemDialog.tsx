import { useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import { allBlocks } from '../../../common/project/index.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { Dialog } from '../../components/Dialog.js';
import { problemHeading } from './problem-label.js';
import type { OpenFailure } from './project-actions.js';
import { refreshLibrary, showInEditor } from './project-actions.js';
import { formatCountOf } from '../../shared/format.js';
import { formatDateTime } from '../../shared/date-format.js';
import { useAppStores } from '../../stores/stores-context.js';

/**
 * Why a project did not open, in main's words with the bad field's path, and the way out: restoring the last
 * good version when a backup reads well. The file itself is never written over; a restore keeps it aside.
 */
export function OpenProblemDialog({ failure, onClose }: { failure: OpenFailure; onClose(): void }) {
  const stores = useAppStores();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcErrorData | null>(null);
  const { recovery } = failure;

  const restore = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const client = stores.client;
    try {
      const opened = await client.invoke('projects.restoreBackup', { fileName: failure.fileName });
      showInEditor(stores, opened);
      void refreshLibrary(stores).catch(() => undefined);
      onClose();
    } catch (caught) {
      setError(errorData(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog title={problemHeading(failure.problem)} testId="open-problem" onClose={onClose}>
      <p data-testid="open-problem-file">
        <code>{failure.fileName}</code>
      </p>
      <p data-testid="open-problem-message" data-problem={failure.problem}>
        {failure.message}
      </p>
      {failure.fieldPath ? (
        <p data-testid="open-problem-field">
          First bad field: <code>{failure.fieldPath}</code>
        </p>
      ) : null}
      {failure.problem === 'missing' ? null : (
        <p className="hint">Timbre Studio has not changed the file and will not write over it.</p>
      )}
      {!recovery && (failure.problem === 'not-json' || failure.problem === 'invalid') ? (
        <p className="hint" data-testid="open-problem-no-backup">
          There is no readable backup of it. The file stays in the projects folder: it may be repaired in a
          text editor, or deleted (it goes to the trash).
        </p>
      ) : null}
      {recovery ? (
        <div className="project-recovery" data-testid="open-problem-recovery">
          <p>
            The last good version, saved {formatDateTime(recovery.savedAt)}, holds “
            <strong>{recovery.project.title}</strong>” with{' '}
            {formatCountOf(allBlocks(recovery.project).length, 'block', 'blocks')}. Restoring it keeps the
            damaged file beside it for support.
          </p>
        </div>
      ) : null}
      {error ? <ErrorNotice error={error} testId="restore-error" /> : null}
      <div className="form-actions">
        {recovery ? (
          <button
            type="button"
            className="primary"
            data-testid="restore-backup"
            data-autofocus
            disabled={busy}
            onClick={() => void restore()}
          >
            {busy ? 'Restoring…' : 'Restore the last good version'}
          </button>
        ) : null}
        <button type="button" data-testid="open-problem-close" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
