/* The batch export queue's records and views: kept on disk by main, sent whole to the renderer. */
import { z } from 'zod';
import { exportModeSchema } from '../export/export-mode.js';
import { projectExportSettingsSchema } from '../export/project-export-settings.js';
import type { GenerationCount } from '../generation/service-speed.js';

/** The export engine's phases (main/services/export), as the batch view reports them. */
export type ExportPhase = 'decode' | 'measure' | 'render' | 'subtitles' | 'finalize';

/** A project to export: a file anywhere, or a file of the app's projects folder (saved through ProjectService). */
export const batchSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('path'), path: z.string().min(1, 'must not be empty') }),
  z.object({ kind: z.literal('library'), fileName: z.string().min(1, 'must not be empty') }),
]);
export type BatchSource = z.infer<typeof batchSourceSchema>;

export const batchItemStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type BatchItemStatus = z.infer<typeof batchItemStatusSchema>;

/**
 * Why an item did not export: the file could not be read (damaged, missing, newer version), blocks lack audio
 * and generation was not asked for, generation failed, the export failed, or the user cancelled it.
 */
const batchErrorCodeSchema = z.enum([
  'PROJECT_UNREADABLE',
  'NOT_READY',
  'GENERATION_FAILED',
  'EXPORT_FAILED',
  'CANCELLED',
]);
export type BatchErrorCode = z.infer<typeof batchErrorCodeSchema>;

export const batchItemErrorSchema = z.object({
  code: batchErrorCodeSchema,
  message: z.string(),
  /** The service's X-Service-App-Request-Id, when the service was involved. */
  requestId: z.string().optional(),
  /** Blocks without current audio (NOT_READY, GENERATION_FAILED). */
  blocks: z
    .array(
      z.object({
        blockId: z.string(),
        track: z.enum(['speech', 'effects', 'music']),
        reason: z.enum(['not-generated', 'stale', 'failed']),
        label: z.string(),
      }),
    )
    .optional(),
});
export type BatchItemError = z.infer<typeof batchItemErrorSchema>;

export const batchOutputsSchema = z.object({
  audioPath: z.string(),
  subtitlePaths: z.array(z.string()),
  durationMs: z.number().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type BatchOutputs = z.infer<typeof batchOutputsSchema>;

/** One project of the queue as it is kept on disk (and shown, plus its live progress). */
export const batchItemRecordSchema = z.object({
  id: z.string().min(1),
  source: batchSourceSchema,
  /** The project's title once read; the file name until then. */
  label: z.string(),
  destination: z.string().min(1),
  nameTemplate: z.string().min(1),
  /** 1-based position among the projects added together, and how many they were ({index} in names). */
  index: z.number().int().min(1),
  count: z.number().int().min(1),
  settings: projectExportSettingsSchema,
  generateMissing: z.boolean(),
  overwrite: z.boolean(),
  /**
   * A single project's export handed over by the export dialog ("generate, then export"): the exact file (or
   * folder, or zip) the user chose and checked, instead of a name made from the template.
   */
  outputPath: z.string().optional(),
  /** `mix` (the default): one audio file with subtitles; `blocks-*`: one file per speech block. */
  mode: exportModeSchema.optional(),
  /** A cover image the user named (the CLI's --cover), embedded in MP3 output. */
  coverPath: z.string().min(1).optional(),
  /** The video mode's picture when the user named one (the CLI's --video FILE) instead of the project's own. */
  videoPath: z.string().min(1).optional(),
  status: batchItemStatusSchema,
  /** How many times the item started (a restart after a crash or a retry counts). */
  attempts: z.number().int().min(0),
  addedAt: z.string(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  outputs: batchOutputsSchema.optional(),
  error: batchItemErrorSchema.optional(),
  /** Things the user should know about an item that still exported (e.g. its file could not be updated). */
  warnings: z.array(z.string()),
});
export type BatchItemRecord = z.infer<typeof batchItemRecordSchema>;

export const BATCH_FILE_VERSION = 1;

/** The queue file; items are validated one by one so one bad entry does not lose the others. */
export const batchFileSchema = z.object({
  version: z.literal(BATCH_FILE_VERSION),
  paused: z.boolean(),
  items: z.array(z.unknown()),
});

export interface BatchState {
  paused: boolean;
  items: BatchItemRecord[];
}

/** What the running item is doing. */
export type BatchPhase = 'reading' | 'generating' | 'saving' | 'exporting';

export interface BatchItemProgress {
  id: string;
  phase: BatchPhase;
  /** The item's progress, 0…1. */
  fraction: number;
  /** The export engine's own phase while exporting. */
  exportPhase?: ExportPhase;
  /** While generating: blocks done out of those waited for, and the time left. */
  generation?: GenerationCount;
}

export type BatchItemView = BatchItemRecord & { progress?: BatchItemProgress };

/** idle: nothing to run; running: an item is running; pausing: it will stop after the running item. */
export type BatchQueueState = 'idle' | 'running' | 'pausing' | 'paused';

export interface BatchOverall {
  total: number;
  queued: number;
  running: number;
  done: number;
  failed: number;
  cancelled: number;
  /** Finished items count whole, the running one by its fraction. */
  fraction: number;
}

export interface BatchView {
  state: BatchQueueState;
  items: BatchItemView[];
  overall: BatchOverall;
}

/**
 * `changed`: the list, an item's status or the queue's state changed (the whole view, small enough to send).
 * `progress`: the running item moved on (throttled), with the overall figure.
 */
export type BatchEvent =
  { type: 'changed'; view: BatchView } | { type: 'progress'; item: BatchItemProgress; overall: BatchOverall };

export interface BatchSummary {
  done: { id: string; label: string; outputs: BatchOutputs; warnings: string[] }[];
  failed: { id: string; label: string; error: BatchItemError }[];
  cancelled: { id: string; label: string }[];
  queued: number;
  /** One line for people: `3 exported, 1 failed`. */
  line: string;
}
