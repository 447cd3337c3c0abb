import path from 'node:path';
import { IpcError } from '../../../common/ipc/errors.js';
import type { ParsedAddToBatchInput } from './batch-input.js';
import { outputKey } from '../project-export/index.js';
import type { ItemOutcome } from './batch-item-runner.js';
import type { BatchItemRecord, BatchSource } from './batch-types.js';

/**
 * The queue's item records: how they are made and how their status moves. Plain functions on the records the
 * queue keeps (and saves), so the queue itself is only about running them in order.
 */

const RESTART_NOTE =
  'Started again from the beginning: the app stopped while this project was being exported.';

/** Items caught running when the process stopped are queued again with a note; answers how many there were. */
export function requeueInterrupted(items: BatchItemRecord[]): number {
  let recovered = 0;
  for (const item of items) {
    if (item.status !== 'running') continue;
    item.status = 'queued';
    delete item.startedAt;
    addWarning(item, RESTART_NOTE);
    recovered += 1;
  }
  return recovered;
}

/** One queued item per project added together, labelled by file name until their titles are read. */
export function batchItems(
  parsed: ParsedAddToBatchInput,
  sources: readonly BatchSource[],
  newId: () => string,
  addedAt: string,
): BatchItemRecord[] {
  const count = sources.length;
  return sources.map((source, position) => ({
    id: newId(),
    source,
    label: (source.kind === 'path' ? path.basename(source.path) : source.fileName).replace(/\.timbre$/iu, ''),
    destination: parsed.destination,
    nameTemplate: parsed.nameTemplate,
    index: position + 1,
    count,
    settings: parsed.settings,
    generateMissing: parsed.generateMissing,
    overwrite: parsed.overwrite,
    mode: parsed.mode,
    ...(parsed.coverPath ? { coverPath: parsed.coverPath } : {}),
    ...(parsed.videoPath ? { videoPath: parsed.videoPath } : {}),
    status: 'queued',
    attempts: 0,
    addedAt,
    warnings: [],
  }));
}

/** What the export dialog hands over for a generate-then-export: the output it chose and checked. */
export interface DialogExportInput {
  source: BatchItemRecord['source'];
  label: string;
  outputPath: string;
  mode: NonNullable<BatchItemRecord['mode']>;
  settings: BatchItemRecord['settings'];
  overwrite: boolean;
  /** The cover the dialog chose (kept out of staging by the export feature). */
  coverPath?: string;
}

/** The one item of a generate-then-export: it writes exactly the path the dialog chose, generating first. */
export function dialogExportItem(input: DialogExportInput, id: string, addedAt: string): BatchItemRecord {
  return {
    id,
    source: input.source,
    label: input.label,
    destination: path.dirname(input.outputPath),
    nameTemplate: '{title}',
    index: 1,
    count: 1,
    settings: input.settings,
    generateMissing: true,
    overwrite: input.overwrite,
    outputPath: input.outputPath,
    mode: input.mode,
    ...(input.coverPath ? { coverPath: input.coverPath } : {}),
    status: 'queued',
    attempts: 0,
    addedAt,
    warnings: [],
  };
}

/**
 * Titles read for items labelled by file name; an item that started meanwhile (it labels itself) or whose label
 * changed keeps it. Answers whether any label changed.
 */
export function applyTitles(
  items: readonly BatchItemRecord[],
  labelsBefore: readonly string[],
  titles: readonly (string | undefined)[],
): boolean {
  let changed = false;
  items.forEach((item, index) => {
    const title = titles[index]?.trim();
    if (!title || item.label !== labelsBefore[index] || item.status !== 'queued') return;
    item.label = title;
    changed = true;
  });
  return changed;
}

/** The item with this id, or NOT_FOUND naming it. */
export function findItem(items: readonly BatchItemRecord[], itemId: string): BatchItemRecord {
  const item = items.find((candidate) => candidate.id === itemId);
  if (!item)
    throw new IpcError({ code: 'NOT_FOUND', field: 'id', message: `No batch item has the id ${itemId}.` });
  return item;
}

/** The output keys (project-export/output-paths.ts) the other items' files hold, so a new name avoids them. */
export function outputKeysBesides(items: readonly BatchItemRecord[], itemId: string): Set<string> {
  return new Set(
    items
      .filter((other) => other.id !== itemId && other.outputs)
      .map((other) => outputKey(other.outputs?.audioPath ?? '')),
  );
}

/** A failed or cancelled item back in the queue, from the beginning. */
export function resetForRetry(item: BatchItemRecord): void {
  item.status = 'queued';
  item.warnings = [];
  delete item.error;
  delete item.outputs;
  delete item.startedAt;
  delete item.finishedAt;
}

/** The item as it starts a run (again). */
export function markRunning(item: BatchItemRecord, now: Date): void {
  item.status = 'running';
  item.attempts += 1;
  item.startedAt = now.toISOString();
  delete item.finishedAt;
  delete item.error;
  delete item.outputs;
}

/** The item as its run ended with an outcome (done or failed, with its warnings). */
export function markFinished(item: BatchItemRecord, outcome: ItemOutcome, now: Date): void {
  for (const warning of outcome.warnings) addWarning(item, warning);
  item.finishedAt = now.toISOString();
  switch (outcome.status) {
    case 'done':
      item.status = 'done';
      item.outputs = outcome.outputs;
      return;
    case 'failed':
      item.status = 'failed';
      item.error = outcome.error;
      return;
    default: {
      const exhaustive: never = outcome;
      throw new Error(`Unknown outcome ${JSON.stringify(exhaustive)}`);
    }
  }
}

/** Why a running item is being stopped: cancel ends it; pause and close put it back in the queue. */
export type StopReason = 'cancel' | 'pause' | 'close';

/** The item as it was stopped before it had an outcome: cancelled, or back in the queue to start over. */
export function markStopped(item: BatchItemRecord, reason: StopReason, now: Date): void {
  if (reason === 'cancel') {
    markCancelled(item, now);
    return;
  }
  item.status = 'queued';
  delete item.startedAt;
}

/** Refuses an action the item's status does not allow, saying which items allow it. */
export function notAllowedError(item: BatchItemRecord, what: string, rule: string): IpcError {
  return new IpcError({
    code: 'CONFLICT',
    field: 'id',
    message: `“${item.label}” is ${item.status}; ${rule} can be ${what}.`,
  });
}

export function markCancelled(item: BatchItemRecord, now: Date): void {
  item.status = 'cancelled';
  item.finishedAt = now.toISOString();
  item.error = { code: 'CANCELLED', message: 'Cancelled.' };
  delete item.outputs;
}

function addWarning(item: BatchItemRecord, warning: string): void {
  if (!item.warnings.includes(warning)) item.warnings.push(warning);
}
