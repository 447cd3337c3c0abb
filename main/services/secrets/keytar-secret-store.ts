import type * as Keytar from 'keytar';
import type { SecretBackendInfo, SecretStore } from './secret-store.js';
import { checkSecret, SECRET_SERVICE_NAME } from './secret-store.js';
import { SecretStoreUnavailableError, toSecretStoreUnavailableError } from './secret-store-errors.js';
import { normaliseServiceUrl } from './service-url.js';
import { sessionBusProblem } from './session-bus.js';

/** The part of keytar this store uses. */
export type KeytarApi = Pick<typeof Keytar, 'getPassword' | 'setPassword' | 'deletePassword'>;

export interface KeytarSecretStoreOptions {
  /** Keychain service name; tests pass their own so they never touch the app's real entries. */
  serviceName?: string;
  /** Loads keytar; replaceable to simulate a missing native module or a failing keychain. */
  loadKeytar?: () => Promise<KeytarApi>;
  platform?: NodeJS.Platform;
  /** The process environment, read for the D-Bus session on Linux (session-bus.ts). */
  environment?: Readonly<Record<string, string | undefined>>;
}

/** An account that is never written: reading it shows whether the keychain answers at all. */
const PROBE_ACCOUNT = 'https://keychain-probe.timbre-studio.invalid';

/**
 * Tokens in the OS keychain through keytar: libsecret (Secret Service over D-Bus) on Linux, Keychain on
 * macOS, Credential Manager on Windows. keytar is imported on first use, not at load, so a missing native
 * module or keychain becomes a SecretStoreUnavailableError the UI can explain instead of a crash at start-up.
 */
export class KeytarSecretStore implements SecretStore {
  readonly #serviceName: string;
  readonly #loadKeytar: () => Promise<KeytarApi>;
  readonly #backend: { name: string; detail: string };
  readonly #overDbus: boolean;
  readonly #environment: Readonly<Record<string, string | undefined>>;
  #keytar: Promise<KeytarApi> | undefined;

  constructor(options: KeytarSecretStoreOptions = {}) {
    const platform = options.platform ?? process.platform;
    this.#serviceName = options.serviceName ?? SECRET_SERVICE_NAME;
    this.#loadKeytar = options.loadKeytar ?? importKeytar;
    this.#backend = backendFor(platform);
    this.#overDbus = platform !== 'darwin' && platform !== 'win32';
    this.#environment = options.environment ?? process.env;
  }

  async get(account: string): Promise<string | undefined> {
    const key = normaliseServiceUrl(account);
    const keytar = await this.#keytarModule();
    try {
      return (await keytar.getPassword(this.#serviceName, key)) ?? undefined;
    } catch (error) {
      throw this.#unavailable(error);
    }
  }

  async set(account: string, secret: string): Promise<void> {
    const key = normaliseServiceUrl(account);
    checkSecret(secret);
    const keytar = await this.#keytarModule();
    try {
      await keytar.setPassword(this.#serviceName, key, secret);
    } catch (error) {
      throw this.#unavailable(error, secret);
    }
  }

  async delete(account: string): Promise<boolean> {
    const key = normaliseServiceUrl(account);
    const keytar = await this.#keytarModule();
    try {
      return await keytar.deletePassword(this.#serviceName, key);
    } catch (error) {
      throw this.#unavailable(error);
    }
  }

  /** Probes the keychain with a read; an unusable one is reported as not secure, with the reason as detail. */
  async describeBackend(): Promise<SecretBackendInfo> {
    try {
      await this.get(PROBE_ACCOUNT);
      return { name: this.#backend.name, secure: true, detail: this.#backend.detail };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { name: this.#backend.name, secure: false, detail: reason };
    }
  }

  toString(): string {
    return `KeytarSecretStore(${this.#backend.name}, service "${this.#serviceName}")`;
  }

  /** The error for a failed keychain call, told apart by what the process can see of its D-Bus session. */
  #unavailable(error: unknown, secret?: string): Error {
    const noSessionBus = this.#overDbus ? sessionBusProblem(this.#environment) : undefined;
    return toSecretStoreUnavailableError(error, this.#backend.name, secret, noSessionBus);
  }

  #keytarModule(): Promise<KeytarApi> {
    this.#keytar ??= this.#loadKeytar().catch((error: unknown) => {
      // Forget the failure, so a later call tries again (e.g. after the user installed what was missing).
      this.#keytar = undefined;
      throw new SecretStoreUnavailableError({
        reason: 'module-missing',
        backend: this.#backend.name,
        keychainMessage: error instanceof Error ? error.message : String(error),
      });
    });
    return this.#keytar;
  }
}

function backendFor(platform: NodeJS.Platform): { name: string; detail: string } {
  switch (platform) {
    case 'darwin':
      return { name: 'Keychain', detail: 'macOS Keychain' };
    case 'win32':
      return { name: 'Credential Manager', detail: 'Windows Credential Manager' };
    default:
      return { name: 'libsecret', detail: 'Secret Service over D-Bus (e.g. GNOME Keyring, KWallet)' };
  }
}

/** keytar is CommonJS: depending on the loader its functions sit on the namespace or on `default`. */
async function importKeytar(): Promise<KeytarApi> {
  const loaded: unknown = await import('keytar');
  for (const candidate of [loaded, isRecord(loaded) ? loaded.default : undefined]) {
    if (isKeytarApi(candidate)) return candidate;
  }
  throw new Error('the keytar module does not export getPassword, setPassword and deletePassword');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}

function isKeytarApi(value: unknown): value is KeytarApi {
  return (
    isRecord(value) &&
    typeof value.getPassword === 'function' &&
    typeof value.setPassword === 'function' &&
    typeof value.deletePassword === 'function'
  );
}
