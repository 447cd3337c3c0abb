export { InvalidServiceUrlError } from './service-url.js';
export type { SecretStoreUnavailableReason } from './secret-store-errors.js';
export { SecretStoreUnavailableError } from './secret-store-errors.js';

/** The keychain "service" every Timbre Studio entry is filed under; the account is the service base URL. */
export const SECRET_SERVICE_NAME = 'Timbre Studio';

/** What keeps the secrets, for Settings to show and to warn about when it is not secure. */
export interface SecretBackendInfo {
  /** e.g. `libsecret`, `Keychain`, `Credential Manager`, `memory`. */
  name: string;
  /** True only when secrets are kept encrypted by the OS and the backend answered just now. */
  secure: boolean;
  /** Plain words for the user: which service is behind it, or why it cannot be used. */
  detail?: string;
}

/**
 * Where tokens live (in the spirit of GitHub Desktop's ISecureStore). `account` is a service base URL; every
 * implementation normalises it with `normaliseServiceUrl`, so any spelling of one URL reaches one entry, and
 * rejects a non-http(s) URL with an `InvalidServiceUrlError`. A keychain that cannot be used rejects with a
 * `SecretStoreUnavailableError`. No implementation puts a secret into an error, a log line or `toString`.
 */
export interface SecretStore {
  /** The secret saved for the account, or undefined when there is none. */
  get(account: string): Promise<string | undefined>;
  /** Saves (or replaces) the account's secret. */
  set(account: string, secret: string): Promise<void>;
  /** Removes the account's secret; false when there was none. */
  delete(account: string): Promise<boolean>;
  describeBackend(): Promise<SecretBackendInfo>;
}

/**
 * Checks a secret before it is stored. Keychains store text: an empty secret is refused by keytar and a NUL
 * would silently cut the secret short in the native layer, so both are stopped here with a clear message.
 */
export function checkSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TypeError('secret must be a non-empty string');
  }
  if (secret.includes('\0')) throw new RangeError('secret must not contain NUL characters');
}
