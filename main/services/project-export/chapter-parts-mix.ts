import path from 'node:path';
import type { ChapterSpan } from '../../../common/export/chapter-split.js';
import type { ProjectExportSettings, RenderPlan } from '../../../common/export/index.js';
import type { RunOptions } from '../export/index.js';
import { exportMixInParts, partMixRefusal } from '../export/part-reuse/part-mix-export.js';
import { Mp3PartJoinError } from '../export/part-reuse/part-mp3-join.js';
import { PartStore } from '../export/part-reuse/part-store.js';
import type { FileTags } from '../export/tags/file-tags.js';
import type { ExportOutputs } from './project-exporter.js';

/** What a mix needs to be built from the parts of earlier exports (export/part-reuse/). */
export interface ChapterPartsJob {
  readonly plan: RenderPlan;
  readonly spans: readonly ChapterSpan[];
  readonly sources: Readonly<Record<string, string>>;
  readonly settings: ProjectExportSettings;
  readonly tags: FileTags | undefined;
  readonly outputPath: string;
  readonly overwrite: boolean;
  readonly pcmCacheDir: string;
  /** Where parts are kept; `<data>/part-cache` beside the PCM cache when the app does not say. */
  readonly partCacheDir: string | undefined;
  readonly appVersion: string | undefined;
  /** The engine's worker script, which also renders parts (its segment role). */
  readonly workerEntry: URL | undefined;
}

/** The job for a mix of `book`, from the exporter's options (its engine's worker script) and the target. */
export function chapterPartsJob(
  options: {
    readonly engine: object;
    readonly pcmCacheDir: string;
    readonly partCacheDir?: string | undefined;
    readonly appVersion?: string | undefined;
  },
  book: Pick<ChapterPartsJob, 'plan' | 'spans' | 'sources' | 'settings' | 'tags'>,
  target: { readonly outputPath: string; readonly overwrite: boolean },
): ChapterPartsJob {
  return {
    ...book,
    outputPath: target.outputPath,
    overwrite: target.overwrite,
    pcmCacheDir: options.pcmCacheDir,
    partCacheDir: options.partCacheDir,
    appVersion: options.appVersion,
    // A stand-in engine (tests) has no worker script: its mixes go through it as before.
    workerEntry: (options.engine as { workerEntry?: URL }).workerEntry,
  };
}

/**
 * Whether this mix is built from parts: an MP3 with chapter markers of two or more chapters, with nothing
 * partMixRefusal refuses (room tone, an RMS target, a chapter under 1.7 s…), on an engine with a worker script.
 */
export function usesChapterParts(job: ChapterPartsJob): boolean {
  if (!job.workerEntry || !job.tags?.markers || job.spans.length < 2) return false;
  const refusal = partMixRefusal({ ...job, chapters: job.spans, options: job.settings.options });
  return refusal === undefined;
}

/**
 * The MP3 with chapters from parts: each chapter's part is kept between exports (keyed by what decides its bytes),
 * so exporting again after an edit encodes only the chapters that changed. The summary says what was kept.
 */
export async function exportChapterPartsMix(
  job: ChapterPartsJob,
  run: RunOptions,
  onePass: () => Promise<ExportOutputs>,
): Promise<ExportOutputs> {
  try {
    return await exportFromParts(job, run);
  } catch (error) {
    if (!(error instanceof Mp3PartJoinError)) throw error;
    // Two parts that no frame can join: the book is still delivered, written in one pass as before parts existed.
    const outputs = await onePass();
    const warning =
      'The chapters kept from earlier exports could not be joined, so the book was encoded whole.';
    return { ...outputs, warnings: [...(outputs.warnings ?? []), warning] };
  }
}

async function exportFromParts(job: ChapterPartsJob, run: RunOptions) {
  const store = new PartStore(job.partCacheDir ?? path.join(path.dirname(job.pcmCacheDir), 'part-cache'));
  const result = await exportMixInParts(
    {
      plan: job.plan,
      chapters: job.spans,
      sources: job.sources,
      options: job.settings.options,
      tags: job.tags,
      outputPath: job.outputPath,
      overwrite: job.overwrite,
      pcmCacheDir: job.pcmCacheDir,
      store,
      reuse: job.settings.rerenderAllChapters !== true,
      appVersion: job.appVersion,
      workerEntry: job.workerEntry!,
    },
    run,
  );
  const { total, encoded, measured } = result.parts;
  // Measurements kept but every part encoded: the book's gain (rounded to 0.1 dB) moved with this edit.
  const gainMoved = encoded === total && measured < total && job.settings.rerenderAllChapters !== true;
  const summary = gainMoved
    ? `Encoded all ${total} chapters again: the book's loudness gain moved to ${result.gainDb.toFixed(1)} dB.`
    : `Encoded ${encoded} of ${total} chapters; kept ${total - encoded} unchanged.`;
  return {
    outputPath: result.audioPath,
    subtitlePaths: result.subtitlePaths,
    chaptersJsonPath: result.chaptersJsonPath,
    durationMs: result.durationMs,
    bytes: result.bytes,
    summary,
  };
}
