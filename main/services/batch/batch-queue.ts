import { randomUUID } from 'node:crypto';
import { IpcError } from '../../../common/ipc/errors.js';
import type { Logger } from '../logging/logger.js';
import type { AddToBatchInput } from './batch-input.js';
import { parseAddToBatchInput } from './batch-input.js';
import type { DialogExportInput, StopReason } from './batch-items.js';
import {
  applyTitles,
  batchItems,
  dialogExportItem,
  findItem,
  markCancelled,
  markFinished,
  markRunning,
  markStopped,
  notAllowedError,
  outputKeysBesides,
  requeueInterrupted,
  resetForRetry,
} from './batch-items.js';
import type { ItemOutcome, ItemRunnerDeps } from './batch-item-runner.js';
import { exportBatchItem, unexpectedFailure } from './batch-item-runner.js';
import type { ItemRun } from './batch-pipeline.js';
import { BatchPipeline } from './batch-pipeline.js';
import type { ItemProgressUpdate } from './batch-progress.js';
import { nextItemProgress, overallProgress } from './batch-progress.js';
import type { BatchStore } from './batch-store.js';
import type {
  BatchEvent,
  BatchItemRecord,
  BatchQueueState,
  BatchState,
  BatchSummary,
  BatchView,
} from './batch-types.js';
import type { RunningExports } from '../project-export/index.js';
import { summarise } from './batch-summary.js';

export interface BatchQueueOptions extends ItemRunnerDeps {
  store: BatchStore;
  logger?: Logger;
  /** Progress events of the running item at most this often (phase changes always go out). Default 100 ms. */
  progressIntervalMs?: number;
  newId?: () => string;
  /** Where the running item is counted as an export in progress (the app's quit prompt and taskbar). */
  runningExports?: RunningExports;
  /** Tasks in flight across the batch at most when submitting ahead (submission-window.ts; default 4). */
  tasksInFlight?: number;
}

/**
 * The batch export queue: projects exported one at a time in queue order, each read, generated when asked,
 * written back (batch-item-runner.ts) and exported; the next projects are read and generated while one exports
 * (batch-pipeline.ts), so the service is kept busy. It can be paused (after the running item, or at once: the running item goes back
 * to the queue and starts over later), resumed, items cancelled, retried and removed. Its state is saved on every
 * change (the store), so the queue survives a restart; an item caught running starts again from the beginning
 * (the engine only renames complete files into place, so nothing half-written is left). Methods return
 * serialisable views; `onChange` reports every change and the running item's progress.
 */
export class BatchQueue {
  private readonly listeners = new Set<(event: BatchEvent) => void>();
  private readonly idleWaiters: (() => void)[] = [];
  private running: ItemRun | undefined;
  private started = false;
  private closed = false;
  private readonly pipeline: BatchPipeline;

  private constructor(
    private readonly options: BatchQueueOptions,
    private readonly state: BatchState,
  ) {
    this.pipeline = new BatchPipeline(
      {
        deps: options,
        taken: (itemId) => outputKeysBesides(this.state.items, itemId),
        onProgress: (item, run, update) => this.progress(item, run, update),
        viewChanged: () => this.emit({ type: 'changed', view: this.view() }),
        isHead: (itemId) => this.running?.id === itemId,
        position: (itemId) => this.state.items.findIndex((item) => item.id === itemId),
      },
      options.tasksInFlight,
    );
  }

  /** Loads the saved queue; items that were running when the process stopped are queued again. */
  static async open(options: BatchQueueOptions): Promise<BatchQueue> {
    const state = await options.store.load();
    const recovered = requeueInterrupted(state.items);
    const queue = new BatchQueue(options, state);
    if (recovered > 0) {
      options.logger?.info(`Batch queue: ${recovered} interrupted export(s) will start again`);
      await options.store.save(state);
    }
    return queue;
  }

  /** Begins running queued items (separate from open, so listeners can be attached first). */
  start(): void {
    this.started = true;
    this.pump();
  }

  onChange(listener: (event: BatchEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  view(): BatchView {
    const items = this.state.items.map((item) => {
      const progress =
        this.running?.id === item.id ? this.running.progress : this.pipeline.progressOf(item.id);
      return progress ? { ...structuredClone(item), progress: { ...progress } } : structuredClone(item);
    });
    return { state: this.queueState(), items, overall: this.overall() };
  }

  summary(): BatchSummary {
    return summarise(this.state.items, this.state.paused);
  }

  /** Adds projects at the end of the queue; they run when the queue is not paused. */
  async add(input: AddToBatchInput): Promise<BatchView> {
    this.assertOpen();
    const parsed = parseAddToBatchInput(input);
    const addedAt = this.now().toISOString();
    const sources = parsed.sources.map((raw) => this.options.sources.canonical(raw));
    const added = batchItems(parsed, sources, () => this.options.newId?.() ?? randomUUID(), addedAt);
    this.state.items.push(...added);
    await this.changed();
    this.pump();
    void this.showTitles(added);
    return this.view();
  }

  /**
   * Items are labelled by file name when added (at once, without reading every project); their titles replace
   * that as soon as they are read, unless the item has already started (it then labels itself).
   */
  private async showTitles(items: readonly BatchItemRecord[]): Promise<void> {
    const titlesOf = this.options.sources.titlesOf?.bind(this.options.sources);
    if (titlesOf === undefined) return;
    const before = items.map((item) => item.label);
    const titles = await titlesOf(items.map((item) => item.source)).catch(() => []);
    if (applyTitles(items, before, titles) && !this.closed) await this.changed();
  }

  /**
   * One project's export that must generate first, handed over by the export dialog: the output was chosen and
   * checked there (exact path, replace or keep both), so it is used as it is. Kept and resumed like any item, so
   * closing the dialog or restarting the app loses neither the credits spent nor the file.
   */
  async addExport(input: DialogExportInput): Promise<{ itemId: string; view: BatchView }> {
    this.assertOpen();
    const id = this.options.newId?.() ?? randomUUID();
    const source = this.options.sources.canonical(input.source);
    this.state.items.push(dialogExportItem({ ...input, source }, id, this.now().toISOString()));
    await this.changed();
    this.pump();
    return { itemId: id, view: this.view() };
  }

  /**
   * Stops taking new items; with `cancelCurrent` the running item stops now and goes back to the queue. Items
   * generating ahead stop either way, their submissions not yet sent withdrawn.
   */
  async pause(options: { cancelCurrent?: boolean } = {}): Promise<BatchView> {
    this.assertOpen();
    this.state.paused = true;
    await this.changed();
    await this.pipeline.stop('pause');
    this.emit({ type: 'changed', view: this.view() });
    if (options.cancelCurrent) await this.stopRunning('pause');
    return this.view();
  }

  async resume(): Promise<BatchView> {
    this.assertOpen();
    this.state.paused = false;
    await this.changed();
    this.pump();
    return this.view();
  }

  /** Cancels a queued item, or stops the running one (its temporary files are removed by the engine). */
  async cancel(itemId: string): Promise<BatchView> {
    this.assertOpen();
    const item = findItem(this.state.items, itemId);
    if (this.running?.id === itemId) {
      await this.stopRunning('cancel');
      return this.view();
    }
    if (item.status !== 'queued') throw notAllowedError(item, 'cancelled', 'only queued or running projects');
    await this.pipeline.stop('cancel', [itemId]);
    markCancelled(item, this.now());
    await this.changed();
    return this.view();
  }

  /** Cancels everything not finished (the command line tool on Ctrl-C). */
  async cancelAll(): Promise<BatchView> {
    this.assertOpen();
    for (const item of this.state.items) if (item.status === 'queued') markCancelled(item, this.now());
    await this.changed();
    await this.pipeline.stop('cancel');
    await this.stopRunning('cancel');
    return this.view();
  }

  /** Puts a failed or cancelled item back at its place in the queue, from the beginning. */
  async retry(itemId: string): Promise<BatchView> {
    this.assertOpen();
    const item = findItem(this.state.items, itemId);
    if (item.status !== 'failed' && item.status !== 'cancelled') {
      throw notAllowedError(item, 'retried', 'only failed or cancelled projects');
    }
    resetForRetry(item);
    await this.changed();
    this.pump();
    return this.view();
  }

  async remove(itemId: string): Promise<BatchView> {
    this.assertOpen();
    const item = findItem(this.state.items, itemId);
    if (item.status === 'running')
      throw notAllowedError(item, 'removed', 'cancel it first; running projects');
    await this.pipeline.stop('cancel', [itemId]);
    this.state.items.splice(this.state.items.indexOf(item), 1);
    await this.changed();
    return this.view();
  }

  /** Removes every finished item (done, failed, cancelled). */
  async clearFinished(): Promise<BatchView> {
    this.assertOpen();
    const kept = this.state.items.filter((item) => item.status === 'queued' || item.status === 'running');
    this.state.items.splice(0, this.state.items.length, ...kept);
    await this.changed();
    return this.view();
  }

  /** Resolves when nothing is running and nothing will start (all finished, or paused). */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** For quitting: the running item stops and goes back to the queue (it starts again next time), state saved. */
  async close(): Promise<void> {
    if (this.closed) return;
    // Closed first, so the item after the stopped one does not start.
    this.closed = true;
    await this.pipeline.stop('close');
    await this.stopRunning('close');
    await this.options.store.save(this.state);
    this.listeners.clear();
    this.releaseIdleWaiters();
  }

  // ---- running -------------------------------------------------------------------------------------------

  /** Starts the next export when none runs, and the look-ahead behind the running one. */
  private pump(): void {
    if (this.closed || !this.started) return;
    if (!this.running && !this.state.paused) {
      const next = this.state.items.find((item) => item.status === 'queued');
      if (next) this.startItem(next);
    }
    if (this.running && !this.state.paused) this.pipeline.fill(this.state.items);
    if (!this.running) this.releaseIdleWaiters();
  }

  private startItem(next: BatchItemRecord): void {
    const running = this.pipeline.take(next);
    this.running = running;
    // Counted as an export in progress from the start (generating included) to the end, like the dialog's.
    running.counted = this.options.runningExports?.begin({
      id: next.id,
      origin: 'queue',
      controller: running.controller,
      fraction: this.overall().fraction,
    });
    running.done = this.runItem(next, running)
      .catch((error: unknown) => this.options.logger?.error('Batch queue: an item ended unexpectedly', error))
      .finally(() => {
        running.counted?.end();
        if (this.running === running) this.running = undefined;
        this.pump();
      });
  }

  private async runItem(item: BatchItemRecord, running: ItemRun): Promise<void> {
    markRunning(item, this.now());
    await this.changed();

    let outcome: ItemOutcome | undefined;
    try {
      // Read, generated and saved ahead when the look-ahead got to it; else that happens now.
      const first = await running.prepared;
      outcome =
        first?.status === 'prepared'
          ? await exportBatchItem(item, first, this.options, this.pipeline.contextFor(item, running))
          : first;
    } catch (error) {
      if (!running.controller.signal.aborted) outcome = unexpectedFailure(error);
    }
    this.finishItem(item, running, outcome);
    // Not running any more before the change goes out, so the view says idle when nothing follows (and running
    // while items are left: queueState).
    if (this.running === running) this.running = undefined;
    await this.changed();
  }

  private finishItem(item: BatchItemRecord, running: ItemRun, outcome: ItemOutcome | undefined): void {
    // No outcome means the item was stopped; one that finished anyway (a late cancel) keeps its real result,
    // since its files exist.
    if (outcome === undefined) markStopped(item, running.stopReason ?? 'cancel', this.now());
    else markFinished(item, outcome, this.now());
  }

  private progress(item: BatchItemRecord, running: ItemRun, update: ItemProgressUpdate): void {
    const { progress, milestone } = nextItemProgress(running.progress, item, update);
    running.progress = progress;
    const now = Date.now();
    const interval = this.options.progressIntervalMs ?? 100;
    if (!milestone && now - running.lastProgressAt < interval) return;
    running.lastProgressAt = now;
    const overall = this.overall();
    running.counted?.progress(overall.fraction);
    this.emit({ type: 'progress', item: { ...running.progress }, overall });
  }

  private async stopRunning(reason: StopReason): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.stopReason ??= reason;
    running.controller.abort();
    await running.done;
  }

  // ---- state ---------------------------------------------------------------------------------------------

  /**
   * Idle only when nothing runs and nothing will start. Between two items nothing runs for a moment (the finished
   * one is saved before the next starts): a queue with items left to run is still running then, or the view says
   * the batch is over while it is not.
   */
  private queueState(): BatchQueueState {
    if (this.state.paused) return this.running ? 'pausing' : 'paused';
    return !this.started || this.isIdle() ? 'idle' : 'running';
  }

  private overall() {
    const fractions = this.pipeline.fractions();
    if (this.running) fractions.set(this.running.id, this.running.progress.fraction);
    return overallProgress(this.state.items, fractions);
  }

  private async changed(): Promise<void> {
    this.emit({ type: 'changed', view: this.view() });
    try {
      await this.options.store.save(this.state);
    } catch (error) {
      // The queue keeps working in memory; the next change tries to save again.
      this.options.logger?.warn('Batch queue: could not save its state', error);
    }
  }

  private emit(event: BatchEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.options.logger?.warn('Batch queue: a listener failed', error);
      }
    }
  }

  /** Nothing runs and nothing will start: closed, paused, or no item left in the queue. */
  private isIdle(): boolean {
    if (this.running) return false;
    return this.closed || this.state.paused || !this.state.items.some((item) => item.status === 'queued');
  }

  private releaseIdleWaiters(): void {
    if (!this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private assertOpen(): void {
    if (this.closed) throw new IpcError({ code: 'CONFLICT', message: 'The batch queue is closed.' });
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}
