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
/**
 * How many sources a helper holds at once, sent ahead of its answers, and their bytes in all (a larger one goes
 * alone). This thread hands out the next source only between its own pieces of decoding (tens of milliseconds
 * each), while a block's speech takes a helper ~10 ms: sent one at a time, a helper waited about half of a 5-minute
 * export's decoding (measured with --cpu-prof). The bytes bound keeps a long file from waiting behind another in
 * one helper while a lane is free.
 */
const MAX_JOBS_AHEAD = 8;
const MAX_BYTES_AHEAD = 1024 * 1024;

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Decodes sources into the PCM cache with several helper workers at once, and this thread as one more lane
 * when given a cache of its own: decoding and resampling are the slowest part of a first export, and each
 * source is independent of the others. Jobs go to whichever lane is free, largest first so no lane is left
 * with a long file at the end; this thread takes the largest, as it starts at once while a new helper first spends
 * a few hundred milliseconds compiling. The first failure (or a cancel) stops the others and is thrown once they
 * have cleaned up.
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
  let localBusy = false;
  // Each helper's sources sent and not yet answered, with their bytes.
  const sent = new Map<OwnerChannel<DecodeProtocol>, Map<string, number>>();
  const idle = (): boolean => !localBusy && [...sent.values()].every((jobs) => jobs.size === 0);
  let finish: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (finish = resolve));

  const report = (): void => options.onBytes([...progress.values()].reduce((sum, bytes) => sum + bytes, 0));
  const stopAll = (): void => {
    for (const helper of helperChannels) helper.send({ type: 'decode-cancel' });
  };
  const roomFor = (jobs: Map<string, number>, job: DecodeJob): boolean => {
    if (jobs.size === 0) return true;
    const ahead = [...jobs.values()].reduce((sum, bytes) => sum + bytes, 0);
    return jobs.size < MAX_JOBS_AHEAD && ahead + job.bytes <= MAX_BYTES_AHEAD;
  };
  const dispatch = (helper: OwnerChannel<DecodeProtocol>): void => {
    const jobs = sent.get(helper);
    while (jobs && !failure && queue[0] && roomFor(jobs, queue[0])) {
      const job = queue.shift()!;
      jobs.set(job.key, job.bytes);
      helper.send({
        type: 'decode-source',
        key: job.key,
        path: job.path,
        sampleRate: options.sampleRate,
        pcmCacheDir: options.pcmCacheDir,
      });
    }
    if (idle()) finish();
  };

  // The local lane: the same queue, in this thread. Its bytes count with the helpers'.
  const decodeLocally = async (cache: PcmCache): Promise<void> => {
    for (let job = queue.shift(); job && !failure; job = failure ? undefined : queue.shift()) {
      const { key } = job;
      localBusy = true;
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
        localBusy = false;
      }
    }
    if (idle()) finish();
  };

  // A helper's answer for one source: it is free for the next; the first failure stops the others.
  const ended = (helper: OwnerChannel<DecodeProtocol>, key: string, error?: Error): void => {
    sent.get(helper)?.delete(key);
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
        'decode-done': (message) => ended(helper, message.key),
        'decode-failed': (message) =>
          ended(helper, message.key, fromWorkerError(message.error, EXPORT_ERRORS)),
      },
      {
        check: decodeOutboundSchema,
        onFailure: (error) => {
          // The thread is gone: nothing it was sent will be answered.
          failure ??= error;
          sent.delete(helper);
          stopAll();
          if (idle()) finish();
        },
      },
    );
    helperChannels.push(helper);
    sent.set(helper, new Map());
  }
  let completed = false;
  const poll = setInterval(() => {
    if (!failure && options.isCancelled()) {
      failure = new ExportCancelledError();
      stopAll();
    }
  }, CANCEL_POLL_MS);
  try {
    const local = options.local ? decodeLocally(options.local) : undefined;
    for (const helper of helperChannels) dispatch(helper);
    await local;
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
