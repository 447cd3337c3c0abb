import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { AccountService } from '../services/account/account-service.js';
import { ServiceTokenVerifier } from '../services/account/service-token-verifier.js';
import type { Logger } from '../services/logging/logger.js';
import type { SecretStore } from '../services/secrets/secret-store.js';
import type { SettingsService } from '../services/settings/settings-service.js';
import type { VoiceLibrary } from '../services/voices/index.js';
import type { JobRegistry } from './job-registry.js';

/** A development stand-in started beside the app (`npm start`), signed in to with its paid demo account. */
export interface DevStandin {
  url: string;
  token: string;
  voiceIds?: string[];
}

export interface AccountFeatureDeps {
  settings: SettingsService;
  accounts: AccountService;
  secrets: SecretStore;
  jobs: JobRegistry;
  library: VoiceLibrary;
  logger: Logger;
  /** The settings view, answered after a sign-in or sign-out. */
  view: () => ReturnType<MethodHandlers['settings.get']>;
}

type AccountHandlers = Pick<MethodHandlers, 'account.signIn' | 'account.signOut' | 'account.keychain'>;

/** Sign-in, sign-out and what the keychain is. Tokens are checked against the service before they are kept. */
export function createAccountFeature({
  settings,
  accounts,
  secrets,
  jobs,
  library,
  logger,
  view,
}: AccountFeatureDeps) {
  // Tokens are checked through the same clients (and rate gates) the jobs use; the call carries the new token.
  const verifier = new ServiceTokenVerifier((url) => jobs.client(url));

  const handlers: AccountHandlers = {
    'account.signIn': async (input) => {
      await accounts.signIn(input, verifier);
      if (input.previousUrl && input.previousUrl !== input.url) {
        await accounts.signOut(input.previousUrl);
        await settings.removeService(input.previousUrl);
      }
      // Tasks sent before a sign-out (or a restart while signed out) are checked now, not at their next slow try.
      (await jobs.manager(input.url)).wake();
      return view();
    },
    'account.signOut': async ({ url }) => {
      await accounts.signOut(url);
      return view();
    },
    'account.keychain': async () => {
      const backend = await secrets.describeBackend();
      return {
        name: backend.name,
        secure: backend.secure,
        ...(backend.detail ? { detail: backend.detail } : {}),
      };
    },
  };

  /**
   * The development stand-in beside `npm start` is signed in to on every start (not only the first): without a
   * keychain its token lives in memory only, and a restart would otherwise leave the app silently signed out.
   */
  async function signInToDevStandin(devStandin: DevStandin): Promise<void> {
    const { url, token, voiceIds = [] } = devStandin;
    const standinSaved = settings.current().services.some((service) => service.url === url);
    const wanted =
      settings.current().services.length === 0 || (standinSaved && !(await accounts.status(url)).signedIn);
    if (!wanted) return;
    try {
      const active = settings.current().activeServiceUrl;
      await accounts.signIn({ url, token, label: 'Local stand-in (development)', plan: 'paid' }, verifier);
      // Signing in makes a service active; signing in again must not take that choice from the user.
      if (standinSaved && active && active !== url) await settings.activateService(active);
      // Its market voices go into the library, so the voice pickers have something to offer at once.
      if (!standinSaved) for (const id of voiceIds) await library.addById(url, id, jobs.client(url));
    } catch (error) {
      logger.warn(
        `Could not sign in to the development stand-in at ${url}`,
        error instanceof Error ? error.message : error,
      );
    }
  }

  return { handlers, signInToDevStandin };
}
