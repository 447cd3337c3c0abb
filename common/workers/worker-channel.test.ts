import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PendingRequests } from './pending-requests.js';
import {
  openOwnerChannel,
  openWorkerChannel,
  type Endpoint,
  type EndpointListener,
  type WorkerProtocol,
} from './worker-channel.js';
import { fromWorkerError, toWorkerError, type WorkerError } from './worker-error.js';

/** A protocol of the kind every worker speaks: a question with an id, bytes handed over, a failure. */
type ToWorker = { type: 'square'; id: number; value: number } | { type: 'bytes'; buffer: ArrayBuffer };
type FromWorker =
  | { type: 'squared'; id: number; value: number }
  | { type: 'received'; length: number }
  | { type: 'failed'; error: WorkerError };
type TestProtocol = WorkerProtocol<ToWorker, FromWorker>;

const toWorkerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('square'), id: z.number().int(), value: z.number() }),
  z.object({ type: z.literal('bytes'), buffer: z.instanceof(ArrayBuffer) }),
]);

/** Both ends of a real message channel (structured cloning and transfer as between threads), as endpoints. */
function endpointPair(): { owner: Endpoint & { exit(code: number): void }; worker: Endpoint } {
  const { port1, port2 } = new MessageChannel();
  const listeners = new Set<EndpointListener>();
  const endpointOf = (port: typeof port1): Endpoint => ({
    post: (message, transfer) => port.postMessage(message, [...transfer]),
    listen: (listener) => {
      const onMessage = (event: Event): void => listener.message((event as Event & { data: unknown }).data);
      port.addEventListener('message', onMessage);
      port.start();
      listeners.add(listener);
      return () => {
        port.removeEventListener('message', onMessage);
        listeners.delete(listener);
      };
    },
  });
  const owner = endpointOf(port1);
  return {
    owner: {
      ...owner,
      terminate: vi.fn(() => Promise.resolve()),
      exit: (code) => {
        for (const listener of [...listeners]) listener.exit(code);
      },
    },
    worker: endpointOf(port2),
  };
}

/** The worker's side: squares numbers, reports the length of the bytes it is handed, refuses unknown messages. */
function serve(endpoint: Endpoint): void {
  const channel = openOwnerChannel<TestProtocol>(
    endpoint,
    {
      square: ({ id, value }) => channel.send({ type: 'squared', id, value: value * value }),
      bytes: ({ buffer }) => channel.send({ type: 'received', length: buffer.byteLength }),
    },
    {
      check: toWorkerSchema,
      onInvalid: (reason) =>
        channel.send({ type: 'failed', error: toWorkerError(new Error(`unknown message: ${reason}`)) }),
    },
  );
}

describe('worker channel', () => {
  it('answers each request under its own id and hands buffers over instead of copying them', async () => {
    const { owner, worker } = endpointPair();
    serve(worker);
    const squares = new PendingRequests<number>();
    let received: (length: number) => void = () => {};
    const channel = openWorkerChannel<TestProtocol>(owner, {
      squared: ({ id, value }) => squares.answer(id, value),
      received: ({ length }) => received(length),
      failed: ({ error }) => squares.failAll(fromWorkerError(error)),
    });
    const answers = [3, 4, 5].map((value) =>
      squares.ask((id) => channel.send({ type: 'square', id, value })),
    );
    expect(await Promise.all(answers)).toEqual([9, 16, 25]);

    const buffer = new ArrayBuffer(1024);
    const length = new Promise<number>((resolve) => (received = resolve));
    channel.send({ type: 'bytes', buffer }, [buffer]);
    expect(buffer.byteLength).toBe(0);
    expect(await length).toBe(1024);
  });

  it('checks messages where they cross a trust boundary: one the worker does not know reaches no handler', async () => {
    const { owner, worker } = endpointPair();
    serve(worker);
    const failure = new Promise<Error>((resolve) => {
      openWorkerChannel<TestProtocol>(owner, {
        squared: () => resolve(new Error('a forged message was handled')),
        received: () => resolve(new Error('a forged message was handled')),
        failed: ({ error }) => resolve(fromWorkerError(error)),
      });
    });
    owner.post({ type: 'square', id: 1, value: 'nine' }, []);
    expect((await failure).message).toMatch(/^unknown message: .*value/su);
  });

  it('stops sending and handling once closed, ends the worker, and still tells its exit', async () => {
    const { owner, worker } = endpointPair();
    const handled = vi.fn();
    openOwnerChannel<TestProtocol>(worker, { square: handled, bytes: handled });
    const exits: (number | undefined)[] = [];
    const channel = openWorkerChannel<TestProtocol>(
      owner,
      { squared: vi.fn(), received: vi.fn(), failed: vi.fn() },
      { onExit: (code) => exits.push(code) },
    );
    await channel.close();
    channel.send({ type: 'square', id: 1, value: 2 });
    expect(owner.terminate).toHaveBeenCalledOnce();
    owner.exit(1);
    expect(exits).toEqual([1]);
    // A message sent after close never left; give the port a turn to prove it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handled).not.toHaveBeenCalled();
  });
});

describe('worker channel without a check', () => {
  it('refuses a message of a type no handler takes (or no type at all) instead of throwing in the listener', () => {
    let listener: EndpointListener | undefined;
    const endpoint: Endpoint = { post: vi.fn(), listen: (given) => ((listener = given), () => {}) };
    const squared = vi.fn();
    const refused: string[] = [];
    openWorkerChannel<TestProtocol>(
      endpoint,
      { squared, received: vi.fn(), failed: vi.fn() },
      { onInvalid: (reason) => refused.push(reason) },
    );
    for (const data of [{ type: 'bogus' }, { type: 'toString' }, null, 7]) {
      expect(() => listener?.message(data)).not.toThrow();
    }
    listener?.message({ type: 'squared', id: 1, value: 4 });
    expect(refused).toEqual([
      'no handler takes a message of type bogus',
      'no handler takes a message of type toString',
      'no handler takes a message of type undefined',
      'no handler takes a message of type undefined',
    ]);
    expect(squared).toHaveBeenCalledExactlyOnceWith({ type: 'squared', id: 1, value: 4 });
  });
});

describe('worker errors', () => {
  class KeyedError extends Error {
    constructor(readonly keys: readonly string[]) {
      super(`missing: ${keys.join(', ')}`);
      this.name = 'KeyedError';
    }
  }

  it('travel as plain data with their own fields, and come back as the class the receiver knows', () => {
    const sent = toWorkerError(Object.assign(new KeyedError(['a', 'b']), { callback: () => 1 }));
    expect(structuredClone(sent)).toEqual({
      name: 'KeyedError',
      message: 'missing: a, b',
      fields: { keys: ['a', 'b'] },
    });
    const revived = fromWorkerError(sent, {
      KeyedError: (error) => new KeyedError(error.fields?.['keys'] as string[]),
    });
    expect(revived).toBeInstanceOf(KeyedError);
    expect((revived as KeyedError).keys).toEqual(['a', 'b']);
  });

  it('come back as a named Error when the receiver does not know the class, and wrap what is not an Error', () => {
    const revived = fromWorkerError(toWorkerError(new RangeError('out of range')));
    expect([revived.name, revived.message]).toEqual(['RangeError', 'out of range']);
    expect(toWorkerError('plain text')).toEqual({ name: 'Error', message: 'plain text' });
  });

  it('keep a field whole when a value inside it is undefined, as structured cloning does', () => {
    const data = { code: 'NOT_FOUND', field: 'path', message: 'gone', requestId: undefined };
    const sent = structuredClone(toWorkerError(Object.assign(new Error('gone'), { name: 'IpcError', data })));
    expect(sent.fields).toEqual({ data });
    expect(Object.hasOwn(sent.fields?.['data'] as object, 'requestId')).toBe(true);
  });

  it('come back with their own fields when the receiver has no reviver for the class', () => {
    const error = Object.assign(new Error('no space left on device'), { code: 'ENOSPC', errno: -28 });
    const revived = fromWorkerError(
      structuredClone({ ...toWorkerError(error), fields: { code: 'ENOSPC', errno: -28, ['__proto__']: 1 } }),
    );
    expect(revived).toMatchObject({ message: 'no space left on device', code: 'ENOSPC', errno: -28 });
    expect(Object.getPrototypeOf(revived)).toBe(Error.prototype);
  });

  it('fail every request still waiting when the worker stops', async () => {
    const requests = new PendingRequests<number>();
    const first = requests.ask(() => {});
    const second = requests.ask(() => {});
    requests.failAll(new Error('the worker stopped'));
    await expect(first).rejects.toThrow('the worker stopped');
    await expect(second).rejects.toThrow('the worker stopped');
  });
});
