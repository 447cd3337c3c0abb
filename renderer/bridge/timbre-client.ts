import type { TimbreBridge, TimbreClient } from '../../common/ipc/api.js';
import { IpcError } from '../../common/ipc/errors.js';
import { createWebSocketBridge } from './websocket-bridge.js';

declare global {
  interface Window {
    /** Provided by the Electron preload; absent in the browser shell, where the WebSocket bridge stands in. */
    timbre?: TimbreBridge;
  }
}

/** Wraps a bridge so failures become thrown IpcErrors that keep their code, field and request id. */
function createTimbreClient(bridge: TimbreBridge): TimbreClient {
  return {
    async invoke(method, ...args) {
      const response = await bridge.invoke(method, args[0]);
      if (!response.ok) throw new IpcError(response.error);
      return response.result as never;
    },
    on(eventName, listener) {
      return bridge.on(eventName, listener as (payload: unknown) => void);
    },
  };
}

let cached: { bridge: TimbreBridge; client: TimbreClient } | undefined;

/**
 * The app's one client of main, created on first use: over the preload's global in Electron, over the WebSocket
 * bridge in the browser shell. Rebuilt only if the global changes (component tests install fakes).
 */
export function timbre(): TimbreClient {
  const preloadBridge = window.timbre;
  if (cached && (preloadBridge === undefined || cached.bridge === preloadBridge)) return cached.client;
  const bridge = preloadBridge ?? createWebSocketBridge(window.location);
  cached = { bridge, client: createTimbreClient(bridge) };
  return cached.client;
}
