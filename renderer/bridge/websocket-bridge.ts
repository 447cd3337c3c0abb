import type { TimbreBridge } from '../../common/ipc/api.js';
import type { EventName } from '../../common/ipc/contract.js';
import type { IpcResponse } from '../../common/ipc/errors.js';

interface PendingCall {
  resolve: (response: IpcResponse<unknown>) => void;
}

type ServerFrame =
  | { type: 'response'; id: number; response: IpcResponse<unknown> }
  | { type: 'event'; name: EventName; payload: unknown };

/**
 * The browser shell's implementation of `window.timbre`: the same contract over a WebSocket to the local shell.
 * The per-launch secret comes from the page URL's fragment. Calls made while (re)connecting wait for the socket;
 * if it drops, pending calls fail with a clear message and the bridge reconnects.
 */
export function createWebSocketBridge(location: Location): TimbreBridge {
  const secret = new URLSearchParams(location.hash.replace(/^#/, '')).get('secret') ?? '';
  const socketUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ipc?secret=${encodeURIComponent(secret)}`;
  const pending = new Map<number, PendingCall>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let socket: WebSocket;
  let opened: Promise<void>;
  let retryDelayMs = 250;

  const connect = (): void => {
    socket = new WebSocket(socketUrl);
    opened = new Promise((resolve) => socket.addEventListener('open', () => resolve(), { once: true }));
    socket.addEventListener('open', () => {
      retryDelayMs = 250;
    });
    socket.addEventListener('message', (message) => {
      const frame = JSON.parse(String(message.data)) as ServerFrame;
      if (frame.type === 'response') {
        pending.get(frame.id)?.resolve(frame.response);
        pending.delete(frame.id);
      } else {
        for (const listener of listeners.get(frame.name) ?? []) listener(frame.payload);
      }
    });
    socket.addEventListener('close', () => {
      for (const call of pending.values()) {
        call.resolve({
          ok: false,
          error: { code: 'INTERNAL', message: 'Lost the connection to Timbre Studio. Is it still running?' },
        });
      }
      pending.clear();
      setTimeout(connect, retryDelayMs);
      retryDelayMs = Math.min(retryDelayMs * 2, 5000);
    });
  };
  connect();

  return {
    async invoke(method, input) {
      await opened;
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, { resolve });
        socket.send(JSON.stringify({ type: 'request', id, method, input }));
      });
    },
    on(eventName, listener) {
      const set = listeners.get(eventName) ?? new Set();
      set.add(listener);
      listeners.set(eventName, set);
      return () => {
        set.delete(listener);
      };
    },
  };
}
