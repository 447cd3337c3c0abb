import { selectPendingGeneration } from '../../stores/editor-ui-store.js';
import { useAppStores, useEditorUiStore } from '../../stores/stores-context.js';
import { formatCount } from '../editor/format.js';

/**
 * Asks before a generation above the credits set in Settings → Generation: how many blocks and credits it may
 * take. The contract has no account or balance operation (the index names one, "behaviour not shown"), so the
 * balance cannot be shown; the dialog says so rather than guessing.
 */
export function GenerationConfirm() {
  const stores = useAppStores();
  const pending = useEditorUiStore(selectPendingGeneration);
  if (pending === null) return null;
  const close = (): void => stores.editorUi.getState().setPendingGeneration(null);
  const { blocks, credits, threshold, newTake } = pending;
  const what = `${newTake ? 'Take again' : 'Generate'} ${formatCount(blocks)} block${blocks === 1 ? '' : 's'}`;
  return (
    <div
      className="stale-confirm generation-confirm"
      role="alertdialog"
      aria-label={what}
      data-testid="generation-confirm"
    >
      <p>
        <strong>{what}</strong>: up to ≈ {formatCount(credits)} credits (audio already made for the same text,
        voice and parameters is reused at no cost). You asked to confirm above {formatCount(threshold)}{' '}
        credits (Settings → Generation).
      </p>
      <p className="hint">
        The service does not tell the app your balance: check it with the service. Credits are held when a
        task is sent and returned if it fails.
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          data-testid="generation-confirm-send"
          onClick={() => {
            close();
            pending.send();
          }}
        >
          {newTake ? 'Take again' : 'Generate'}
        </button>
        <button type="button" data-testid="generation-confirm-cancel" onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  );
}
