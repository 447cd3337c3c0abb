/** Why the keychain could not be used; each reason has its own plain-words remedy. */
export type SecretStoreUnavailableReason =
  'module-missing' | 'no-session-bus' | 'no-secret-service' | 'no-keyring' | 'locked' | 'refused';

const REMEDIES: Record<SecretStoreUnavailableReason, string> = {
  'module-missing':
    'The keychain module (keytar) could not be loaded, so tokens cannot be stored securely. Reinstall the app; ' +
    'when building from source on Linux, install libsecret-1-dev, python3, make and g++, then run npm ci.',
  'no-session-bus':
    'No D-Bus session is running, so the system keychain (Secret Service) cannot be reached. Start Timbre ' +
    'Studio from a desktop session; on a machine without one, start it inside a D-Bus session (dbus-run-session) ' +
    'with an unlocked keyring (from a source checkout: scripts/with-keyring.sh does both).',
  'no-secret-service':
    'No keychain service (Secret Service) is running in this session. Install and start GNOME Keyring ' +
    '(apt install gnome-keyring), or enable the Secret Service in KWallet or KeePassXC.',
  'no-keyring':
    'The keychain has no default keyring to keep tokens in. Create or unlock the "Login" keyring (for example ' +
    'in the Passwords and Keys app); on a machine without a desktop, unlock gnome-keyring with ' +
    'gnome-keyring-daemon --unlock (from a source checkout: scripts/with-keyring.sh does it).',
  locked:
    'The keychain is locked and could not be unlocked (no unlock prompt could be shown, or it was dismissed). ' +
    'Unlock your login keyring, then try again.',
  refused: 'The system keychain refused the operation.',
};

export interface SecretStoreUnavailableDetails {
  reason: SecretStoreUnavailableReason;
  /** The backend that failed, as `describeBackend().name` reports it. */
  backend: string;
  /** What the keychain itself said, already stripped of any secret. */
  keychainMessage?: string | undefined;
  /** What the app found itself, e.g. "DBUS_SESSION_BUS_ADDRESS is not set". */
  finding?: string;
}

/**
 * The keychain cannot be used right now. The message says in plain words what to install or unlock. It never
 * carries a secret, and the raw error is deliberately not attached as `cause`, because loggers print causes.
 */
export class SecretStoreUnavailableError extends Error {
  readonly reason: SecretStoreUnavailableReason;
  readonly backend: string;
  readonly keychainMessage: string | undefined;

  constructor(details: SecretStoreUnavailableDetails) {
    const notes = [
      details.finding,
      details.keychainMessage ? `${details.backend} said: ${details.keychainMessage}` : undefined,
    ].filter((note) => note !== undefined && note !== '');
    super(`${REMEDIES[details.reason]}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`);
    this.name = 'SecretStoreUnavailableError';
    this.reason = details.reason;
    this.backend = details.backend;
    this.keychainMessage = details.keychainMessage;
  }
}

// Messages of libsecret/GLib/D-Bus (Linux, as observed under dbus-run-session) and Security.framework (macOS).
const PATTERNS: ReadonlyArray<readonly [RegExp, SecretStoreUnavailableReason]> = [
  [
    /autolaunch|DBUS_SESSION_BUS_ADDRESS|dbus-launch|Could not connect|connection is closed/i,
    'no-session-bus',
  ],
  [/not provided by any \.service files|ServiceUnknown/i, 'no-secret-service'],
  [/(Object does not exist|No such object) at path .*collection/i, 'no-keyring'],
  [/locked|prompt|dismissed|interaction is not allowed|passphrase you entered is not correct/i, 'locked'],
];

/** Replaces every occurrence of the secret, so a keychain that echoes its input cannot leak it onwards. */
export function redactSecret(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}

/** Reasons that a missing session bus explains: a locked or empty keyring needs a bus to be seen at all. */
const EXPLAINED_BY_NO_BUS: ReadonlySet<SecretStoreUnavailableReason> = new Set([
  'no-session-bus',
  'no-secret-service',
  'refused',
]);

/**
 * Turns whatever a keytar call threw into a SecretStoreUnavailableError with the right remedy. `noSessionBus`
 * is why the process has no D-Bus session (session-bus.ts), when it has none: then that is the cause of a
 * failure that could otherwise read as a missing keychain ("not provided by any .service files" comes from a
 * bus libsecret started for itself), and installing a keychain would not help.
 */
export function toSecretStoreUnavailableError(
  error: unknown,
  backend: string,
  secret?: string,
  noSessionBus?: string,
): SecretStoreUnavailableError {
  if (error instanceof SecretStoreUnavailableError) return error;
  const raw = error instanceof Error ? error.message : String(error);
  const keychainMessage = redactSecret(raw, secret).trim() || undefined;
  const said = PATTERNS.find(([pattern]) => pattern.test(keychainMessage ?? ''))?.[1] ?? 'refused';
  if (noSessionBus !== undefined && EXPLAINED_BY_NO_BUS.has(said)) {
    return new SecretStoreUnavailableError({
      reason: 'no-session-bus',
      backend,
      keychainMessage,
      finding: noSessionBus,
    });
  }
  return new SecretStoreUnavailableError({ reason: said, backend, keychainMessage });
}
