import { useId, useRef, useState } from 'react';
import { errorData } from '../../stores/notice-store.js';
import { refreshLibrary } from './project-actions.js';
import { titleProblem } from './title-rule.js';
import { useAppStores } from '../../stores/stores-context.js';

/**
 * Renames a project in place: Enter or leaving the field saves, Escape cancels. Only the title inside the file
 * changes (main keeps the file name), so an open editor or the recent list keeps pointing at the same file.
 */
export function RenameField({
  fileName,
  title,
  onDone,
}: {
  fileName: string;
  title: string;
  onDone(): void;
}) {
  const stores = useAppStores();
  const [value, setValue] = useState(title);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  // Enter saves and then the field unmounts, which blurs it: that blur must not save a second time.
  const settled = useRef(false);
  const problem = titleProblem(value);
  const shownError = problem ?? error;

  const commit = async (): Promise<void> => {
    if (settled.current || busy) return;
    if (value.trim() === title) {
      settled.current = true;
      onDone();
      return;
    }
    if (problem !== null) return;
    setBusy(true);
    const client = stores.client;
    try {
      const renamed = await client.invoke('projects.rename', { fileName, title: value });
      settled.current = true;
      // The row shows its new title as the field closes; the list read again (its order, the modified time)
      // follows. Waiting for that listing held the field open ~0.6 s on a large library.
      stores.projects.getState().retitle(fileName, renamed.project.title);
      onDone();
      void refreshLibrary(stores).catch(() => undefined);
    } catch (caught) {
      setError(errorData(caught).message);
      setBusy(false);
    }
  };

  const cancel = (): void => {
    settled.current = true;
    onDone();
  };

  return (
    <span className="project-rename">
      <input
        data-testid="project-rename-input"
        aria-label="Project title"
        autoFocus
        value={value}
        // readOnly, not disabled: a disabled field loses focus, and a refused title should stay editable.
        readOnly={busy}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onFocus={(event) => event.target.select()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void commit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          }
        }}
        // Leaving an invalid title cancels: the old title stays rather than a half-typed one being kept.
        onBlur={() => (problem === null ? void commit() : cancel())}
        aria-invalid={shownError !== null}
        aria-describedby={shownError !== null ? errorId : undefined}
      />
      {shownError !== null ? (
        <span className="field-error" id={errorId} data-testid="project-rename-error">
          {shownError}
        </span>
      ) : null}
    </span>
  );
}
