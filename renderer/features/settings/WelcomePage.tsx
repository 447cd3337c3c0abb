import type { SubmitEvent } from 'react';
import { useState } from 'react';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import type { Plan } from '../../../common/settings/settings-schema.js';
import { serviceUrlProblem } from '../../../common/settings/settings-schema.js';
import { useCommandRegistry } from '../../commands/use-commands.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { useAppStores } from '../../stores/stores-context.js';
import { keychainHelp, tokenStorageSentence, useKeychain } from './use-keychain.js';
import { PlanField } from './PlanField.js';
import './welcome.css';

/**
 * The first page of an installed app without a service (and the sign-in it offers again later): the service's
 * address and an access token, checked with the service before anything is kept. The token goes to main only
 * (`account.signIn`), which keeps it in the system keychain. Enter submits; Escape leaves everything as it is.
 */
export function WelcomePage({ firstRun }: { firstRun: boolean }) {
  const stores = useAppStores();
  const commands = useCommandRegistry();
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [plan, setPlan] = useState<Plan>('free');
  const [error, setError] = useState<IpcErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  const { info: keychain, platform } = useKeychain();
  const help = keychainHelp(keychain, platform);
  const urlProblem = url.trim() === '' ? null : serviceUrlProblem(url.trim());
  const ready = url.trim() !== '' && token.trim() !== '' && urlProblem === null;

  const leave = (): void => {
    stores.navigation.getState().closeWelcome();
    if (firstRun) stores.navigation.getState().goTo('projects');
  };

  const signIn = (event: SubmitEvent): void => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    stores.client
      .invoke('account.signIn', { url: url.trim(), token: token.trim(), label: '', plan })
      .then((view) => {
        stores.settings.getState().setView(view);
        const signedIn = view.services.find((service) => service.active);
        stores.notices.getState().receive({
          kind: 'notification',
          title: `Signed in to ${signedIn?.url ?? url.trim()}`,
          ...(signedIn?.sessionOnly
            ? { body: 'The system keychain is unavailable: you stay signed in until you quit.' }
            : {}),
        });
        leave();
      })
      .catch((caught: unknown) => {
        setError(errorData(caught));
        setBusy(false);
      });
  };

  const startWithout = (): void => {
    if (!firstRun) {
      leave();
      return;
    }
    stores.client
      .invoke('welcome.dismiss')
      .then((view) => {
        stores.settings.getState().setView(view);
        leave();
      })
      .catch((caught: unknown) => setError(errorData(caught)));
  };

  // Each field's error sits in an element the field names in aria-describedby, so a screen reader reads it.
  const fieldError = (field: string) =>
    error?.field === field ? (
      <div id={`welcome-${field}-described`}>
        <ErrorNotice error={error} testId={`welcome-${field}-error`} />
      </div>
    ) : null;

  return (
    <main className="welcome-page" data-testid="welcome-page">
      <form className="welcome-card card" onSubmit={signIn} noValidate aria-labelledby="welcome-title">
        <h1 id="welcome-title">{firstRun ? 'Welcome to Timbre Studio' : 'Sign in to a voice service'}</h1>
        <p>
          Timbre Studio speaks your scripts with a Timbre voice service. Give its address and your access
          token: they are checked with the service (a read that spends no credits and changes nothing) before
          anything is kept.
        </p>
        <label className="field">
          <span>Service address</span>
          <input
            data-testid="welcome-url-input"
            type="url"
            value={url}
            placeholder="https://voice.example.com"
            autoComplete="url"
            spellCheck={false}
            autoFocus
            onChange={(event) => setUrl(event.target.value)}
            aria-invalid={urlProblem !== null || error?.field === 'url'}
            aria-describedby={
              [
                urlProblem === null ? '' : 'welcome-url-problem',
                error?.field === 'url' ? 'welcome-url-described' : '',
              ]
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
          {urlProblem === null ? null : (
            <span id="welcome-url-problem" className="field-error" data-testid="welcome-url-problem">
              Service address {urlProblem}
            </span>
          )}
        </label>
        {fieldError('url')}
        <label className="field">
          <span>Access token</span>
          <input
            data-testid="welcome-token-input"
            type="password"
            value={token}
            autoComplete="off"
            spellCheck={false}
            placeholder="Paste your token"
            onChange={(event) => setToken(event.target.value)}
            aria-invalid={error?.field === 'token'}
            aria-describedby={error?.field === 'token' ? 'welcome-token-described' : undefined}
          />
        </label>
        {fieldError('token')}
        <p className="welcome-notes">
          <span className="hint" data-testid="welcome-token-where">
            Where to get a token: from your voice service (its account page or its administrator). Timbre
            Studio cannot make one for you.
          </span>
          <span className="hint" data-testid="welcome-token-storage">
            {tokenStorageSentence(keychain)}
            {help === null ? '' : ` ${help}`}
          </span>
        </p>
        <PlanField testId="welcome-plan-select" value={plan} onChange={setPlan} />
        {error !== null && error.field !== 'url' && error.field !== 'token' ? (
          <ErrorNotice error={error} testId="welcome-error" />
        ) : null}
        <div className="form-actions">
          <button type="submit" className="primary" data-testid="welcome-sign-in" disabled={!ready || busy}>
            {busy ? 'Checking…' : 'Check and sign in'}
          </button>
          <button type="button" data-testid="welcome-skip" onClick={startWithout} disabled={busy}>
            {firstRun ? 'Start without signing in' : 'Back'}
          </button>
          {/* Sign-in trouble is when a report is needed most, and the browser shell has no Help menu to find it. */}
          <button
            type="button"
            data-testid="welcome-report-problem"
            onClick={() => commands.run('report-problem')}
          >
            Report a Problem…
          </button>
        </div>
        {firstRun ? (
          <p className="hint">
            Without a service you can still write, import, save and export audio you already have; Generate
            asks you to sign in, and Settings → Service brings this page back.
          </p>
        ) : null}
      </form>
    </main>
  );
}
