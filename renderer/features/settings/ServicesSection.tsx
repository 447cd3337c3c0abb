import { useState } from 'react';
import type { ServiceView } from '../../../common/ipc/contract.js';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { errorData } from '../../stores/notice-store.js';
import { selectSettingsView } from '../../stores/settings-store.js';
import { ServiceForm } from './ServiceForm.js';
import { keychainHelp, tokenStorageSentence, useKeychain } from './use-keychain.js';
import { useAppStores, useSettingsStore } from '../../stores/stores-context.js';

/** The services the user works with (e.g. the local stand-in and production), one of them active. */
export function ServicesSection() {
  const stores = useAppStores();
  const view = useSettingsStore(selectSettingsView);
  const [editing, setEditing] = useState<ServiceView | 'new' | null>(null);
  const [error, setError] = useState<IpcErrorData | null>(null);
  const services = view?.services ?? [];
  const { info: keychain, platform } = useKeychain();
  const help = keychainHelp(keychain, platform);

  const run = (call: Promise<unknown>): void => {
    setError(null);
    call.catch((caught: unknown) => setError(errorData(caught)));
  };
  const activate = (url: string): void =>
    run(
      stores.client
        .invoke('services.activate', { url })
        .then((next) => stores.settings.getState().setView(next)),
    );
  const signOut = (url: string): void =>
    run(
      stores.client
        .invoke('account.signOut', { url })
        .then((next) => stores.settings.getState().setView(next)),
    );
  const remove = (url: string): void =>
    run(
      stores.client
        .invoke('services.remove', { url })
        .then((next) => stores.settings.getState().setView(next)),
    );

  return (
    <section className="card" data-testid="services-section">
      <h2>Service</h2>
      <p className="hint" data-testid="token-storage">
        The voice service Timbre Studio talks to. {tokenStorageSentence(keychain)}
      </p>
      {help === null ? null : (
        <p className="hint" data-testid="keychain-help">
          {help}
        </p>
      )}
      {services.length === 0 ? (
        <p data-testid="no-services">No service is set up yet. Add one to generate audio and clone voices.</p>
      ) : (
        <ul className="service-list">
          {services.map((service) => (
            <li key={service.url} data-testid="service-row" data-active={service.active}>
              <label className="service-choice">
                <input
                  type="radio"
                  name="active-service"
                  checked={service.active}
                  onChange={() => activate(service.url)}
                  aria-label={`Use ${service.label || service.url}`}
                />
                <span className="service-label">{service.label || service.url}</span>
                <code data-testid="service-url">{service.url}</code>
                <span className="badge">{service.plan === 'paid' ? 'Paid plan' : 'Free plan'}</span>
                <span className="badge" data-testid="sign-in-state">
                  {service.signedIn ? `Signed in ${service.maskedToken ?? ''}` : 'Not signed in'}
                </span>
                {service.sessionOnly ? (
                  <span className="badge badge-warning" data-testid="session-only">
                    Until you quit: the system keychain is unavailable
                  </span>
                ) : null}
              </label>
              <span className="row-actions">
                <button type="button" onClick={() => setEditing(service)} data-testid="edit-service">
                  Edit
                </button>
                {service.signedIn ? (
                  <button type="button" onClick={() => signOut(service.url)} data-testid="sign-out">
                    Sign out
                  </button>
                ) : (
                  // Signed out (a removed token, a restart without a keychain): tasks sent earlier wait for it.
                  <button
                    type="button"
                    className="primary"
                    onClick={() => setEditing(service)}
                    data-testid="sign-in"
                    title="Paste this service's token; tasks sent earlier are checked as soon as it is accepted"
                  >
                    Sign in
                  </button>
                )}
                <button type="button" onClick={() => remove(service.url)} data-testid="remove-service">
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {error ? <ErrorNotice error={error} /> : null}
      {editing === null ? (
        <span className="form-actions">
          {/* The welcome page's sign-in: address and token, checked, with plain words for each failure. */}
          <button
            type="button"
            className="primary"
            data-testid="open-welcome"
            onClick={() => stores.navigation.getState().openWelcome()}
          >
            Add a service…
          </button>
          <button
            type="button"
            data-testid="add-service"
            onClick={() => setEditing('new')}
            title="A name and a plan, with or without a token for now"
          >
            Add one by hand…
          </button>
        </span>
      ) : (
        <ServiceForm
          key={editing === 'new' ? 'new' : editing.url}
          initial={editing === 'new' ? null : editing}
          // Closes only this form: a save still on its way must not close another one opened meanwhile
          // (the list shows the saved service, with its Edit button, before main answers the save).
          onDone={() => setEditing((current) => (current === editing ? null : current))}
          onSaved={(next) => {
            stores.settings.getState().setView(next);
            stores.notices.getState().receive({ kind: 'notification', title: 'Service saved' });
          }}
        />
      )}
    </section>
  );
}
