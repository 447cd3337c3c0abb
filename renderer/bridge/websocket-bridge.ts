import type { TimbreBridge } from '../../common/ipc/api.js';
import type { EventName } from '../../common/ipc/contract.js';
import type { IpcResponse } from '../../common/ipc/errors.js';
import { MAX_IPC_FRAME_BYTES } from '../../common/ipc/limits.js';
import type { StoreApi } from 'zustand';
import type { ConnectionStore } from './connection-store.js';
import { createFrameReader } from './frame-reader.js';
import { createWorkerInflater } from './worker-inflater.js';
import { ListenerScope } from '../shared/listeners.js';

interface PendingCall {
  resolve: (response: IpcResponse<unknown>) => void;
}

type ServerFrame =
  | { type: 'hello'; launchId: string }
  | { type: 'response'; id: number; response: IpcResponse<unknown> }
  | { type: 'event'; name: EventName; payload: unknown };

/** How long a call waits for a dropped connection to come back before it fails (and the caller retries later). */
const CALL_WAIT_MS = 4_000;

const DISCONNECTED: IpcResponse<unknown> = {
  ok: false,
  error: {
    code: 'DISCONNECTED',
    message:
      'Timbre Studio cannot be reached right now. Nothing is lost: your edits stay in this window and are saved when it is back.',
  },
};

/**
 * The browser shell's implementation of `window.timbre`: the same contract over a WebSocket to the local shell.
 * The per-launch secret comes from the page URL's fragment; it also buys the cookie that lets the page play
 * /media/. While the connection is down, calls wait a few seconds for it and then fail with DISCONNECTED
 * (never hang), the connection store says so (the page shows a banner) and the bridge keeps reconnecting.
 * Frames over the limit are refused here with a message, never sent.
 */
export function createWebSocketBridge(
  location: Location,
  connectionStore: StoreApi<ConnectionStore>,
): TimbreBridge {
  const secret = new URLSearchParams(location.hash.replace(/^#/, '')).get('secret') ?? '';
  const socketUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ipc?secret=${encodeURIComponent(secret)}`;
  const pending = new Map<number, PendingCall>();
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let socket: WebSocket | undefined;
  let firstLaunchId: string | undefined;
  let retryDelayMs = 250;
  let waiters: ((open: boolean) => void)[] = [];
  const connection = (): ConnectionStore => connectionStore.getState();
  connection().set('connecting');

  const isOpen = (): boolean => socket?.readyState === WebSocket.OPEN;

  const openSession = (): Promise<unknown> =>
    fetch('/session', { method: 'POST', headers: { 'x-timbre-secret': secret } }).catch(() => undefined);

  const inflate = createWorkerInflater();

  const connect = (): void => {
    const current = new WebSocket(socketUrl);
    current.binaryType = 'arraybuffer';
    socket = current;
    const readFrame = (json: string): void => {
      if (socket !== current) return;
      const frame = JSON.parse(json) as ServerFrame;
      switch (frame.type) {
        case 'hello': {
          retryDelayMs = 250;
          firstLaunchId ??= frame.launchId;
          const sameLaunch = frame.launchId === firstLaunchId;
          connection().set(sameLaunch ? 'connected' : 'relaunched');
          void openSession();
          // Calls that waited through the outage were meant for the launch that went away: a new launch did
          // not open this page's project, so they fail as if still disconnected, and the page decides.
          const ready = waiters;
          waiters = [];
          for (const wake of ready) wake(sameLaunch);
          return;
        }
        case 'response':
          pending.get(frame.id)?.resolve(frame.response);
          pending.delete(frame.id);
          return;
        case 'event':
          for (const listener of listeners.get(frame.name) ?? []) listener(frame.payload);
          return;
        default: {
          const exhaustive: never = frame;
          throw new Error(`Unknown frame ${JSON.stringify(exhaustive)}`);
        }
      }
    };
    // A frame that cannot be read may have been an answer some call waits for: closing the connection fails
    // those calls as disconnected (the page retries), rather than leaving them waiting for ever.
    const onMessage = createFrameReader(readFrame, () => current.close(), inflate);
    // The socket's listeners go with it: a reconnection opens a new socket with its own.
    const socketListeners = new ListenerScope();
    socketListeners.listen(current, 'message', (message) => onMessage(message.data));
    socketListeners.listen(current, 'close', () => {
      socketListeners.dispose();
      if (socket !== current) return;
      for (const call of pending.values()) call.resolve(DISCONNECTED);
      pending.clear();
      if (connection().state !== 'relaunched') {
        connection().set(firstLaunchId === undefined ? 'connecting' : 'disconnected');
      }
      setTimeout(connect, retryDelayMs);
      retryDelayMs = Math.min(retryDelayMs * 2, 3000);
    });
  };

  const whenOpen = (): Promise<boolean> => {
    if (isOpen()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiters = waiters.filter((wake) => wake !== onOpen);
        resolve(false);
      }, CALL_WAIT_MS);
      const onOpen = (open: boolean): void => {
        clearTimeout(timer);
        resolve(open);
      };
      waiters.push(onOpen);
    });
  };

  void openSession();
  connect();

  return {
    async invoke(method, input) {
      const id = nextId++;
      const frame = JSON.stringify({ type: 'request', id, method, input });
      const bytes = frame.length * 3 > MAX_IPC_FRAME_BYTES ? new Blob([frame]).size : frame.length;
      if (bytes > MAX_IPC_FRAME_BYTES) {
        return {
          ok: false,
          error: {
            code: 'INVALID_INPUT',
            message: `This is too large to hand to Timbre Studio in one piece (${(bytes / 1024 / 1024).toFixed(1)} MB; at most ${MAX_IPC_FRAME_BYTES / 1024 / 1024} MB). Split the project into smaller ones; nothing was changed.`,
          },
        };
      }
      if (!(await whenOpen()) || !socket) return DISCONNECTED;
      const open = socket;
      return new Promise((resolve) => {
        pending.set(id, { resolve });
        open.send(frame);
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
