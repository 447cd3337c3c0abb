import { selectPendingChargeTwice, selectPendingGeneration } from '../../stores/editor-ui-store.js';
import { useAppStores, useEditorUiStore } from '../../stores/stores-context.js';
import { formatCount } from '../../shared/format.js';
import { ChargeTwiceDialog } from './ChargeTwiceDialog.js';
import { CreditConfirm } from './CreditConfirm.js';

/**
 * The editor's questions about a generation: above the credits set in Settings → Generation (Generate, Another
 * take) or with timed lines that will overrun their slots, and blocks that may be charged twice (main sent nothing).
 */
export function GenerationConfirm() {
  return (
    <>
      <CreditQuestion />
      <ChargeTwiceQuestion />
    </>
  );
}

function ChargeTwiceQuestion() {
  const stores = useAppStores();
  const held = useEditorUiStore(selectPendingChargeTwice);
  if (held === null) return null;
  return (
    <ChargeTwiceDialog held={held} onClose={() => stores.editorUi.getState().setPendingChargeTwice(null)} />
  );
}

function CreditQuestion() {
  const stores = useAppStores();
  const pending = useEditorUiStore(selectPendingGeneration);
  if (pending === null) return null;
  const close = (): void => stores.editorUi.getState().setPendingGeneration(null);
  const { projectTitle, blocks, credits, threshold, newTake, overrunLines, rewriteHeld } = pending;
  return (
    <CreditConfirm
      what={`${newTake ? 'Take again' : 'Generate'} ${formatCount(blocks)} block${blocks === 1 ? '' : 's'}`}
      project={projectTitle}
      credits={credits}
      threshold={threshold}
      reuse={!newTake}
      confirmLabel={newTake ? 'Take again' : 'Generate'}
      overrunLines={overrunLines ?? 0}
      rewriteHeld={rewriteHeld ?? 0}
      onOpenFitCheck={() => {
        // Nothing is sent: the user decides on the lines first, then generates again.
        close();
        stores.editorUi.getState().setFitCheckOpen(true);
      }}
      onConfirm={() => {
        close();
        pending.send();
      }}
      onCancel={close}
    />
  );
}
