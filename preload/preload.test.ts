import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimbreBridge } from '../common/ipc/api.js';
import { eventChannel, invokeChannel } from '../common/ipc/names.js';

const exposed = new Map<string, unknown>();
const invoke = vi.fn((..._args: unknown[]) => Promise.resolve({ ok: true, result: 'pong' }));
const listeners = new Map<string, (...args: unknown[]) => void>();
let listenersAdded = 0;

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (channel: string, handler: (...args: unknown[]) => void) => {
      listenersAdded += 1;
      listeners.set(channel, handler);
    },
    removeListener: (channel: string) => listeners.delete(channel),
  },
}));

describe('preload bridge', () => {
  let bridge: TimbreBridge;
  beforeEach(async () => {
    await import('./preload.js');
    bridge = exposed.get('timbre') as TimbreBridge;
  });

  it('exposes one global with only invoke and on', () => {
    expect([...exposed.keys()]).toEqual(['timbre']);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on']);
  });

  it('forwards contract methods on the one invoke channel', async () => {
    await expect(bridge.invoke('settings.get', undefined)).resolves.toEqual({ ok: true, result: 'pong' });
    expect(invoke).toHaveBeenCalledWith(invokeChannel, 'settings.get', undefined);
  });

  it('refuses names outside the contract without reaching main', async () => {
    invoke.mockClear();
    const response = await bridge.invoke('shell.exec' as never, 'rm -rf /');
    expect(response).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(invoke).not.toHaveBeenCalled();
    expect(() => bridge.on('anything' as never, () => undefined)).toThrow('Unknown event');
  });

  it('delivers only the subscribed event, without the IPC event object, and unsubscribes', () => {
    const received: unknown[] = [];
    const unsubscribe = bridge.on('settings.changed', (payload) => received.push(payload));
    const handler = listeners.get(eventChannel);
    handler?.({ sender: 'leak' }, 'platform.notice', { kind: 'progress' });
    handler?.({ sender: 'leak' }, 'settings.changed', { theme: 'dark' });
    expect(received).toEqual([{ theme: 'dark' }]);
    unsubscribe();
    handler?.({ sender: 'leak' }, 'settings.changed', { theme: 'light' });
    expect(received).toEqual([{ theme: 'dark' }]);
  });

  it('keeps one ipcRenderer listener however many subscriptions the page makes', () => {
    const on = listenersAdded;
    const unsubscribes = Array.from({ length: 20 }, () => bridge.on('jobs.updated', () => undefined));
    expect(listenersAdded).toBe(on);
    for (const unsubscribe of unsubscribes) unsubscribe();
  });
});

describe('preload bundle', () => {
  it('imports nothing of the contract but its names (no zod, no schemas)', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL('./preload.ts', import.meta.url), 'utf8');
    const imports = [...source.matchAll(/from '([^']+)'/gu)].map((match) => match[1]);
    expect(
      imports.filter((name) => !name?.startsWith('../common/ipc/api') && !name?.endsWith('contract.js')),
    ).toEqual(['electron', 'electron', '../common/ipc/names.js']);
    const names = await readFile(new URL('../common/ipc/names.ts', import.meta.url), 'utf8');
    expect(names).not.toMatch(/from '/u);
  });
});
