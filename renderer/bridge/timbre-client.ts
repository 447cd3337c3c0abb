import type { TimbreBridge, TimbreClient } from '../../common/ipc/api.js';
import { IpcError } from '../../common/ipc/errors.js';
import { decodeResult } from '../../common/ipc/wire-codec.js';

declare global {
  interface Window {
    /** Provided by the Electron preload; absent in the browser shell, where the WebSocket bridge stands in. */
    timbre?: TimbreBridge;
  }
}

/** Wraps a bridge so failures become thrown IpcErrors that keep their code, field and request id. */
export function createTimbreClient(bridge: TimbreBridge): TimbreClient {
  return {
    async invoke(method, ...args) {
      const response = await bridge.invoke(method, args[0]);
      if (!response.ok) throw new IpcError(response.error);
      return decodeResult(method, response.result) as never;
    },
    on(eventName, listener) {
      return bridge.on(eventName, listener as (payload: unknown) => void);
    },
  };
}
