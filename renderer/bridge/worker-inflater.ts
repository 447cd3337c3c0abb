import { PendingRequests } from '../../common/workers/pending-requests.js';
import { openWorkerChannel, type OwnerChannel } from '../../common/workers/worker-channel.js';
import { fromWorkerError } from '../../common/workers/worker-error.js';
import type { InflateProtocol } from './inflate-protocol.js';
import { webWorkerEndpoint } from './web-endpoint.js';

/**
 * Inflates compressed frames in a worker (inflate-worker.ts), started at once so the first opened project does
 * not wait for it. The frame's bytes are handed over both ways, not copied. Should the worker fail, the frames waiting on
 * it fail (the bridge then reconnects) and the next frame starts a new one.
 */
export function createWorkerInflater(): (data: ArrayBuffer) => Promise<string> {
  const frames = new PendingRequests<ArrayBuffer>();
  const decoder = new TextDecoder();
  const start = (): OwnerChannel<InflateProtocol> => {
    const started = openWorkerChannel<InflateProtocol>(
      webWorkerEndpoint(new Worker(new URL('./inflate-worker.ts', import.meta.url), { type: 'module' })),
      {
        inflated: ({ id, bytes }) => frames.answer(id, bytes),
        failed: ({ id, error }) => frames.fail(id, fromWorkerError(error)),
      },
      {
        onFailure: () => {
          frames.failAll(new Error('The inflate worker stopped'));
          void started.close();
          if (channel === started) channel = undefined;
        },
      },
    );
    return started;
  };
  let channel: OwnerChannel<InflateProtocol> | undefined = start();
  return async (data) => {
    const open = (channel ??= start());
    const bytes = await frames.ask((id) => open.send({ type: 'inflate', id, bytes: data }, [data]));
    const text = decoder.decode(bytes);
    release(bytes);
    return text;
  };
}

/**
 * Frees a decoded frame's bytes now rather than at the page's next full garbage collection: memory held outside
 * the JavaScript heap (~4 MB per opened audiobook) pushes the collector to a major collection, and one that fell
 * on an autosave cost the page 100–330 ms instead of ~20. Detaching the buffer (ES2024 `transfer`) releases it;
 * where that is missing, the collector frees it as before.
 */
function release(buffer: ArrayBuffer): void {
  (buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer }).transfer?.(0);
}
