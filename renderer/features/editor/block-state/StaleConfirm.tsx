import type { StaleImpact } from '../../../../common/project/stale-impact.js';
import { selectPendingChange } from '../../../stores/editor-ui-store.js';
import { useAppStores, useEditorUiStore } from '../../../stores/stores-context.js';
import { formatCount } from '../../../shared/format.js';

/** A change waiting for the user's word because it would make generated audio stale. */
export interface PendingChange {
  /** What the change does, in words ("Give Alice another voice"). */
  label: string;
  impact: StaleImpact;
  apply(): void;
}

/**
 * Says what a change to the cast or a lexicon costs before it is made: how many blocks would need generating again
 * and roughly how many credits that takes. Nothing changes until Apply.
 */
function StaleConfirm({ pending, onCancel }: { pending: PendingChange; onCancel(): void }) {
  const { blocks, estimatedCredits } = pending.impact;
  return (
    <div className="stale-confirm" role="alertdialog" aria-label={pending.label} data-testid="stale-confirm">
      <p>
        <strong>{pending.label}</strong>: {formatCount(blocks)} generated block{blocks === 1 ? '' : 's'} would
        need generating again (≈ {formatCount(estimatedCredits)} credits).
      </p>
      <div className="form-actions">
        <button type="button" className="primary" data-testid="stale-confirm-apply" onClick={pending.apply}>
          Apply
        </button>
        <button type="button" data-testid="stale-confirm-cancel" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/**
 * A side panel's pending change, asked about inside the panel: Apply makes the change, and either answer closes
 * the question (`onClose`); `onCancelled` hears a Cancel (a panel that showed the change early puts it back).
 */
export function PanelChangeConfirm({
  pending,
  onClose,
  onCancelled,
}: {
  pending: PendingChange | null;
  onClose(): void;
  onCancelled?(): void;
}) {
  if (pending === null) return null;
  return (
    <StaleConfirm
      pending={{
        ...pending,
        apply: () => {
          pending.apply();
          onClose();
        },
      }}
      onCancel={() => {
        onClose();
        onCancelled?.();
      }}
    />
  );
}

/** The editor's own pending change (a paste, a change to several blocks): asked once, above the script. */
export function PendingChangeConfirm() {
  const stores = useAppStores();
  const pending = useEditorUiStore(selectPendingChange);
  if (pending === null) return null;
  const close = (): void => stores.editorUi.getState().setPendingChange(null);
  return (
    <StaleConfirm
      pending={{
        ...pending,
        apply: () => {
          close();
          pending.apply();
        },
      }}
      onCancel={close}
    />
  );
}
