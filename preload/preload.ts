import type { IpcRendererEvent } from 'electron';
import { contextBridge, ipcRenderer } from 'electron';
import type { TimbreBridge } from '../common/ipc/api.js';
import { eventChannel, invokeChannel, isEventName, isMethodName } from '../common/ipc/contract.js';

/**
 * Exposes exactly the IPC contract as `window.timbre`: invoke for the contract's methods, on for its events.
 * Raw ipcRenderer never crosses the bridge (its event object would leak the sender), and unknown names are
 * refused here as well as in main.
 */
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
    const handler = (_event: IpcRendererEvent, name: unknown, payload: unknown): void => {
      if (name === eventName) listener(payload);
    };
    ipcRenderer.on(eventChannel, handler);
    return () => {
      ipcRenderer.removeListener(eventChannel, handler);
    };
  },
};

contextBridge.exposeInMainWorld('timbre', bridge);
