import type { SaveStatus } from '../../stores/document-store.js';
import { selectSaveStatus } from '../../stores/document-store.js';
import { useDocumentStore } from '../../stores/stores-context.js';

function describe(status: SaveStatus): string {
  switch (status.state) {
    case 'saved':
      return status.savedAt === null ? 'Saved' : `Saved ${new Date(status.savedAt).toLocaleTimeString()}`;
    case 'pending':
      return 'Unsaved changes';
    case 'saving':
      return 'Saving…';
    case 'failed':
      return 'Not saved';
    default: {
      const exhaustive: never = status;
      throw new Error(`Unknown save state ${String(exhaustive)}`);
    }
  }
}

/** How far the document is saved, always in view. */
export function SaveIndicator() {
  const status = useDocumentStore(selectSaveStatus);
  return (
    <span
      className={`badge save-indicator save-${status.state}`}
      data-testid="save-status"
      data-state={status.state}
      role="status"
    >
      {describe(status)}
    </span>
  );
}
