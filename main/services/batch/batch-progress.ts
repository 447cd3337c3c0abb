import type { GenerationCount } from '../../../common/generation/service-speed.js';
import type { ExportProgress } from '../export/index.js';
import type { BatchItemProgress, BatchItemRecord, BatchOverall, BatchPhase } from './batch-types.js';

/**
 * Where each phase sits in an item's 0…1. Exporting dominates when nothing is generated; with generation the
 * service's time usually matches the export's, so the two share the bar.
 */
const SPANS: Record<'generate' | 'export-only', Record<BatchPhase, readonly [number, number]>> = {
  generate: {
    reading: [0, 0.02],
    generating: [0.02, 0.5],
    saving: [0.5, 0.52],
    exporting: [0.52, 1],
  },
  'export-only': {
    reading: [0, 0.02],
    generating: [0.02, 0.02],
    saving: [0.02, 0.02],
    exporting: [0.02, 1],
  },
};

/** The item's fraction from its phase and the progress within it. */
function itemFraction(phase: BatchPhase, phaseFraction: number, withGeneration: boolean): number {
  const [from, to] = SPANS[withGeneration ? 'generate' : 'export-only'][phase];
  return from + (to - from) * Math.min(1, Math.max(0, phaseFraction));
}

/**
 * Counts and the overall fraction: finished items count whole, the running one and those generating ahead of
 * their turn (still queued) by their own fractions.
 */
export function overallProgress(
  items: readonly Pick<BatchItemRecord, 'id' | 'status'>[],
  inProgress: ReadonlyMap<string, number> = new Map(),
): BatchOverall {
  const overall: BatchOverall = {
    total: items.length,
    queued: 0,
    running: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
    fraction: 0,
  };
  let units = 0;
  for (const item of items) {
    switch (item.status) {
      case 'queued':
        overall.queued += 1;
        units += inProgress.get(item.id) ?? 0;
        break;
      case 'running':
        overall.running += 1;
        units += inProgress.get(item.id) ?? 0;
        break;
      case 'done':
        overall.done += 1;
        units += 1;
        break;
      case 'failed':
        overall.failed += 1;
        units += 1;
        break;
      case 'cancelled':
        overall.cancelled += 1;
        units += 1;
        break;
      default: {
        const exhaustive: never = item.status;
        throw new Error(`Unknown item status ${String(exhaustive)}`);
      }
    }
  }
  overall.fraction = items.length === 0 ? 0 : units / items.length;
  return overall;
}

/** What the item's run reports: its phase, how far into it, and the export's or generation's own progress. */
export interface ItemProgressUpdate {
  phase: BatchPhase;
  phaseFraction: number;
  exportProgress: ExportProgress | undefined;
  generation: GenerationCount | undefined;
}

/**
 * The running item's progress after an update, and whether it is a milestone (a new phase or export phase, one
 * more block generated, a phase complete), which is reported at once rather than at the next interval.
 */
export function nextItemProgress(
  previous: BatchItemProgress,
  item: Pick<BatchItemRecord, 'id' | 'generateMissing'>,
  { phase, phaseFraction, exportProgress, generation }: ItemProgressUpdate,
): { progress: BatchItemProgress; milestone: boolean } {
  const progress: BatchItemProgress = {
    id: item.id,
    phase,
    fraction: itemFraction(phase, phaseFraction, item.generateMissing),
    ...(exportProgress ? { exportPhase: exportProgress.phase } : {}),
    ...(generation ? { generation } : {}),
  };
  const milestone =
    previous.phase !== phase ||
    previous.exportPhase !== progress.exportPhase ||
    previous.generation?.doneBlocks !== generation?.doneBlocks ||
    phaseFraction >= 1;
  return { progress, milestone };
}
