import type { SubmitEvent } from 'react';
import { useId, useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { Dialog } from '../../components/Dialog.js';
import { refreshLibrary, showInEditor } from './project-actions.js';
import { titleProblem } from './title-rule.js';
import { useAppStores } from '../../stores/stores-context.js';

/** Asks for a title, creates an empty project (offline, no sign-in needed) and opens it in the editor. */
export function NewProjectDialog({ onClose }: { onClose(): void }) {
  const stores = useAppStores();
  const [title, setTitle] = useState('Untitled project');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcErrorData | null>(null);
  const problemId = useId();
  const problem = titleProblem(title);

  const submit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    if (problem !== null || busy) return;
    setBusy(true);
    setError(null);
    const client = stores.client;
    try {
      const opened = await client.invoke('projects.create', { title });
      showInEditor(stores, opened);
      void refreshLibrary(stores).catch(() => undefined);
      onClose();
    } catch (caught) {
      setError(errorData(caught));
      setBusy(false);
    }
  };

  return (
    <Dialog title="New project" testId="new-project-dialog" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label className="field">
          Title
          <input
            data-testid="new-project-title"
            data-autofocus
            value={title}
            maxLength={400}
            onChange={(event) => setTitle(event.target.value)}
            onFocus={(event) => event.target.select()}
            aria-invalid={problem !== null}
            aria-describedby={problem !== null ? problemId : undefined}
          />
          {problem !== null ? (
            <span className="field-error" id={problemId} data-testid="new-project-title-error">
              {problem}
            </span>
          ) : null}
        </label>
        <p className="hint">It is saved on this computer and works offline; no sign-in is needed to draft.</p>
        {error ? <ErrorNotice error={error} testId="new-project-error" /> : null}
        <div className="form-actions">
          <button
            type="submit"
            className="primary"
            data-testid="new-project-submit"
            disabled={problem !== null || busy}
          >
            {busy ? 'Creating…' : 'Create and open'}
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
