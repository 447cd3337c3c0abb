import { z } from 'zod';
import { exportOptionsSchema, audioFormatSchema } from '../../../common/export/export-options.js';
import type { LoudnessMeasurement } from '../../../common/export/loudness-meter.js';
import { renderPlanSchema, trackKindSchema } from '../../../common/export/render-plan.js';
import type { AheadSources } from './decode/decode-ahead.js';
import { fileTagsSchema } from './tags/file-tags.js';

export const absolutePathSchema = z
  .string()
  .min(1, 'must not be empty')
  .refine((value) => value.startsWith('/') || /^[A-Za-z]:[\\/]/u.test(value), 'must be an absolute path');

/** Where each source's encoded audio file is, by the sourceKey the plan's clips use. */
export const sourceFilesSchema = z.record(z.string().min(1, 'must not be empty'), absolutePathSchema);

/** Render the whole timeline to one audio file (plus subtitles next to it). */
export const exportRequestSchema = z.object({
  plan: renderPlanSchema,
  sources: sourceFilesSchema,
  options: exportOptionsSchema,
  /** The audio file to create; SRT/VTT files take its name with their own extension. */
  outputPath: absolutePathSchema,
  /** Folder of the decoded-PCM cache; reuse it across exports to skip decoding unchanged sources. */
  pcmCacheDir: absolutePathSchema,
  /** Replace existing files at the output paths (otherwise the export fails before any work if one exists). */
  overwrite: z.boolean().default(false),
  /** Threads decoding sources at once; defaults to the number of cores, at most 4. */
  decodeThreads: z.number().int().min(1, 'must be ≥ 1').max(16, 'must be ≤ 16').optional(),
  /**
   * Threads rendering and encoding the mix: 2 renders the two halves of the timeline in parallel (an MP3's two
   * streams are then joined; split-encode/); 1 renders in one pass. Defaults to 2 on a machine with 2+ cores.
   */
  renderThreads: z.number().int().min(1, 'must be 1 or 2').max(2, 'must be 1 or 2').optional(),
  /** Metadata, chapter markers and a cover written into the file, and a chapters JSON beside it. */
  tags: fileTagsSchema.optional(),
  /** The WAV is the app's staging file for an AAC encode: it may pass 4 GiB (encode/wav-encoder.ts, 'staging'). */
  stagingWav: z.boolean().optional(),
});
export type ExportRequest = z.input<typeof exportRequestSchema>;
export type ParsedExportRequest = z.output<typeof exportRequestSchema>;

/** Export each clip (of the chosen tracks) to its own file, into a folder or a store-only zip. */
export const clipFilesRequestSchema = z.object({
  plan: renderPlanSchema,
  sources: sourceFilesSchema,
  audio: audioFormatSchema,
  tracks: z.array(trackKindSchema).min(1, 'must name at least one track').default(['speech']),
  /** A folder to create (it must not exist yet), or a .zip file to create. */
  destination: absolutePathSchema,
  container: z.enum(['folder', 'zip']),
  /** File name (without extension) per clip id; defaults to the order and the clip id, e.g. "001-intro". */
  fileNames: z.record(z.string(), z.string().min(1, 'must not be empty')).optional(),
  pcmCacheDir: absolutePathSchema,
  overwrite: z.boolean().default(false),
  decodeThreads: z.number().int().min(1, 'must be ≥ 1').max(16, 'must be ≤ 16').optional(),
});
export type ClipFilesRequest = z.input<typeof clipFilesRequestSchema>;
export type ParsedClipFilesRequest = z.output<typeof clipFilesRequestSchema>;

export type ExportPhase = 'decode' | 'measure' | 'render' | 'subtitles' | 'finalize';

export interface ExportProgress {
  readonly phase: ExportPhase;
  /** Progress of the whole export, 0…1. */
  readonly fraction: number;
  /** Progress within the current phase, 0…1. */
  readonly phaseFraction: number;
}

export interface LoudnessReport {
  /** The mix before normalisation. */
  readonly measured: LoudnessMeasurement;
  /** Gain applied before the limiter, in dB. */
  readonly gainDb: number;
  /** The ceiling the limiter held peaks to, in dBFS. */
  readonly ceilingDb: number;
  /** The file as written (after gain and limiting). */
  readonly output: LoudnessMeasurement;
}

export interface ExportResult {
  readonly audioPath: string;
  readonly subtitlePaths: readonly string[];
  /** The Podcasting 2.0 chapters file written next to the audio, if asked for. */
  readonly chaptersJsonPath?: string;
  readonly sampleRate: number;
  readonly channels: 1 | 2;
  readonly frames: number;
  readonly durationMs: number;
  readonly bytes: number;
  readonly loudness?: LoudnessReport;
  /** The timeline frame from which a second thread rendered the mix; absent when it was rendered in one pass. */
  readonly splitFrame?: number;
  /** The MP3 frame at which the halves encoded in parallel were joined; absent when the stream was encoded in one pass. */
  readonly mp3JoinFrame?: number;
  /**
   * Why an MP3 planned in two halves was encoded in one pass after all: the helper failed before the join, or
   * no frame near the split let the halves join. The file is the same kind either way, only slower to make.
   */
  readonly mp3JoinSkipped?: string;
  /** Sources decoded in this export, and sources found already decoded in the cache. */
  readonly decodedSources: number;
  readonly cachedSources: number;
  readonly timingsMs: Readonly<Partial<Record<ExportPhase, number>>>;
  /** What the export left out and why, in sentences for the user (a reference video's sound it could not decode). */
  readonly warnings?: readonly string[];
}

export interface ClipFilesResult {
  readonly destination: string;
  readonly files: readonly { readonly clipId: string; readonly name: string; readonly bytes: number }[];
  readonly decodedSources: number;
  readonly cachedSources: number;
}

/** What a long operation reports, how it learns it should stop, and how it can start decode helpers. */
export interface RunHooks {
  readonly onProgress?: (progress: ExportProgress) => void;
  readonly isCancelled?: () => boolean;
  /**
   * Asked once everything is staged, just before the outputs take their real names: false when the export was
   * cancelled meanwhile. It is the commit point of a cancel, answered by the engine (which sees the user's cancel
   * in order with the worker's messages), so a cancel sent before it never leaves a file.
   */
  readonly mayPublish?: () => Promise<boolean>;
  /** The export worker's script, started again as decode helpers; defaults to the one next to this module. */
  readonly workerEntry?: URL;
  /** Sources this worker began decoding while the export dialog was open (decode/decode-ahead.ts). */
  readonly ahead?: AheadSources | undefined;
}
