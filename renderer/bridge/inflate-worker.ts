import { openOwnerChannel } from '../../common/workers/worker-channel.js';
import { toWorkerError } from '../../common/workers/worker-error.js';
import type { InflateProtocol } from './inflate-protocol.js';
import { inflateToBytes } from './inflate-text.js';
import { workerScopeEndpoint } from './web-endpoint.js';

/**
 * Inflates the browser shell's compressed frames away from the page (worker-inflater.ts). In the page, the
 * stream's buffers (~8 MB outside the JavaScript heap per opened audiobook) left its garbage collector a major
 * collection to finish later, and an autosave seconds after opening then took 100–240 ms of the page's time
 * instead of ~20. Here they die with the worker's own heap. The page receives the inflated bytes, handed over
 * rather than copied, and decodes them itself: sent as a string, a 3.9 MB answer cost the page ~60 ms to read
 * out of the message (structured clone), against a few ms to decode.
 */
const page = openOwnerChannel<InflateProtocol>(workerScopeEndpoint(), {
  inflate: ({ id, bytes }) => {
    inflateToBytes(bytes).then(
      (inflated) => page.send({ type: 'inflated', id, bytes: inflated.buffer }, [inflated.buffer]),
      (error: unknown) => page.send({ type: 'failed', id, error: toWorkerError(error) }),
    );
  },
});
