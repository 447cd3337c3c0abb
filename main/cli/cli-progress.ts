import path from 'node:path';
import { describeGenerationCount } from '../../common/generation/service-speed.js';
import type {
  BatchEvent,
  BatchItemProgress,
  BatchItemStatus,
  BatchItemView,
  BatchPhase,
  BatchSummary,
  BatchView,
} from '../services/batch/index.js';

/** Where progress goes: stdout, or a test's buffer. */
export interface ProgressOutput {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

const PHASE_WORDS: Record<BatchPhase, string> = {
  reading: 'reading',
  generating: 'generating missing audio',
  saving: 'saving the project file',
  exporting: 'exporting',
};

/**
 * Prints the batch as it goes. On a terminal one status line is rewritten in place (`\r`) and each finished
 * project leaves a line above it; elsewhere (a log, a pipe, CI) every phase change is its own line, so the output
 * reads well after the fact.
 */
export class ProgressPrinter {
  private view: BatchView | undefined;
  private readonly statuses = new Map<string, BatchItemStatus>();
  private readonly phases = new Map<string, string>();
  private readonly tenths = new Map<string, number>();
  private liveLine = false;

  constructor(
    private readonly out: ProgressOutput,
    private readonly options: { generate: boolean },
  ) {}

  handle(event: BatchEvent): void {
    switch (event.type) {
      case 'changed':
        this.view = event.view;
        for (const item of event.view.items) this.onItem(item);
        return;
      case 'progress':
        this.onProgress(event.item, event.overall.fraction);
        return;
      default: {
        const exhaustive: never = event;
        throw new Error(`Unknown batch event ${JSON.stringify(exhaustive)}`);
      }
    }
  }

  /** The failures again (they may have scrolled away) and the one-line summary. */
  finish(summary: BatchSummary): void {
    this.clearLiveLine();
    if (summary.failed.length > 0 && summary.failed.length + summary.done.length > 1) {
      this.line('Failed:');
      for (const failure of summary.failed) this.line(`  ${failure.label}: ${this.reason(failure.error)}`);
    }
    this.line(summary.line);
  }

  private onItem(item: BatchItemView): void {
    const previous = this.statuses.get(item.id);
    this.statuses.set(item.id, item.status);
    if (previous === item.status) return;
    const prefix = this.prefix(item.id, item.label);
    switch (item.status) {
      case 'queued':
      case 'running':
        return;
      case 'done': {
        const outputs = item.outputs;
        const extras = (outputs?.subtitlePaths ?? []).map((file) => path.extname(file).slice(1)).join(', ');
        this.line(`${prefix}: exported → ${outputs?.audioPath ?? '?'}${extras ? ` (+ ${extras})` : ''}`);
        for (const warning of item.warnings) this.line(`    note: ${warning}`);
        return;
      }
      case 'failed':
        this.line(`${prefix}: failed — ${item.error ? this.reason(item.error) : 'unknown reason'}`);
        return;
      case 'cancelled':
        this.line(`${prefix}: cancelled`);
        return;
      default: {
        const exhaustive: never = item.status;
        throw new Error(`Unknown item status ${String(exhaustive)}`);
      }
    }
  }

  private onProgress(progress: BatchItemProgress, overall: number): void {
    const item = this.view?.items.find((candidate) => candidate.id === progress.id);
    const prefix = this.prefix(progress.id, item?.label ?? progress.id);
    const what = `${PHASE_WORDS[progress.phase]}${progress.exportPhase ? ` (${progress.exportPhase})` : ''}`;
    const count = progress.phase === 'generating' ? progress.generation : undefined;
    if (this.out.isTTY) {
      const detail = count ? `: ${describeGenerationCount(count)}` : ` ${percent(progress.fraction)}`;
      const text = `${prefix}: ${what}${detail} · batch ${percent(overall)}`;
      const width = Math.max(20, (this.out.columns || 80) - 1);
      this.out.write(`\r\u001b[K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
      this.liveLine = true;
      return;
    }
    if (this.phases.get(progress.id) !== what) {
      this.phases.set(progress.id, what);
      this.line(`${prefix}: ${what}`);
    }
    // A log gets the count at every tenth of the blocks, not a line per block.
    if (count && count.totalBlocks > 0) {
      const tenth = Math.floor((count.doneBlocks * 10) / count.totalBlocks);
      if (tenth === this.tenths.get(progress.id)) return;
      this.tenths.set(progress.id, tenth);
      this.line(`${prefix}: ${describeGenerationCount(count)}`);
    }
  }

  private reason(error: NonNullable<BatchItemView['error']>): string {
    const hint =
      error.code === 'NOT_READY' && !this.options.generate && (error.blocks?.length ?? 0) > 0
        ? ' (add --generate to generate them)'
        : '';
    return `${error.message}${hint}${error.requestId ? ` [request id ${error.requestId}]` : ''}`;
  }

  private prefix(itemId: string, label: string): string {
    const items = this.view?.items ?? [];
    const position = items.findIndex((item) => item.id === itemId) + 1;
    return `[${position}/${items.length}] ${label}`;
  }

  private line(text: string): void {
    this.clearLiveLine();
    this.out.write(`${text}\n`);
  }

  private clearLiveLine(): void {
    if (!this.liveLine) return;
    this.out.write('\r\u001b[K');
    this.liveLine = false;
  }
}

function percent(fraction: number): string {
  return `${Math.floor(Math.min(1, Math.max(0, fraction)) * 100)}%`;
}
