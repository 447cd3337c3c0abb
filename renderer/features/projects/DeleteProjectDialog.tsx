import { useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { ProjectListEntry } from '../../../common/project/library-views.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { Dialog } from '../../components/Dialog.js';
import { refreshLibrary } from './project-actions.js';
import { entryLabel } from './project-order.js';
import { useAppStores } from '../../stores/stores-context.js';

/** Confirms a delete, saying where the file goes: nothing is destroyed, it can be restored from the trash. */
export function DeleteProjectDialog({
  entry,
  onClose,
  onDeleted,
}: {
  entry: ProjectListEntry;
  onClose(): void;
  onDeleted(): void;
}) {
  const stores = useAppStores();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcErrorData | null>(null);

  const confirm = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const client = stores.client;
    try {
      await client.invoke('projects.delete', { fileName: entry.fileName });
      await refreshLibrary(stores).catch(() => undefined);
      onDeleted();
    } catch (caught) {
      setError(errorData(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog title="Move to the trash?" testId="delete-project-dialog" onClose={onClose}>
      <p>
        “<strong>{entryLabel(entry)}</strong>” and any backup copies of it go to the trash (the system’s Trash
        or Recycle Bin; on a system without one, the app’s own trash folder). You can restore them from there.
      </p>
      {error ? <ErrorNotice error={error} testId="delete-project-error" /> : null}
      <div className="form-actions">
        <button
          type="button"
          className="primary danger"
          data-testid="delete-confirm"
          data-autofocus
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? 'Moving…' : 'Move to the trash'}
        </button>
        <button type="button" data-testid="delete-cancel" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
