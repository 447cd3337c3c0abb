import { selectConnectionState } from '../bridge/connection-store.js';
import { useConnectionStore } from '../stores/stores-context.js';

/** Says, on every page, when the app cannot be reached, so nobody keeps working believing it is saved. */
export function ConnectionBanner() {
  const state = useConnectionStore(selectConnectionState);
  if (state !== 'disconnected') return null;
  return (
    <div className="connection-banner" role="status" data-testid="connection-banner">
      <strong>Disconnected — reconnecting…</strong> Timbre Studio is not answering. Your edits stay in this
      window and are saved as soon as it is back.
    </div>
  );
}
