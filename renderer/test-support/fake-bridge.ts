import type { TimbreBridge } from '../../common/ipc/api.js';
import type { EventName, MethodName } from '../../common/ipc/contract.js';
import type { IpcResponse } from '../../common/ipc/errors.js';

type Responder = (input: unknown) => IpcResponse<unknown> | Promise<IpcResponse<unknown>>;

/** A bridge for component tests: answers each method with a responder and records every call. */
export class FakeBridge implements TimbreBridge {
  readonly calls: { method: MethodName; input: unknown }[] = [];
  private readonly listeners = new Map<EventName, Set<(payload: unknown) => void>>();

  constructor(private readonly responders: Partial<Record<MethodName, Responder>>) {}

  invoke(method: MethodName, input: unknown): Promise<IpcResponse<unknown>> {
    this.calls.push({ method, input });
    const responder = this.responders[method];
    return Promise.resolve(
      responder
        ? responder(input)
        : { ok: false, error: { code: 'UNKNOWN_METHOD', message: `No fake for ${method}` } },
    );
  }

  on(eventName: EventName, listener: (payload: unknown) => void): () => void {
    const set = this.listeners.get(eventName) ?? new Set();
    set.add(listener);
    this.listeners.set(eventName, set);
    return () => set.delete(listener);
  }

  emit(eventName: EventName, payload: unknown): void {
    for (const listener of this.listeners.get(eventName) ?? []) listener(payload);
  }
}
