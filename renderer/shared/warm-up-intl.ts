import { listen } from './listeners.js';

/**
 * Starts intl-warm-up-worker.ts, which loads ICU's data beside the page while it starts (see there). Nothing
 * waits for it: without workers (tests), or should it fail, the page's first formatter loads the data itself.
 */
export function warmUpIntl(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intl-warm-up-worker.ts', import.meta.url), { type: 'module' });
    // Its failure costs only the head start: kept off the console, where it would read as the page's own.
    listen(worker, 'error', (event) => event.preventDefault());
  } catch {
    // A worker that cannot even be made (a URL the page may not load) costs only the head start. One refused by
    // the page's policy fails later, with the error event above.
  }
}
