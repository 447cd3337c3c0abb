import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  redactSecret,
  SecretStoreUnavailableError,
  toSecretStoreUnavailableError,
} from './secret-store-errors.js';

describe('toSecretStoreUnavailableError', () => {
  // Messages seen from keytar 7.9 + libsecret in this container, and documented macOS ones.
  it.each([
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'no-session-bus', 'scripts/with-keyring.sh'],
    ['Could not connect: No such file or directory', 'no-session-bus', 'desktop session'],
    [
      'The name org.freedesktop.secrets was not provided by any .service files',
      'no-secret-service',
      'gnome-keyring',
    ],
    [
      'Object does not exist at path “/org/freedesktop/secrets/collection/login”',
      'no-keyring',
      '"Login" keyring',
    ],
    ['Cannot create an item in a locked collection', 'locked', 'Unlock your login keyring'],
    ["couldn't initialize prompt", 'locked', 'Unlock your login keyring'],
    ['User interaction is not allowed.', 'locked', 'Unlock your login keyring'],
    ['Something nobody has seen before', 'refused', 'refused the operation'],
  ] as const)('maps %j to %s with a remedy', (keychainMessage, reason, remedy) => {
    const error = toSecretStoreUnavailableError(new Error(keychainMessage), 'libsecret');
    expect(error).toBeInstanceOf(SecretStoreUnavailableError);
    expect(error.reason).toBe(reason);
    expect(error.backend).toBe('libsecret');
    expect(error.message).toContain(remedy);
    expect(error.message).toContain(`(libsecret said: ${keychainMessage})`);
  });

  it('accepts non-Error rejections', () => {
    expect(
      toSecretStoreUnavailableError('Cannot create an item in a locked collection', 'libsecret').reason,
    ).toBe('locked');
  });

  it('passes an already mapped error through unchanged', () => {
    const original = new SecretStoreUnavailableError({ reason: 'locked', backend: 'Keychain' });
    expect(toSecretStoreUnavailableError(original, 'libsecret')).toBe(original);
  });

  it('strips the secret from everything the error carries, and keeps no raw cause', () => {
    const secret = 'tok_5ecret-value';
    const raw = new Error(`Cannot store ${secret} in a locked collection (${secret})`);
    const error = toSecretStoreUnavailableError(raw, 'libsecret', secret);
    expect(error.reason).toBe('locked');
    expect(error.keychainMessage).toBe('Cannot store [redacted] in a locked collection ([redacted])');
    expect(error.cause).toBeUndefined();
    for (const rendering of [
      error.message,
      String(error),
      error.stack ?? '',
      inspect(error),
      JSON.stringify(error),
    ]) {
      expect(rendering).not.toContain(secret);
    }
  });
});

describe('redactSecret', () => {
  it('replaces every occurrence and leaves text without the secret alone', () => {
    expect(redactSecret('a-S-b-S', 'S')).toBe('a-[redacted]-b-[redacted]');
    expect(redactSecret('nothing here', 'zzz')).toBe('nothing here');
    expect(redactSecret('no secret given', undefined)).toBe('no secret given');
  });
});
