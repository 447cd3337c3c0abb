import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import * as keytar from 'keytar';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeytarApi } from './keytar-secret-store.js';
import { KeytarSecretStore } from './keytar-secret-store.js';
import { InvalidServiceUrlError, SECRET_SERVICE_NAME, SecretStoreUnavailableError } from './secret-store.js';

const RUN_UNDER_KEYRING =
  'The keychain tests use the real OS keychain (on Linux: a running, unlocked Secret Service). ' +
  'Run them under scripts/with-keyring.sh, e.g. `bash scripts/with-keyring.sh npx vitest run main/services/secrets`.';

describe('KeytarSecretStore against the real keychain', () => {
  // A service name of its own, so the tests never touch a developer's real Timbre Studio entries.
  const serviceName = `${SECRET_SERVICE_NAME} test ${randomUUID()}`;
  const store = new KeytarSecretStore({ serviceName });
  const serviceA = 'https://a.example.test';
  const serviceB = 'http://127.0.0.1:8787';
  const secret = `tok_real_${randomUUID()}`;

  // Checked before every test, so that without a keychain each test FAILS with the instructions: a skipped
  // keychain test (which is what a failing beforeAll reports) would hide a broken keychain in CI.
  let keychainCheck: Promise<void> | undefined;
  beforeEach(async () => {
    keychainCheck ??= store.describeBackend().then((backend) => {
      if (!backend.secure)
        throw new Error(`${RUN_UNDER_KEYRING}\nKeychain: ${backend.detail ?? backend.name}`);
    });
    await keychainCheck;
  });

  afterAll(async () => {
    await Promise.allSettled([store.delete(serviceA), store.delete(serviceB)]);
  });

  it('round-trips set, get and delete, under the service name and normalised URL', async () => {
    expect(await store.get(serviceA)).toBeUndefined();
    await store.set(`${serviceA.toUpperCase()}/`, secret);
    expect(await store.get(serviceA)).toBe(secret);
    // What other keychain tools see: the service name and the normalised base URL as the account.
    expect(await keytar.getPassword(serviceName, serviceA)).toBe(secret);
    expect(await store.delete(serviceA)).toBe(true);
    expect(await store.get(serviceA)).toBeUndefined();
  });

  it('keeps two accounts apart', async () => {
    await store.set(serviceA, 'secret-a');
    await store.set(serviceB, 'secret-b');
    expect(await store.get(serviceA)).toBe('secret-a');
    expect(await store.get(serviceB)).toBe('secret-b');
    expect(await store.delete(serviceA)).toBe(true);
    expect(await store.get(serviceB)).toBe('secret-b');
    expect(await store.delete(serviceB)).toBe(true);
  });

  it('overwrites an existing secret', async () => {
    await store.set(serviceA, 'first');
    await store.set(serviceA, 'second, longer than the first');
    expect(await store.get(serviceA)).toBe('second, longer than the first');
    expect(await store.delete(serviceA)).toBe(true);
  });

  it('keeps a unicode secret intact', async () => {
    const unicode = 'Ключ-密钥-🔑-e\u0301-ﬁ-\u200d';
    await store.set(serviceA, unicode);
    expect(await store.get(serviceA)).toBe(unicode);
    expect(await store.delete(serviceA)).toBe(true);
  });

  it('reports false when deleting an entry that does not exist', async () => {
    expect(await store.delete('https://never-saved.example.test')).toBe(false);
  });

  it('files entries under "Timbre Studio" by default', async () => {
    const account = `https://default-service-${randomUUID()}.example.test`;
    const appStore = new KeytarSecretStore();
    try {
      await appStore.set(account, secret);
      expect(await keytar.getPassword('Timbre Studio', account)).toBe(secret);
    } finally {
      expect(await appStore.delete(account)).toBe(true);
    }
  });

  it('describes the platform keychain as secure', async () => {
    const expected = { linux: 'libsecret', darwin: 'Keychain', win32: 'Credential Manager' } as const;
    const platform = process.platform as keyof typeof expected;
    expect(await store.describeBackend()).toMatchObject({
      name: expected[platform] ?? 'libsecret',
      secure: true,
    });
  });

  it('puts no secret into any error it throws', async () => {
    const failures = await Promise.all([
      store.set('ftp://a.example.test', secret).catch((error: unknown) => error),
      store.set(`https://x:${secret}@example.test`, secret).catch((error: unknown) => error),
      store.set(serviceA, `${secret}\0tail`).catch((error: unknown) => error),
      store.set(serviceA, '').catch((error: unknown) => error),
    ]);
    expect(failures[0]).toBeInstanceOf(InvalidServiceUrlError);
    expect(failures[1]).toBeInstanceOf(InvalidServiceUrlError);
    expect(failures[2]).toBeInstanceOf(RangeError);
    expect(failures[3]).toBeInstanceOf(TypeError);
    for (const failure of failures) {
      expect(`${String(failure)} ${inspect(failure)}`).not.toContain(secret);
    }
    expect(await store.get(serviceA)).toBeUndefined();
    expect(String(store)).not.toContain(secret);
  });
});

describe('KeytarSecretStore when the keychain or keytar fails (simulated)', () => {
  const account = 'https://a.example.test';

  function fakeKeytar(failure: string): KeytarApi {
    const reject = async (): Promise<never> => {
      throw new Error(failure);
    };
    return { getPassword: reject, setPassword: reject, deletePassword: reject };
  }

  it('turns a missing native module into a clear error, and tries loading again on the next call', async () => {
    let loads = 0;
    const store = new KeytarSecretStore({
      loadKeytar: async () => {
        loads += 1;
        throw new Error("Cannot find module '../build/Release/keytar.node'");
      },
    });
    const error = await store.get(account).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SecretStoreUnavailableError);
    expect(error).toMatchObject({ reason: 'module-missing', backend: 'libsecret' });
    expect(String(error)).toContain('install libsecret-1-dev, python3, make and g++, then run npm ci');
    await expect(store.set(account, 'x')).rejects.toMatchObject({ reason: 'module-missing' });
    expect(loads).toBe(2);
  });

  it('checks the URL before loading keytar at all', async () => {
    let loads = 0;
    const store = new KeytarSecretStore({
      loadKeytar: async () => {
        loads += 1;
        return fakeKeytar('unused');
      },
    });
    await expect(store.get('mailto:someone@example.test')).rejects.toBeInstanceOf(InvalidServiceUrlError);
    expect(loads).toBe(0);
  });

  it('explains a missing D-Bus session and points to scripts/with-keyring.sh', async () => {
    const store = new KeytarSecretStore({
      platform: 'linux',
      loadKeytar: async () => fakeKeytar('Cannot autolaunch D-Bus without X11 $DISPLAY'),
    });
    const error = await store.delete(account).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'no-session-bus', backend: 'libsecret' });
    expect(String(error)).toContain('scripts/with-keyring.sh');
    expect(await store.describeBackend()).toEqual({
      name: 'libsecret',
      secure: false,
      detail: (error as Error).message,
    });
  });

  it.each([
    ['no session bus address', {}, 'no-session-bus', 'DBUS_SESSION_BUS_ADDRESS is not set'],
    [
      'a bus address',
      { DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/dbus-x1y2' },
      'no-secret-service',
      'apt install gnome-keyring',
    ],
  ] as const)(
    'tells a missing keychain service with %s apart: the remedy is for the real cause',
    async (_case, environment, reason, remedy) => {
      // libsecret says this on the bus it autolaunches for itself when there is no session bus, too.
      const store = new KeytarSecretStore({
        platform: 'linux',
        environment,
        loadKeytar: async () =>
          fakeKeytar('The name org.freedesktop.secrets was not provided by any .service files'),
      });
      const error = await store.get(account).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ reason });
      expect(String(error)).toContain(remedy);
      if (reason === 'no-session-bus') expect(String(error)).not.toContain('gnome-keyring');
    },
  );

  it('keeps a locked keyring locked whatever the session bus address', async () => {
    const store = new KeytarSecretStore({
      platform: 'linux',
      environment: {},
      loadKeytar: async () => fakeKeytar('Cannot create an item in a locked collection'),
    });
    await expect(store.set(account, 'x')).rejects.toMatchObject({ reason: 'locked' });
  });

  it('redacts the secret when the keychain echoes it back in an error', async () => {
    const secret = 'tok_echoed_by_keychain';
    const store = new KeytarSecretStore({
      loadKeytar: async () => ({
        ...fakeKeytar('unused'),
        setPassword: async (_service: string, _account: string, password: string): Promise<void> => {
          throw new Error(`Cannot store "${password}" in a locked collection`);
        },
      }),
    });
    const error = await store.set(account, secret).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'locked' });
    const renderings = [String(error), inspect(error), JSON.stringify(error), (error as Error).stack ?? ''];
    for (const rendering of renderings) expect(rendering).not.toContain(secret);
    expect(String(error)).toContain('Cannot store "[redacted]" in a locked collection');
  });

  it.each([
    ['linux', 'libsecret'],
    ['freebsd', 'libsecret'],
    ['darwin', 'Keychain'],
    ['win32', 'Credential Manager'],
  ] as const)('names the %s backend %s', async (platform, name) => {
    const store = new KeytarSecretStore({
      platform,
      loadKeytar: async () => ({ ...fakeKeytar('unused'), getPassword: async () => null }),
    });
    expect(await store.describeBackend()).toMatchObject({ name, secure: true });
    expect(String(store)).toBe(`KeytarSecretStore(${name}, service "Timbre Studio")`);
  });
});
