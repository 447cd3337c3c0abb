import type { EventName, EventPayload, MethodInput, MethodName, MethodResult } from './contract.js';
import type { IpcResponse } from './errors.js';

/**
 * The one global the renderer talks to (`window.timbre`), provided by the Electron preload or by the browser
 * shell's WebSocket bridge. It returns envelopes rather than throwing, because errors lose their fields when
 * they cross Electron's contextBridge; the renderer's client turns failures back into IpcError.
 */
export interface TimbreBridge {
  invoke(method: MethodName, input: unknown): Promise<IpcResponse<unknown>>;
  /** Subscribes to a main-process event; returns the unsubscribe function. */
  on(eventName: EventName, listener: (payload: unknown) => void): () => void;
}

/** The typed client the renderer uses on top of the bridge. */
export interface TimbreClient {
  invoke<M extends MethodName>(method: M, ...input: OptionalInput<M>): Promise<MethodResult<M>>;
  on<E extends EventName>(eventName: E, listener: (payload: EventPayload<E>) => void): () => void;
}

type OptionalInput<M extends MethodName> =
  undefined extends MethodInput<M> ? [input?: MethodInput<M>] : [input: MethodInput<M>];
