import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';

/*
 * The one way the renderer listens to the DOM, workers and sockets: every listener comes with the cleanup that
 * removes it, so nothing outlives the component or object that added it (wavesurfer's subscriptions). ESLint bans
 * raw `addEventListener` outside this module.
 */

/** The events a target can send, so a handler gets the right event type. */
type EventMapOf<T> = T extends Window
  ? WindowEventMap
  : T extends Document
    ? DocumentEventMap
    : T extends HTMLElement
      ? HTMLElementEventMap
      : T extends WebSocket
        ? WebSocketEventMap
        : T extends Worker
          ? WorkerEventMap
          : T extends MediaRecorder
            ? MediaRecorderEventMap
            : T extends MediaDevices
              ? MediaDevicesEventMap
              : Record<string, Event>;

export type EventName<T> = keyof EventMapOf<T> & string;
export type EventHandler<T, K extends EventName<T>> = (event: EventMapOf<T>[K]) => void;

/** Adds a listener and returns what removes it. */
export function listen<T extends EventTarget, K extends EventName<T>>(
  target: T,
  type: K,
  handler: EventHandler<T, K>,
  options?: AddEventListenerOptions,
): () => void {
  const listener = handler as unknown as EventListener;
  target.addEventListener(type, listener, options);
  return () => target.removeEventListener(type, listener, options);
}

/**
 * Listeners, timers and frames owned by one object, all removed by `dispose()`: for the classes that outlive a
 * render (a recording, a player, the socket to main).
 */
export class ListenerScope {
  /** What `dispose()` undoes; a timer or frame that has run takes its cleanup out, so a long-lived scope stays small. */
  private readonly cleanups = new Set<() => void>();

  listen<T extends EventTarget, K extends EventName<T>>(
    target: T,
    type: K,
    handler: EventHandler<T, K>,
    options?: AddEventListenerOptions,
  ): void {
    this.cleanups.add(listen(target, type, handler, options));
  }

  timeout(run: () => void, delayMs: number): void {
    const cancel = (): void => clearTimeout(timer);
    const timer = setTimeout(() => {
      this.cleanups.delete(cancel);
      run();
    }, delayMs);
    this.cleanups.add(cancel);
  }

  frame(run: () => void): void {
    const cancel = (): void => cancelAnimationFrame(frame);
    const frame = requestAnimationFrame(() => {
      this.cleanups.delete(cancel);
      run();
    });
    this.cleanups.add(cancel);
  }

  dispose(): void {
    const cleanups = [...this.cleanups].reverse();
    this.cleanups.clear();
    for (const cleanup of cleanups) cleanup();
  }
}

/**
 * Listens while the component is mounted (and the target exists). The handler may change on every render without
 * the listener being removed and added again: the newest one is called.
 */
export function useListener<T extends EventTarget, K extends EventName<T>>(
  target: T | RefObject<T | null> | null,
  type: K,
  handler: EventHandler<T, K>,
  options?: AddEventListenerOptions,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const capture = options?.capture ?? false;
  const passive = options?.passive;
  useEffect(() => {
    const element = target !== null && 'current' in target ? target.current : target;
    if (element === null) return undefined;
    return listen(element, type, ((event: EventMapOf<T>[K]) => latest.current(event)) as EventHandler<T, K>, {
      capture,
      ...(passive === undefined ? {} : { passive }),
    });
  }, [target, type, capture, passive]);
}
