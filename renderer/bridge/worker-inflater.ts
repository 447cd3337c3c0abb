/** What the inflate worker answers for one frame. */
interface InflateAnswer {
  id: number;
  /** The inflated JSON, UTF-8. */
  bytes?: ArrayBuffer;
  error?: string;
}

interface WaitingFrame {
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

/**
 * Inflates compressed frames in a worker (inflate-worker.ts), started at once so the first opened project does
 * not wait for it. The frame's bytes are handed over both ways, not copied. Should the worker fail, the frames waiting on
 * it fail (the bridge then reconnects) and the next frame starts a new one.
 */
export function createWorkerInflater(): (data: ArrayBuffer) => Promise<string> {
  const waiting = new Map<number, WaitingFrame>();
  const decoder = new TextDecoder();
  let nextId = 1;
  const start = (): Worker => {
    const started = new Worker(new URL('./inflate-worker.ts', import.meta.url), { type: 'module' });
    started.addEventListener('message', (event: MessageEvent<InflateAnswer>) => {
      const { id, bytes, error } = event.data;
      const frame = waiting.get(id);
      waiting.delete(id);
      if (bytes !== undefined) {
        const text = decoder.decode(bytes);
        release(bytes);
        frame?.resolve(text);
      } else frame?.reject(new Error(error ?? 'The frame could not be inflated'));
    });
    started.addEventListener('error', () => {
      for (const frame of waiting.values()) frame.reject(new Error('The inflate worker stopped'));
      waiting.clear();
      worker = undefined;
    });
    return started;
  };
  let worker: Worker | undefined = start();
  return (data) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker ??= start();
      worker.postMessage({ id, bytes: data }, [data]);
    });
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
