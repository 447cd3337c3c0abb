import type { EventName, EventPayload } from '../../common/ipc/contract.js';

export type EventListener = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** Services emit small typed events here; each shell forwards them to its renderers. */
export class EventHub {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) listener(name, payload);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
