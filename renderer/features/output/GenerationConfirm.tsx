import { selectPendingGeneration } from '../../stores/editor-ui-store.js';
import { useAppStores, useEditorUiStore } from '../../stores/stores-context.js';
import { formatCount } from '../editor/format.js';
import { CreditConfirm } from './CreditConfirm.js';

/** Asks before the editor's generation above the credits set in Settings → Generation (Generate, Another take). */
export function GenerationConfirm() {
  const stores = useAppStores();
  const pending = useEditorUiStore(selectPendingGeneration);
  if (pending === null) return null;
  const close = (): void => stores.editorUi.getState().setPendingGeneration(null);
  const { projectTitle, blocks, credits, threshold, newTake } = pending;
  return (
    <CreditConfirm
      what={`${newTake ? 'Take again' : 'Generate'} ${formatCount(blocks)} block${blocks === 1 ? '' : 's'}`}
      project={projectTitle}
      credits={credits}
      threshold={threshold}
      reuse={!newTake}
      confirmLabel={newTake ? 'Take again' : 'Generate'}
      onConfirm={() => {
        close();
        pending.send();
      }}
      onCancel={close}
    />
  );
}
