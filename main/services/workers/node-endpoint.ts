import type { MessagePort, Worker } from 'node:worker_threads';
import type { Endpoint, EndpointListener } from '../../../common/workers/worker-channel.js';

/** The owner's side of a node worker thread (common/workers/worker-channel.ts). */
export function workerEndpoint(worker: Worker): Endpoint {
  return {
    post: (message, transfer) => worker.postMessage(message, [...transfer]),
    listen: (listener: EndpointListener) => {
      const onMessage = (data: unknown): void => listener.message(data);
      const onError = (error: Error): void => listener.failure(error);
      const onExit = (code: number): void => listener.exit(code);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      return () => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
    },
    terminate: () => worker.terminate(),
  };
}

/** The worker thread's own side: its port to the owner. It never sees its own failure or exit. */
export function parentEndpoint(port: MessagePort): Endpoint {
  return {
    post: (message, transfer) => port.postMessage(message, [...transfer]),
    listen: (listener: EndpointListener) => {
      const onMessage = (data: unknown): void => listener.message(data);
      port.on('message', onMessage);
      return () => {
        port.off('message', onMessage);
      };
    },
  };
}
