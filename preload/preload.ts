import type { IpcRendererEvent } from 'electron';
import { contextBridge, ipcRenderer } from 'electron';
import type { TimbreBridge } from '../common/ipc/api.js';
import type { EventName } from '../common/ipc/contract.js';
import { eventChannel, invokeChannel, isEventName, isMethodName } from '../common/ipc/names.js';

/**
 * Exposes exactly the IPC contract as `window.timbre`: invoke for the contract's methods, on for its events.
 * Raw ipcRenderer never crosses the bridge (its event object would leak the sender), and unknown names are
 * refused here as well as in main. It imports only the contract's names (no zod, no schemas): main validates.
 *
 * Events arrive on one channel with one ipcRenderer listener, dispatched by name to the page's subscribers (as
 * the browser shell's WebSocket bridge does), so any number of subscriptions stays one listener for Node.
 */
const subscribers = new Map<EventName, Set<(payload: unknown) => void>>();

ipcRenderer.on(eventChannel, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (!isEventName(name)) return;
  for (const listener of subscribers.get(name) ?? []) listener(payload);
});

const bridge: TimbreBridge = {
  invoke(method, input) {
    if (!isMethodName(method)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'UNKNOWN_METHOD', message: `Unknown method ${String(method)}.` },
      });
    }
    return ipcRenderer.invoke(invokeChannel, method, input);
  },
  on(eventName, listener) {
    if (!isEventName(eventName)) throw new Error(`Unknown event ${String(eventName)}.`);
    const set = subscribers.get(eventName) ?? new Set();
    set.add(listener);
    subscribers.set(eventName, set);
    return () => {
      set.delete(listener);
    };
  },
};

contextBridge.exposeInMainWorld('timbre', bridge);
