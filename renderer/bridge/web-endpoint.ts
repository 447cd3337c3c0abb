import type { Endpoint } from '../../common/workers/worker-channel.js';
import { listen } from '../shared/listeners.js';

/** The page's side of a web Worker (common/workers/worker-channel.ts). */
export function webWorkerEndpoint(worker: Worker): Endpoint {
  return {
    post: (message, transfer) => worker.postMessage(message, [...transfer]),
    listen: (listener) => {
      const stops = [
        listen(worker, 'message', (event) => listener.message(event.data)),
        listen(worker, 'error', (event) => listener.failure(new Error(event.message || 'The worker failed'))),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
    terminate: () => {
      worker.terminate();
      return Promise.resolve();
    },
  };
}

/** A web worker's own side: its global scope, which posts to the page that started it. */
export function workerScopeEndpoint(): Endpoint {
  return {
    post: (message, transfer) => self.postMessage(message, { transfer: [...transfer] }),
    listen: (listener) => listen(self, 'message', (event) => listener.message(event.data)),
  };
}
