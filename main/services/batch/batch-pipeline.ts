import type { BatchPhase, BatchItemProgress, BatchItemRecord, BatchSource } from './batch-types.js';
import type { ExportProgress } from '../export/index.js';
import type { GenerationCount } from '../../../common/generation/service-speed.js';
import type { ItemOutcome, ItemRunContext, ItemRunnerDeps, PreparedItem } from './batch-item-runner.js';
import { prepareBatchItem, unexpectedFailure } from './batch-item-runner.js';
import type { StopReason } from './batch-items.js';
import type { ItemProgressUpdate } from './batch-progress.js';
import type { RunningExportHandle } from '../project-export/index.js';
import { SubmissionWindow } from './submission-window.js';

/**
 * Queued projects read and generated ahead of their turn at most: each holds its project in memory until its
 * export; the in-flight cap (submission-window.ts) is what bounds the credits committed ahead.
 */
const MAX_LOOK_AHEAD_ITEMS = 8;

/** One item's run: its first half (read, generate, save) may start ahead of its turn; its export never does. */
export interface ItemRun {
  id: string;
  controller: AbortController;
  stopReason?: StopReason;
  progress: BatchItemProgress;
  lastProgressAt: number;
  /** The first half's result: undefined when it was stopped. Never rejects. */
  prepared: Promise<PreparedItem | ItemOutcome | undefined>;
  done: Promise<void>;
  /** The item counted among the exports in progress, while it runs. */
  counted?: RunningExportHandle | undefined;
}

/** What the pipeline needs from its queue. */
export interface PipelineHost {
  deps: ItemRunnerDeps;
  /** Output keys other items hold (a look-ahead item's name is only provisional: chosen again at its turn). */
  taken(itemId: string): ReadonlySet<string>;
  onProgress(item: BatchItemRecord, run: ItemRun, update: ItemProgressUpdate): void;
  /** The view changed without a change to save (an item's label from its title). */
  viewChanged(): void;
  /** The item whose export runs or is next (the queue's running item). */
  isHead(itemId: string): boolean;
  position(itemId: string): number;
}

/**
 * The batch's look-ahead (issue 42): while one project downloads and exports, the next queued projects are read,
 * checked and generated, their submissions going out in queue order inside the in-flight cap, so the service is
 * never idle waiting for an export. Exports stay one at a time in queue order (the queue runs them). A look-ahead
 * item stays `queued` on disk: after a restart it starts over and waits for the tasks it had sent (the job store
 * keeps them), sending nothing twice; stopped, it withdraws what it had not sent (ServiceGenerator).
 */
export class BatchPipeline {
  private readonly ahead = new Map<string, ItemRun>();
  readonly window: SubmissionWindow;

  constructor(
    private readonly host: PipelineHost,
    tasksInFlight?: number,
  ) {
    this.window = new SubmissionWindow(tasksInFlight);
  }

  /** The item's run: the one started ahead, or a new one; it leaves the look-ahead (its export is next). */
  take(item: BatchItemRecord): ItemRun {
    const started = this.ahead.get(item.id);
    this.ahead.delete(item.id);
    const run = started ?? this.start(item);
    this.window.recheck();
    return run;
  }

  has(itemId: string): boolean {
    return this.ahead.has(itemId);
  }

  progressOf(itemId: string): BatchItemProgress | undefined {
    return this.ahead.get(itemId)?.progress;
  }

  /** The look-ahead items' fractions, by id. */
  fractions(): Map<string, number> {
    return new Map([...this.ahead].map(([id, run]) => [id, run.progress.fraction]));
  }

  /**
   * Starts the first half of queued items that generate, in queue order, up to MAX_LOOK_AHEAD_ITEMS. An item
   * whose file an earlier unfinished item also exports waits for its turn: it must read what that one saved.
   */
  fill(items: readonly BatchItemRecord[]): void {
    if (this.host.deps.generator === undefined) return;
    const unfinished = new Set<string>();
    for (const item of items) {
      if (item.status !== 'queued' && item.status !== 'running') continue;
      const key = sourceKey(item.source);
      const sameFileEarlier = unfinished.has(key);
      unfinished.add(key);
      if (this.ahead.size >= MAX_LOOK_AHEAD_ITEMS) return;
      if (item.status !== 'queued' || this.host.isHead(item.id) || this.ahead.has(item.id)) continue;
      if (!item.generateMissing || sameFileEarlier) continue;
      this.ahead.set(item.id, this.start(item));
    }
  }

  /** Stops look-ahead runs (all, or the ones named) and waits until their unsent submissions are withdrawn. */
  async stop(reason: StopReason, itemIds?: readonly string[]): Promise<void> {
    const runs = [...this.ahead.values()].filter((run) => itemIds === undefined || itemIds.includes(run.id));
    for (const run of runs) {
      run.stopReason ??= reason;
      run.controller.abort();
      this.ahead.delete(run.id);
    }
    await Promise.all(runs.map((run) => run.prepared));
  }

  private start(item: BatchItemRecord): ItemRun {
    const controller = new AbortController();
    const run: ItemRun = {
      id: item.id,
      controller,
      progress: { id: item.id, phase: 'reading', fraction: 0 },
      lastProgressAt: 0,
      prepared: Promise.resolve(undefined),
      done: Promise.resolve(),
    };
    const context = this.contextFor(item, run);
    run.prepared = prepareBatchItem(item, this.host.deps, context).catch((error: unknown) =>
      controller.signal.aborted ? undefined : unexpectedFailure(error),
    );
    return run;
  }

  /** The context an item's run reports through; the export half gets a fresh one (the names taken by then). */
  contextFor(item: BatchItemRecord, run: ItemRun): ItemRunContext {
    const ticket = { position: () => this.host.position(item.id), isHead: () => this.host.isHead(item.id) };
    return {
      signal: run.controller.signal,
      taken: this.host.taken(item.id),
      onProgress: (
        phase: BatchPhase,
        phaseFraction: number,
        exportProgress?: ExportProgress,
        generation?: GenerationCount,
      ) => this.host.onProgress(item, run, { phase, phaseFraction, exportProgress, generation }),
      onLabel: (label) => {
        if (item.label === label) return;
        item.label = label;
        this.host.viewChanged();
      },
      whenMaySubmit: (tasksInFlight, signal) => this.window.admit(ticket, tasksInFlight, signal),
    };
  }
}

function sourceKey(source: BatchSource): string {
  return source.kind === 'path' ? `path:${source.path}` : `library:${source.fileName}`;
}
