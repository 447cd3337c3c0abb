import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimbreBridge } from '../common/ipc/api.js';
import { eventChannel, invokeChannel } from '../common/ipc/contract.js';

const exposed = new Map<string, unknown>();
const invoke = vi.fn((..._args: unknown[]) => Promise.resolve({ ok: true, result: 'pong' }));
const listeners = new Map<string, (...args: unknown[]) => void>();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (channel: string, handler: (...args: unknown[]) => void) => listeners.set(channel, handler),
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
    expect(listeners.has(eventChannel)).toBe(false);
  });
});
