import type { SecretBackendInfo, SecretStore } from './secret-store.js';
import { checkSecret } from './secret-store.js';
import type { SecretStoreUnavailableReason } from './secret-store-errors.js';
import { SecretStoreUnavailableError } from './secret-store-errors.js';
import { normaliseServiceUrl } from './service-url.js';

const BACKEND = 'memory';

/**
 * A SecretStore for tests, with the same rules as the keychain one (URL normalisation, secret checks, delete
 * reports whether there was an entry). Entries sit in a private field, so `util.inspect`, `JSON.stringify`,
 * test-failure diffs and `toString` never show them.
 */
export class MemorySecretStore implements SecretStore {
  readonly #entries = new Map<string, string>();
  #unavailable: SecretStoreUnavailableReason | undefined;

  /** Makes every call fail as an unusable keychain would (or work again with undefined), to test error paths. */
  simulateUnavailable(reason: SecretStoreUnavailableReason | undefined): void {
    this.#unavailable = reason;
  }

  async get(account: string): Promise<string | undefined> {
    const key = normaliseServiceUrl(account);
    this.#throwIfUnavailable();
    return this.#entries.get(key);
  }

  async set(account: string, secret: string): Promise<void> {
    const key = normaliseServiceUrl(account);
    checkSecret(secret);
    this.#throwIfUnavailable();
    this.#entries.set(key, secret);
  }

  async delete(account: string): Promise<boolean> {
    const key = normaliseServiceUrl(account);
    this.#throwIfUnavailable();
    return this.#entries.delete(key);
  }

  async describeBackend(): Promise<SecretBackendInfo> {
    return {
      name: BACKEND,
      secure: false,
      detail: this.#unavailable
        ? new SecretStoreUnavailableError({ reason: this.#unavailable, backend: BACKEND }).message
        : 'Kept in memory only and lost when the app quits (tests).',
    };
  }

  toString(): string {
    return `MemorySecretStore(${this.#entries.size} entries)`;
  }

  #throwIfUnavailable(): void {
    if (this.#unavailable) {
      throw new SecretStoreUnavailableError({ reason: this.#unavailable, backend: BACKEND });
    }
  }
}
