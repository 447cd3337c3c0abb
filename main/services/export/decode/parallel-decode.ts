import { openWorkerChannel, type OwnerChannel } from '../../../../common/workers/worker-channel.js';
import { fromWorkerError } from '../../../../common/workers/worker-error.js';
import type { Worker } from 'node:worker_threads';
import { EXPORT_ERRORS, ExportCancelledError } from '../export-errors.js';
import { HelperWorkers, keptEndpoint, takeHelper, type HelperSource } from '../helper-workers.js';
import { decodeOutboundSchema, type DecodeProtocol } from './decode-protocol.js';
import type { PcmCache } from './pcm-cache.js';

export interface DecodeJob {
  readonly key: string;
  readonly path: string;
  readonly bytes: number;
}

export interface ParallelDecodeOptions {
  readonly sampleRate: number;
  readonly pcmCacheDir: string;
  /** Decoding lanes at once: helpers, and this thread when `local` is given. */
  readonly threads: number;
  /**
   * Decodes in this thread too, as one of the lanes, into this cache (of `pcmCacheDir`): this thread would
   * otherwise wait idle beside its helpers, and a helper's isolate is ~15 MB more at the export's peak.
   */
  readonly local?: PcmCache;
  /** The worker script, or the export's kept helpers: then the helpers are handed back when all went well. */
  readonly workerEntry: HelperSource;
  /** Total bytes read so far, over all jobs. */
  readonly onBytes: (bytes: number) => void;
  readonly isCancelled: () => boolean;
}

// How often a long decode checks for a cancel request while it waits on its helpers.
const CANCEL_POLL_MS = 50;

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Decodes sources into the PCM cache with several helper workers at once, and this thread as one more lane
 * when given a cache of its own: decoding and resampling are the slowest part of a first export, and each
 * source is independent of the others. Jobs go to whichever lane is free, largest first so no lane is left
 * with a long file at the end. The first failure (or a cancel) stops the others and is thrown once they have
 * cleaned up.
 */
export async function decodeInParallel(
  jobs: readonly DecodeJob[],
  options: ParallelDecodeOptions,
): Promise<void> {
  const queue = [...jobs].sort((a, b) => b.bytes - a.bytes);
  const threads = Math.max(1, Math.min(options.threads, queue.length));
  const helpers = options.local ? threads - 1 : threads;
  const progress = new Map<string, number>();
  const helperChannels: OwnerChannel<DecodeProtocol>[] = [];
  const helperThreads: Worker[] = [];
  let failure: Error | undefined;
  let busy = 0;
  let finish: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (finish = resolve));

  const report = (): void => options.onBytes([...progress.values()].reduce((sum, bytes) => sum + bytes, 0));
  const stopAll = (): void => {
    for (const helper of helperChannels) helper.send({ type: 'decode-cancel' });
  };
  const dispatch = (helper: OwnerChannel<DecodeProtocol>): void => {
    const job = failure ? undefined : queue.shift();
    if (!job) {
      if (busy === 0) finish();
      return;
    }
    busy += 1;
    helper.send({
      type: 'decode-source',
      key: job.key,
      path: job.path,
      sampleRate: options.sampleRate,
      pcmCacheDir: options.pcmCacheDir,
    });
  };

  // The local lane: the same queue, in this thread. Its bytes count with the helpers'.
  const decodeLocally = async (cache: PcmCache): Promise<void> => {
    for (let job = queue.shift(); job && !failure; job = failure ? undefined : queue.shift()) {
      const { key } = job;
      busy += 1;
      try {
        await cache.ensure(
          key,
          job.path,
          options.sampleRate,
          (bytes) => {
            progress.set(key, bytes);
            report();
          },
          () => failure !== undefined || options.isCancelled(),
        );
      } catch (error) {
        if (!failure) {
          failure =
            error instanceof ExportCancelledError || options.isCancelled()
              ? new ExportCancelledError()
              : toError(error);
          stopAll();
        }
      } finally {
        busy -= 1;
      }
    }
    if (busy === 0) finish();
  };

  // A helper's answer for one source: it is free for the next; the first failure stops the others.
  const ended = (helper: OwnerChannel<DecodeProtocol>, error?: Error): void => {
    busy -= 1;
    if (error && !failure) {
      failure = error;
      stopAll();
    }
    dispatch(helper);
  };
  for (let index = 0; index < helpers; index += 1) {
    const thread = takeHelper(options.workerEntry);
    helperThreads.push(thread);
    const helper: OwnerChannel<DecodeProtocol> = openWorkerChannel<DecodeProtocol>(
      keptEndpoint(thread),
      {
        'decode-bytes': (message) => {
          progress.set(message.key, message.bytes);
          report();
        },
        'decode-done': () => ended(helper),
        'decode-failed': (message) => ended(helper, fromWorkerError(message.error, EXPORT_ERRORS)),
      },
      {
        check: decodeOutboundSchema,
        onFailure: (error) => {
          failure ??= error;
          busy = Math.max(0, busy - 1);
          stopAll();
          if (busy === 0) finish();
        },
      },
    );
    helperChannels.push(helper);
  }
  let completed = false;
  const poll = setInterval(() => {
    if (!failure && options.isCancelled()) {
      failure = new ExportCancelledError();
      stopAll();
    }
  }, CANCEL_POLL_MS);
  try {
    for (const helper of helperChannels) dispatch(helper);
    if (options.local) await decodeLocally(options.local);
    await allDone;
    completed = failure === undefined;
  } finally {
    clearInterval(poll);
    await Promise.all(helperChannels.map((helper) => helper.close()));
    const pool = options.workerEntry;
    if (completed && pool instanceof HelperWorkers) for (const thread of helperThreads) pool.give(thread);
    else await Promise.all(helperThreads.map((thread) => thread.terminate()));
  }
  if (failure) throw failure;
}
