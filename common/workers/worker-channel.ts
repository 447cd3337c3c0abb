/**
 * One typed channel over a worker's message port, the same on every side: main's node worker_threads, the worker
 * itself, the page's web Workers and the web worker's own scope (each through a small Endpoint adapter). A
 * protocol is a pair of message unions discriminated by `type`; a channel sends one union and hands the other to
 * one handler per type, checked first where the messages cross a trust boundary.
 */

/** A message of a protocol: a plain, structured-cloneable object that says what it is. */
export interface TypedMessage {
  readonly type: string;
}

/** The two directions of one worker protocol: what the owner sends the worker, and what the worker answers. */
export interface WorkerProtocol<ToWorker extends TypedMessage, FromWorker extends TypedMessage> {
  readonly toWorker: ToWorker;
  readonly fromWorker: FromWorker;
}

/** What a channel needs of a port: posting with buffers handed over (not copied), and listening until stopped. */
export interface Endpoint {
  post(message: unknown, transfer: readonly ArrayBuffer[]): void;
  /** Starts listening; the function returned stops. */
  listen(listener: EndpointListener): () => void;
  /** Ends the worker (owner side only); answers once it has ended. */
  terminate?(): Promise<unknown>;
}

export interface EndpointListener {
  message(data: unknown): void;
  /** The worker threw, or could not start (owner side). */
  failure(error: Error): void;
  /** The worker ended, with its exit code where the platform tells one (owner side). */
  exit(code: number | undefined): void;
}

/** A runtime check of incoming messages; a zod schema is one. */
export interface MessageCheck<Message> {
  safeParse(data: unknown): { success: true; data: Message } | { success: false; error: { message: string } };
}

/** One handler per message type, each given the message of its type. */
export type MessageHandlers<Message extends TypedMessage> = {
  readonly [Type in Message['type']]: (message: Extract<Message, { readonly type: Type }>) => void;
};

export interface ChannelOptions<Receive extends TypedMessage> {
  /**
   * Checks every incoming message before a handler sees it, where messages cross a trust boundary; without it the
   * messages are taken as typed (a worker of this app's own, whose answers are too large to walk on main's loop).
   */
  readonly check?: MessageCheck<Receive>;
  /** A message the check refused, or one of a type no handler takes, with the reason; it is dropped. */
  readonly onInvalid?: (reason: string) => void;
  readonly onFailure?: (error: Error) => void;
  readonly onExit?: (code: number | undefined) => void;
}

/** Sends `Send` messages and receives `Receive` ones over an endpoint, until close() or the worker's exit. */
export class WorkerChannel<Send extends TypedMessage, Receive extends TypedMessage> {
  private readonly stopListening: () => void;
  private closed = false;

  constructor(
    private readonly endpoint: Endpoint,
    handlers: MessageHandlers<Receive>,
    options: ChannelOptions<Receive> = {},
  ) {
    this.stopListening = endpoint.listen({
      message: (data) => {
        if (this.closed) return;
        const message = checked(data, options);
        if (message === undefined) return;
        // Own handlers only: a type no handler takes (or one named like `toString`) is refused, never thrown on
        // inside the port's listener, where it would be an uncaught exception in main.
        const type: unknown = typeof message === 'object' && message !== null ? message.type : undefined;
        if (typeof type !== 'string' || !Object.hasOwn(handlers, type)) {
          options.onInvalid?.(`no handler takes a message of type ${String(type)}`);
          return;
        }
        const handle = handlers[type as Receive['type']] as (message: Receive) => void;
        handle(message);
      },
      failure: (error) => {
        if (!this.closed) options.onFailure?.(error);
      },
      // Told even after close(): a worker's slot is free only once it has really ended.
      exit: (code) => {
        this.stopListening();
        options.onExit?.(code);
      },
    });
  }

  /** Posts one message; `transfer` lists buffers handed to the other side (they become empty here). */
  send(message: Send, transfer: readonly ArrayBuffer[] = []): void {
    if (!this.closed) this.endpoint.post(message, transfer);
  }

  /**
   * Stops sending and handling messages and failures, and ends the worker where this side owns it; answers once it
   * has ended. Its exit is still told (onExit), and then the channel stops listening. An endpoint that ends nothing
   * (a helper kept for the next phase, a worker's own port) stops listening at once: the thread goes on, and each
   * channel opened on it after this one would otherwise leave its listeners, and what they hold, on it for good.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.endpoint.terminate) await this.endpoint.terminate();
    else this.stopListening();
  }
}

function checked<Receive extends TypedMessage>(
  data: unknown,
  options: ChannelOptions<Receive>,
): Receive | undefined {
  if (!options.check) return data as Receive;
  const result = options.check.safeParse(data);
  if (result.success) return result.data;
  options.onInvalid?.(result.error.message);
  return undefined;
}

/** The owner's side of protocol P's channel. */
export type OwnerChannel<P extends WorkerProtocol<TypedMessage, TypedMessage>> = WorkerChannel<
  P['toWorker'],
  P['fromWorker']
>;

/** The owner's channel to a worker speaking protocol P: sends P's messages to the worker, handles its answers. */
export function openWorkerChannel<P extends WorkerProtocol<TypedMessage, TypedMessage>>(
  endpoint: Endpoint,
  handlers: MessageHandlers<P['fromWorker']>,
  options: ChannelOptions<P['fromWorker']> = {},
): OwnerChannel<P> {
  return new WorkerChannel(endpoint, handlers, options);
}

/** The worker's channel to its owner under protocol P: handles the owner's messages, sends the answers. */
export function openOwnerChannel<P extends WorkerProtocol<TypedMessage, TypedMessage>>(
  endpoint: Endpoint,
  handlers: MessageHandlers<P['toWorker']>,
  options: ChannelOptions<P['toWorker']> = {},
): WorkerChannel<P['fromWorker'], P['toWorker']> {
  return new WorkerChannel(endpoint, handlers, options);
}
