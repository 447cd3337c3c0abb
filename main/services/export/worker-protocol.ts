import { z } from 'zod';
import type { WorkerProtocol } from '../../../common/workers/worker-channel.js';
import { workerErrorSchema } from '../../../common/workers/worker-error-schema.js';
import type { WorkerError } from '../../../common/workers/worker-error.js';
import type { ClipFilesResult, ExportProgress, ExportResult } from './export-types.js';

/** Temporary names the engine picks for the worker, so it can clean up even if the worker dies. */
export const stagingSchema = z.object({
  audio: z.string().optional(),
  srt: z.string().optional(),
  vtt: z.string().optional(),
  chaptersJson: z.string().optional(),
  segment: z.string().optional(),
  folder: z.string().optional(),
});
export type Staging = z.infer<typeof stagingSchema>;

/** Messages from the engine to the worker. Requests are validated again by the job itself. */
export const workerInboundSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    job: z.enum(['mix', 'clip-files']),
    request: z.unknown(),
    staging: stagingSchema,
    /** This worker's own script, so it can start copies of itself to decode in parallel. */
    workerEntry: z.string(),
  }),
  z.object({ type: z.literal('cancel') }),
  /**
   * Sent to a worker started ahead, while the export dialog is open: decode the export's sources now
   * (decode/decode-ahead.ts). No answer: the export that follows waits for it, and reports its errors itself.
   */
  z.object({ type: z.literal('decode-ahead'), request: z.unknown(), workerEntry: z.string() }),
  /** The dialog closed without an export: stop decoding ahead. */
  z.object({ type: z.literal('decode-ahead-cancel') }),
  /** The answer to 'ready-to-publish' when the export still stands (a cancel is the other answer). */
  z.object({ type: z.literal('publish') }),
]);
export type WorkerInbound = z.infer<typeof workerInboundSchema>;

/** Messages from the worker to the engine. */
export type WorkerOutbound =
  | { readonly type: 'progress'; readonly progress: ExportProgress }
  /** Everything is staged: may the outputs take their real names? */
  | { readonly type: 'ready-to-publish' }
  | { readonly type: 'done'; readonly result: ExportResult | ClipFilesResult }
  | { readonly type: 'failed'; readonly error: WorkerError };

/** The export engine and the export worker running one job (a mix or per-clip files). */
export type ExportJobProtocol = WorkerProtocol<WorkerInbound, WorkerOutbound>;

export const workerOutboundSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    progress: z.object({
      phase: z.enum(['decode', 'measure', 'render', 'subtitles', 'finalize']),
      fraction: z.number(),
      phaseFraction: z.number(),
    }),
  }),
  z.object({ type: z.literal('ready-to-publish') }),
  z.object({
    type: z.literal('done'),
    // An object the job made; its fields are the job's result types (the worker is this app's own).
    result: z.custom<ExportResult | ClipFilesResult>((value) => typeof value === 'object' && value !== null),
  }),
  z.object({ type: z.literal('failed'), error: workerErrorSchema }),
]);
