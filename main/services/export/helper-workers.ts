import type { Worker } from 'node:worker_threads';
import type { Endpoint } from '../../../common/workers/worker-channel.js';
import { workerEndpoint } from '../workers/node-endpoint.js';
import { launchWorker } from './worker-launcher.js';

/**
 * One export's helper threads, kept from one phase to the next: the helper that decoded sources goes on to render
 * the second half of the timeline. Each new thread is a new V8 isolate that compiles the worker's script and the
 * packages it imports before its first job (~0.2–0.3 s of one core on this machine, measured with --cpu-prof),
 * which a 5-minute export cannot repay twice. A helper is handed back only after a phase that succeeded; one that
 * failed or was cancelled is ended. `close()` ends the kept ones: the export calls it when it is done.
 */
export class HelperWorkers {
  private readonly idle: Worker[] = [];

  constructor(readonly entry: URL) {}

  /** A kept helper if there is one, else a new one. */
  take(): Worker {
    return this.idle.pop() ?? launchWorker(this.entry);
  }

  /** Keeps a helper whose job is done for the next phase. */
  give(worker: Worker): void {
    this.idle.push(worker);
  }

  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((worker) => worker.terminate()));
  }
}

/** Where a phase gets its helpers: this export's kept ones, or (a caller with none) new ones from the script. */
export type HelperSource = URL | HelperWorkers;

export function takeHelper(source: HelperSource): Worker {
  return source instanceof URL ? launchWorker(source) : source.take();
}

/** A helper's endpoint whose channel, when closed, leaves the thread running (for `HelperWorkers.give`). */
export function keptEndpoint(worker: Worker): Endpoint {
  const { terminate: _terminate, ...endpoint } = workerEndpoint(worker);
  return endpoint;
}
