import { inflateToBytes } from './inflate-text.js';

/**
 * Inflates the browser shell's compressed frames away from the page (worker-inflater.ts). In the page, the
 * stream's buffers (~8 MB outside the JavaScript heap per opened audiobook) left its garbage collector a major
 * collection to finish later, and an autosave seconds after opening then took 100–240 ms of the page's time
 * instead of ~20. Here they die with the worker's own heap. The page receives the inflated bytes, handed over
 * rather than copied, and decodes them itself: sent as a string, a 3.9 MB answer cost the page ~60 ms to read
 * out of the message (structured clone), against a few ms to decode.
 */
interface InflateRequest {
  id: number;
  bytes: ArrayBuffer;
}

self.addEventListener('message', (event: MessageEvent<InflateRequest>) => {
  const { id, bytes } = event.data;
  inflateToBytes(bytes).then(
    (inflated) => self.postMessage({ id, bytes: inflated.buffer }, { transfer: [inflated.buffer] }),
    (error: unknown) =>
      self.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
