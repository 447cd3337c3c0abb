import type { SubmitEvent } from 'react';
import { useState } from 'react';
import type { ServiceView, SettingsView } from '../../../common/ipc/contract.js';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { Plan } from '../../../common/settings/settings-schema.js';
import { serviceUrlSchema } from '../../../common/settings/settings-schema.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { tokenStorageSentence, useKeychain } from './use-keychain.js';
import { PlanField } from './PlanField.js';
import { useAppStores } from '../../stores/stores-context.js';

interface ServiceFormProps {
  initial: ServiceView | null;
  onSaved(view: SettingsView): void;
  onDone(): void;
}

export function ServiceForm({ initial, onSaved, onDone }: ServiceFormProps) {
  const stores = useAppStores();
  const [url, setUrl] = useState(initial?.url ?? '');
  const [label, setLabel] = useState(initial?.label ?? '');
  const [plan, setPlan] = useState<Plan>(initial?.plan ?? 'free');
  const [token, setToken] = useState('');
  const { info: keychain } = useKeychain();
  const [error, setError] = useState<IpcErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  const urlCheck = url.trim() === '' ? null : serviceUrlSchema.safeParse(url);
  const urlProblem =
    urlCheck && !urlCheck.success ? `Base URL ${urlCheck.error.issues[0]?.message ?? 'is invalid'}` : null;

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const previous = initial ? { previousUrl: initial.url } : {};
    // With a token, main checks it with the service before keeping it; without one, only the profile is saved.
    const call =
      token.trim() === ''
        ? stores.client.invoke('services.save', {
            url,
            label,
            plan,
            ...previous,
            makeActive: initial ? initial.active : true,
          })
        : stores.client.invoke('account.signIn', { url, label, plan, token, ...previous });
    call
      .then((view) => {
        onSaved(view);
        onDone();
      })
      .catch((caught: unknown) => setError(errorData(caught)))
      .finally(() => {
        setBusy(false);
        setToken('');
      });
  };

  return (
    <form className="service-form" onSubmit={submit} data-testid="service-form" noValidate>
      <label className="field">
        <span>Base URL</span>
        <input
          data-testid="service-url-input"
          type="url"
          value={url}
          placeholder="https://api.example.com"
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={urlProblem !== null}
          aria-describedby="service-url-problem"
          required
        />
        {urlProblem ? (
          <span id="service-url-problem" className="field-error" data-testid="service-url-problem">
            {urlProblem}
          </span>
        ) : null}
      </label>
      <label className="field">
        <span>Name (optional)</span>
        <input
          data-testid="service-label-input"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
      </label>
      <PlanField testId="service-plan-select" value={plan} onChange={setPlan} />
      <label className="field">
        <span>
          Access token{' '}
          {initial?.signedIn ? `(signed in as ${initial.maskedToken ?? '••••'}; leave empty to keep it)` : ''}
        </span>
        <input
          data-testid="service-token-input"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          placeholder={initial?.signedIn ? 'Keep the current token' : 'Paste your bearer token'}
          onChange={(event) => setToken(event.target.value)}
        />
        <span className="hint">
          Checked with the service before it is kept. {tokenStorageSentence(keychain)}
        </span>
      </label>
      {error ? <ErrorNotice error={error} /> : null}
      <div className="form-actions">
        <button
          type="submit"
          className="primary"
          data-testid="save-service"
          disabled={busy || urlProblem !== null}
        >
          {busy
            ? token.trim() === ''
              ? 'Saving…'
              : 'Checking the token…'
            : token.trim() === ''
              ? 'Save'
              : 'Sign in'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
