import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';
import type { OwnerChannel } from '../../../common/workers/worker-channel.js';
import { openWorkerChannel } from '../../../common/workers/worker-channel.js';
import { launchWorker } from '../export/worker-launcher.js';
import { workerEndpoint } from '../workers/node-endpoint.js';
import type { CountedFile } from './listed-figures.js';
import type { ListWorkerProtocol } from './list-worker-protocol.js';

/** Counts project files for a listing somewhere else than main's thread; closed when the listing ends. */
export interface ProjectCounter {
  /**
   * How many files a listing keeps read at once, counted here or by main: as many as the workers hold, and one more
   * for main to count while they are full.
   */
  readonly parallel: number;
  /** Whether a file sent now would be counted at once rather than wait (else the listing counts it itself). */
  hasRoom(): boolean;
  /** Counts one file's bytes; rejects when its worker failed (the listing then counts the file itself). */
  count(bytes: Uint8Array): Promise<CountedFile>;
  close(): Promise<void>;
}

/** Files sent to a worker before it answered the first: the next is there when it finishes one. */
const IN_FLIGHT_PER_WORKER = 2;

interface Job {
  readonly bytes: Uint8Array;
  resolve(counted: CountedFile): void;
  reject(error: Error): void;
}

interface Slot {
  readonly channel: OwnerChannel<ListWorkerProtocol>;
  readonly inFlight: Map<number, Job>;
  alive: boolean;
  /** Set once its worker is being ended. */
  ended?: Promise<void>;
}

/** More workers than this would hold more files in memory than they win back on a first listing. */
const MAX_LIST_WORKERS = 3;

/**
 * How many list workers a listing starts: one per core but one, as main counts files too (whenever the workers have
 * no room), with its code already warm where a worker's starts cold. On this 2-core machine two workers beside main
 * took more CPU and no less time than one. None on one core.
 */
export function listWorkerCount(): number {
  return Math.min(MAX_LIST_WORKERS, availableParallelism() - 1);
}

/**
 * List workers (list-worker.ts), each given files in turn, and first the services' pronunciation rules, so they
 * count as main does. A worker that fails or exits fails the files it held (the listing counts those itself) and
 * gets no more; with none left, every file waiting fails too.
 */
export class ListWorkers implements ProjectCounter {
  readonly parallel: number;
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 0;

  constructor(
    entry: string | URL,
    rulesByService: ReadonlyMap<string, readonly LexiconRule[]>,
    workers = listWorkerCount(),
  ) {
    const url = typeof entry === 'string' ? pathToFileURL(entry) : entry;
    const count = Math.max(1, workers);
    this.parallel = count * IN_FLIGHT_PER_WORKER + 1;
    const services = Object.fromEntries([...rulesByService].map(([service, rules]) => [service, [...rules]]));
    try {
      for (let index = 0; index < count; index += 1) {
        const slot = this.startSlot(url);
        this.slots.push(slot);
        slot.channel.send({ type: 'rules', services });
      }
    } catch (error) {
      void this.close();
      throw error;
    }
  }

  hasRoom(): boolean {
    return (
      this.waiting.length === 0 &&
      this.slots.some((slot) => slot.alive && slot.inFlight.size < IN_FLIGHT_PER_WORKER)
    );
  }

  count(bytes: Uint8Array): Promise<CountedFile> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ bytes, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    for (const job of this.waiting.splice(0)) job.reject(new Error('The list workers were closed'));
    await Promise.all(this.slots.map((slot) => this.end(slot, new Error('The list workers were closed'))));
  }

  private startSlot(entry: URL): Slot {
    // No resource limits: a project file at the size cap is parsed and counted here as it would be on main.
    const worker = launchWorker(entry, {});
    const slot: Slot = {
      inFlight: new Map(),
      alive: true,
      channel: openWorkerChannel<ListWorkerProtocol>(
        workerEndpoint(worker),
        {
          counted: ({ id, counted }) => this.settle(slot, id, (job) => job.resolve(counted)),
          failed: ({ id, message }) => this.settle(slot, id, (job) => job.reject(new Error(message))),
        },
        {
          onFailure: (error) => void this.end(slot, error).catch(() => undefined),
          onExit: (code) =>
            void this.end(slot, new Error(`A list worker ended (exit code ${code ?? 'unknown'})`)).catch(
              () => undefined,
            ),
        },
      ),
    };
    return slot;
  }

  private settle(slot: Slot, id: number, finish: (job: Job) => void): void {
    const job = slot.inFlight.get(id);
    if (job === undefined) return;
    slot.inFlight.delete(id);
    finish(job);
    this.dispatch();
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      while (slot.alive && slot.inFlight.size < IN_FLIGHT_PER_WORKER && this.waiting.length > 0) {
        const job = this.waiting.shift()!;
        const id = this.nextId++;
        slot.inFlight.set(id, job);
        try {
          // A copy of the file's own bytes, handed over: a small file's Buffer is a view of a shared pool.
          const bytes = new Uint8Array(job.bytes);
          slot.channel.send({ type: 'count', id, bytes }, [bytes.buffer]);
        } catch (error) {
          slot.inFlight.delete(id);
          job.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    }
    if (this.slots.every((slot) => !slot.alive)) {
      for (const job of this.waiting.splice(0)) job.reject(new Error('No list worker is running'));
    }
  }

  /** Fails what the slot holds and ends its worker; answers once it has ended, however often it is asked. */
  private end(slot: Slot, reason: Error): Promise<void> {
    slot.alive = false;
    for (const job of slot.inFlight.values()) job.reject(reason);
    slot.inFlight.clear();
    if (slot.ended === undefined) {
      this.dispatch();
      slot.ended = slot.channel.close();
    }
    return slot.ended;
  }
}

/** The list worker beside this module: list-worker.ts in the sources, list-worker.mjs beside a bundle of it. */
export function defaultListWorkerEntry(): URL {
  const here = import.meta.url;
  if (typeof here !== 'string' || here.length === 0) {
    throw new Error(
      'ListWorkers: pass the worker entry (import.meta.url is not available in this bundle format)',
    );
  }
  return new URL(here.endsWith('.ts') ? './list-worker.ts' : './list-worker.mjs', here);
}
