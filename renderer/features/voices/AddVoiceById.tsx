import type { SubmitEvent } from 'react';
import { useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores } from '../../stores/stores-context.js';

/** Adds a voice the user found elsewhere (e.g. a market voice on the service's site) by its id. */
export function AddVoiceById({ onDone }: { onDone(): void }) {
  const stores = useAppStores();
  const [id, setId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<IpcErrorData | null>(null);
  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    stores.client
      .invoke('voices.addById', { id })
      .then(() => {
        setId('');
        onDone();
      })
      .catch((caught: unknown) => setError(errorData(caught)))
      .finally(() => setBusy(false));
  };
  return (
    <form className="card add-voice" onSubmit={submit} data-testid="add-voice-form">
      <label className="field">
        <span>Voice id or generation id</span>
        <input
          data-testid="add-voice-id"
          value={id}
          onChange={(event) => setId(event.target.value)}
          placeholder="e.g. 7b1e0c52-…"
          aria-describedby="add-voice-id-help"
        />
      </label>
      <p className="hint" id="add-voice-id-help">
        A voice has two ids. Its voice id is how the service finds it (a market voice&rsquo;s page shows it);
        its generation id is what a script&rsquo;s blocks carry. Either one adds a voice this library has held
        before; a voice new to it needs its voice id.
      </p>
      {error ? <ErrorNotice error={error} /> : null}
      <div className="form-actions">
        <button
          type="submit"
          className="primary"
          data-testid="add-voice-submit"
          disabled={busy || id.trim() === ''}
        >
          {busy ? 'Looking it up…' : 'Add to library'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
