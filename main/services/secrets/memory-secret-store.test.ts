import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from './memory-secret-store.js';
import { InvalidServiceUrlError, SecretStoreUnavailableError } from './secret-store.js';

const serviceA = 'https://a.example.test';
const serviceB = 'http://127.0.0.1:8787';
const secret = 'tok_memory_3f9a';

describe('MemorySecretStore', () => {
  it('round-trips set, get and delete', async () => {
    const store = new MemorySecretStore();
    expect(await store.get(serviceA)).toBeUndefined();
    await store.set(serviceA, secret);
    expect(await store.get(serviceA)).toBe(secret);
    expect(await store.delete(serviceA)).toBe(true);
    expect(await store.get(serviceA)).toBeUndefined();
  });

  it('keeps two accounts apart', async () => {
    const store = new MemorySecretStore();
    await store.set(serviceA, 'secret-a');
    await store.set(serviceB, 'secret-b');
    expect(await store.get(serviceA)).toBe('secret-a');
    expect(await store.get(serviceB)).toBe('secret-b');
    await store.delete(serviceA);
    expect(await store.get(serviceB)).toBe('secret-b');
  });

  it('overwrites an existing secret', async () => {
    const store = new MemorySecretStore();
    await store.set(serviceA, 'first');
    await store.set(serviceA, 'second');
    expect(await store.get(serviceA)).toBe('second');
  });

  it('keeps a unicode secret intact', async () => {
    const store = new MemorySecretStore();
    const unicode = 'Ключ-密钥-🔑-e\u0301-ﬁ';
    await store.set(serviceA, unicode);
    expect(await store.get(serviceA)).toBe(unicode);
  });

  it('reports false when deleting an entry that does not exist', async () => {
    const store = new MemorySecretStore();
    expect(await store.delete(serviceA)).toBe(false);
  });

  it('files every spelling of one service URL under one entry', async () => {
    const store = new MemorySecretStore();
    await store.set('HTTPS://A.Example.Test/', secret);
    expect(await store.get(serviceA)).toBe(secret);
    expect(await store.delete('https://a.example.test:443')).toBe(true);
  });

  it('rejects a non-http(s) account, an empty secret and a secret with NUL, without echoing the secret', async () => {
    const store = new MemorySecretStore();
    await expect(store.set('ftp://a.example.test', secret)).rejects.toBeInstanceOf(InvalidServiceUrlError);
    await expect(store.get('not a url')).rejects.toThrow('url must be an absolute http:// or https:// URL');
    await expect(store.set(serviceA, '')).rejects.toThrow('secret must be a non-empty string');
    const withNul = `${secret}\0tail`;
    const error = await store.set(serviceA, withNul).catch((caught: unknown) => caught);
    expect(String(error)).toBe('RangeError: secret must not contain NUL characters');
    expect(await store.get(serviceA)).toBeUndefined();
  });

  it('never shows a secret through inspect, JSON, toString or a failed-call error', async () => {
    const store = new MemorySecretStore();
    await store.set(serviceA, secret);
    for (const rendering of [
      inspect(store, { showHidden: true, depth: 5 }),
      JSON.stringify(store),
      String(store),
    ]) {
      expect(rendering).not.toContain(secret);
    }
    expect(String(store)).toBe('MemorySecretStore(1 entries)');
    store.simulateUnavailable('locked');
    const error = await store.set(serviceA, secret).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SecretStoreUnavailableError);
    expect(inspect(error)).not.toContain(secret);
  });

  it('simulates an unusable keychain for every call until told otherwise', async () => {
    const store = new MemorySecretStore();
    await store.set(serviceA, secret);
    store.simulateUnavailable('no-secret-service');
    await expect(store.get(serviceA)).rejects.toMatchObject({
      reason: 'no-secret-service',
      backend: 'memory',
    });
    await expect(store.set(serviceA, 'other')).rejects.toBeInstanceOf(SecretStoreUnavailableError);
    await expect(store.delete(serviceA)).rejects.toThrow('gnome-keyring');
    expect(await store.describeBackend()).toMatchObject({ name: 'memory', secure: false });
    store.simulateUnavailable(undefined);
    expect(await store.get(serviceA)).toBe(secret);
  });

  it('describes itself as an insecure in-memory backend', async () => {
    expect(await new MemorySecretStore().describeBackend()).toEqual({
      name: 'memory',
      secure: false,
      detail: 'Kept in memory only and lost when the app quits (tests).',
    });
  });
});
