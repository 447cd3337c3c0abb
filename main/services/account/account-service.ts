import { IpcError } from '../../../common/ipc/errors.js';
import type { Plan } from '../../../common/settings/settings-schema.js';
import type { Logger } from '../logging/logger.js';
import type { SecretStore } from '../secrets/secret-store.js';
import { SecretStoreUnavailableError } from '../secrets/secret-store.js';
import type { SettingsService } from '../settings/settings-service.js';

/** Checks a token against a service with a harmless authenticated call; throws IpcError when it is refused. */
export interface TokenVerifier {
  verify(baseUrl: string, token: string): Promise<void>;
}

export interface SignInInput {
  url: string;
  token: string;
  label: string;
  plan: Plan;
}

export interface TokenStatus {
  signedIn: boolean;
  maskedToken: string | null;
  /** Signed in, but the keychain could not keep the token: it lasts until the app quits. */
  sessionOnly: boolean;
}

/**
 * Sign-in and sign-out for each saved service. The token goes to the keychain and stays in main's memory; what
 * leaves this class is only "signed in" and a masked form such as ••••3f9a.
 */
export class AccountService {
  private readonly tokens = new Map<string, string | null>();
  /** Services whose token only main's memory holds, because the keychain refused it. */
  private readonly sessionOnly = new Set<string>();
  /** Keychain problems already logged: Settings asks for every service's status often, the log says it once. */
  private readonly warned = new Set<string>();

  constructor(
    private readonly settings: SettingsService,
    private readonly secrets: SecretStore,
    private readonly logger: Logger & { addSecret?(secret: string): void },
  ) {}

  /**
   * Verifies the token first, so a mistyped one is never stored; then keychain, then settings. The verifier
   * comes with the call: it talks to the service through clients that themselves read tokens from here.
   */
  async signIn(input: SignInInput, verifier: TokenVerifier): Promise<void> {
    await verifier.verify(input.url, input.token);
    try {
      await this.secrets.set(input.url, input.token);
      this.sessionOnly.delete(input.url);
    } catch (error) {
      if (!(error instanceof SecretStoreUnavailableError)) throw error;
      // Never fall back to a file: keep the token in memory for this session and say so in Settings.
      this.sessionOnly.add(input.url);
      this.warnOnce(
        `The keychain could not keep the token for ${input.url}; it lasts until the app quits. ${error.message}`,
      );
    }
    this.remember(input.url, input.token);
    await this.settings.saveService({
      url: input.url,
      label: input.label,
      plan: input.plan,
      makeActive: true,
    });
    this.logger.info(`Signed in to ${input.url}`);
  }

  async signOut(url: string): Promise<void> {
    this.tokens.set(url, null);
    if (this.sessionOnly.delete(url)) return;
    await this.keychain(() => this.secrets.delete(url));
    this.logger.info(`Signed out of ${url}`);
  }

  /** The token for a service, from memory or the keychain; undefined when not signed in. */
  async token(url: string): Promise<string | undefined> {
    if (!this.tokens.has(url) && !this.sessionOnly.has(url)) {
      const stored = await this.keychain(() => this.secrets.get(url));
      this.remember(url, stored ?? null);
    }
    return this.tokens.get(url) ?? undefined;
  }

  /** Like token(), but a missing token is an error that tells the user what to do. */
  async requireToken(url: string): Promise<string> {
    const token = await this.token(url);
    if (token === undefined) {
      throw new IpcError({
        code: 'NOT_SIGNED_IN',
        message: `You are not signed in to ${url}. Add your token in Settings → Service.`,
      });
    }
    return token;
  }

  async status(url: string): Promise<TokenStatus> {
    let token: string | undefined;
    try {
      token = await this.token(url);
    } catch (error) {
      // A keychain that cannot be read shows as signed out; the sign-in form then explains the keychain problem.
      this.warnOnce(`Could not read the keychain: ${error instanceof Error ? error.message : String(error)}`);
      return { signedIn: false, maskedToken: null, sessionOnly: false };
    }
    return token === undefined
      ? { signedIn: false, maskedToken: null, sessionOnly: false }
      : { signedIn: true, maskedToken: maskToken(token), sessionOnly: this.sessionOnly.has(url) };
  }

  private warnOnce(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.logger.warn(message);
  }

  private remember(url: string, token: string | null): void {
    this.tokens.set(url, token);
    if (token !== null) this.logger.addSecret?.(token);
  }

  private async keychain<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof SecretStoreUnavailableError) {
        throw new IpcError({ code: 'KEYCHAIN_UNAVAILABLE', message: error.message });
      }
      throw error;
    }
  }
}

/** ••••3f9a: enough to tell two tokens apart, never enough to use one. */
function maskToken(token: string): string {
  return token.length <= 8 ? '••••' : `••••${token.slice(-4)}`;
}
