import { useEffect, useState } from 'react';
import type { AudioCacheUsage } from '../../../common/ipc/contract.js';
import { formatBytes } from '../../../common/text/index.js';
import { useAppStores } from '../../stores/stores-context.js';

function takes(count: number): string {
  return `${count.toLocaleString()} take${count === 1 ? '' : 's'}`;
}

/**
 * Settings → Audio on this machine: how much the cached takes hold, and clean-up of the takes no project uses
 * (deleted takes, earlier edits), after saying what that means.
 */
export function AudioCacheSection() {
  const stores = useAppStores();
  const [usage, setUsage] = useState<AudioCacheUsage | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    stores.client
      .invoke('cache.usage')
      .then((found) => {
        if (current) setUsage(found);
      })
      .catch((error: unknown) => stores.notices.getState().showError(error));
    return () => {
      current = false;
    };
  }, [stores]);

  const remove = (): void => {
    setBusy(true);
    stores.client
      .invoke('cache.removeUnused')
      .then(async ({ removedEntries, freedBytes }) => {
        setDone(`Removed ${takes(removedEntries)}, ${formatBytes(freedBytes)} freed.`);
        setUsage(await stores.client.invoke('cache.usage'));
      })
      .catch((error: unknown) => stores.notices.getState().showError(error))
      .finally(() => {
        setBusy(false);
        setConfirming(false);
      });
  };

  return (
    <section className="card" data-testid="audio-cache-section">
      <h2>Audio on this machine</h2>
      {usage === null ? (
        <p className="hint">Measuring…</p>
      ) : (
        <>
          <p data-testid="audio-cache-usage">
            {takes(usage.entries)} kept, {formatBytes(usage.bytes)}.{' '}
            {usage.unusedEntries === 0
              ? 'Every one is used by a project.'
              : `${takes(usage.unusedEntries)} (${formatBytes(usage.unusedBytes)}) no project uses: deleted takes and earlier versions of edited blocks.`}
          </p>
          {done ? (
            <p className="hint" role="status" data-testid="audio-cache-done">
              {done}
            </p>
          ) : null}
          {usage.unusedEntries > 0 && !confirming ? (
            <button type="button" data-testid="audio-cache-clean" onClick={() => setConfirming(true)}>
              Remove unused audio…
            </button>
          ) : null}
          {confirming ? (
            <div className="confirm-inline" role="group" aria-label="Confirm removing unused audio">
              <p>
                Remove {takes(usage.unusedEntries)} ({formatBytes(usage.unusedBytes)})? Only projects in the
                app’s projects folder are looked at, and audio from the last hour is kept. A removed take can
                be fetched again from the service while it keeps it, without paying again.
              </p>
              <div className="form-actions">
                <button type="button" onClick={() => setConfirming(false)} disabled={busy}>
                  Keep them
                </button>
                <button
                  type="button"
                  className="danger"
                  data-testid="audio-cache-clean-confirm"
                  onClick={remove}
                  disabled={busy}
                >
                  {busy ? 'Removing…' : 'Remove'}
                </button>
              </div>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
