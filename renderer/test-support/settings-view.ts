import { DEFAULT_CHECK_THRESHOLDS } from '../../common/audio/take-checks.js';
import type { SettingsView } from '../../common/ipc/contract.js';

/** Settings as main reports them on a first start (system theme, default checks, no service), with `changes`. */
export function settingsView(changes: Partial<SettingsView> = {}): SettingsView {
  return {
    theme: 'system',
    checks: DEFAULT_CHECK_THRESHOLDS,
    services: [],
    activeServiceUrl: null,
    ...changes,
  };
}

/** Settings with one paid service, active and signed in to (its token kept in the keychain). */
export function signedInSettings(url: string): SettingsView {
  return settingsView({
    services: [
      {
        url,
        label: 'Stand-in',
        plan: 'paid',
        active: true,
        signedIn: true,
        maskedToken: null,
        sessionOnly: false,
      },
    ],
    activeServiceUrl: url,
  });
}
