import { toWorkerError } from '../../../../common/workers/worker-error.js';
import { ExportCancelledError } from '../export-errors.js';
import type { DecodeInbound, DecodeOutbound } from './decode-protocol.js';
import { PcmCache } from './pcm-cache.js';

/**
 * The decode role of a worker: decodes the sources it is sent into the PCM cache, one at a time,
 * keeping its decoders between sources. A cancel makes the current decode stop (its temporary files
 * are removed by the cache) and fails every later request.
 */
export class DecodeHelper {
  private readonly caches = new Map<string, PcmCache>();
  private cancelled = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly send: (message: DecodeOutbound) => void) {}

  /** Frees the decoders kept for reuse: this thread goes on as the export's segment helper (helper-workers.ts). */
  release(): void {
    for (const cache of this.caches.values()) cache.close();
    this.caches.clear();
  }

  handle(message: DecodeInbound): void {
    if (message.type === 'decode-cancel') {
      this.cancelled = true;
      return;
    }
    this.queue = this.queue.then(() => this.decode(message));
  }

  private async decode(message: Extract<DecodeInbound, { type: 'decode-source' }>): Promise<void> {
    const { key } = message;
    try {
      if (this.cancelled) throw new ExportCancelledError();
      let cache = this.caches.get(message.pcmCacheDir);
      if (!cache) {
        cache = new PcmCache(message.pcmCacheDir);
        this.caches.set(message.pcmCacheDir, cache);
      }
      await cache.ensure(
        key,
        message.path,
        message.sampleRate,
        (bytes) => this.send({ type: 'decode-bytes', key, bytes }),
        () => this.cancelled,
      );
      this.send({ type: 'decode-done', key });
    } catch (error) {
      this.send({ type: 'decode-failed', key, error: toWorkerError(error) });
    }
  }
}
