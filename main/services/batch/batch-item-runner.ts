import path from 'node:path';
import { withExplicitWords } from '../../../common/export/explicit-words.js';
import type { ServiceLexicons } from '../pronunciation/service-lexicons.js';
import type { SendContext } from '../../../common/project/send-context.js';
import type { GenerationCount } from '../../../common/generation/service-speed.js';
import type { CheckThresholds } from '../../../common/audio/take-checks.js';
import { DEFAULT_CHECK_THRESHOLDS } from '../../../common/audio/take-checks.js';
import { reviewFlags, summariseFlags } from '../../../common/generation/review-flags.js';
import { IpcError } from '../../../common/ipc/errors.js';
import type { Block, Project } from '../../../common/project/index.js';
import {
  allBlocks,
  blockState,
  excerpt,
  findBlock,
  setServiceUrl,
  writeProjectFile,
} from '../../../common/project/index.js';
import type { ExportProgress } from '../export/index.js';
import type { ProjectExporter } from '../project-export/index.js';
import {
  ProjectNotReadyError,
  chooseOutputPath,
  ensureWritableFolder,
  renderOutputName,
} from '../project-export/index.js';
import type {
  BatchItemError,
  BatchItemRecord,
  BatchOutputs,
  BatchPhase,
  BatchSource,
} from './batch-types.js';
import type { ProjectSourceAccess } from './project-sources.js';
import type { BatchGenerator, GenerateRun } from './service-generator.js';

/**
 * The part of ProjectExporter the batch uses (tests pass a fake): prepare once, then the one entry point; a video
 * export's picture is checked before any credit is spent.
 */
export type BatchExporter = Pick<ProjectExporter, 'prepare' | 'export' | 'checkVideoTarget'>;

export interface ItemRunnerDeps {
  sources: ProjectSourceAccess;
  exporter: BatchExporter;
  /** Without one, items asking for generation fail with NOT_READY when audio is missing. */
  generator?: BatchGenerator;
  /** The service of projects not linked to one (the app's active service, or the CLI's --service). */
  defaultServiceUrl?: () => string | undefined;
  now?: () => Date;
  exists?: (filePath: string) => Promise<boolean>;
  /** The take checks' thresholds from the user's settings (defaults when absent). */
  checkThresholds?: () => CheckThresholds;
  /** Each project's send context (cast, lexicons), so states and checks agree with what is sent. */
  lexicons: ServiceLexicons;
  /** Settings → Explicit words when the item runs, for a retail sample's check (the default list when absent). */
  explicitWords?: () => readonly string[];
}

export interface ItemRunContext {
  signal: AbortSignal;
  /** Output keys other items of the batch hold (project-export/output-paths.ts). */
  taken: ReadonlySet<string>;
  onProgress(
    phase: BatchPhase,
    phaseFraction: number,
    exportProgress?: ExportProgress,
    generation?: GenerationCount,
  ): void;
  onLabel(label: string): void;
  /** Resolves when the item may submit to the service (a look-ahead item waits for room under the cap). */
  whenMaySubmit?: GenerateRun['whenMaySubmit'];
}

export type ItemOutcome =
  | { status: 'done'; outputs: BatchOutputs; warnings: string[] }
  | { status: 'failed'; error: BatchItemError; warnings: string[] };

/** Thrown when the item's signal was aborted: the queue decides what that means (cancel, pause, quit). */
class ItemAbortedError extends Error {
  constructor() {
    super('The batch item was stopped');
    this.name = 'ItemAbortedError';
  }
}

type ItemInput = Pick<
  BatchItemRecord,
  | 'source'
  | 'destination'
  | 'nameTemplate'
  | 'index'
  | 'count'
  | 'settings'
  | 'generateMissing'
  | 'overwrite'
  | 'outputPath'
  | 'mode'
  | 'coverPath'
  | 'videoPath'
>;

/** What the first half of an item's run hands to its export: the project with its audio, and notes so far. */
export interface PreparedItem {
  status: 'prepared';
  project: Project;
  warnings: string[];
}

/**
 * One project of a batch runs in two halves. The first, which the queue may start ahead of the item's turn
 * (batch-pipeline.ts): read and validate the file, check where the export goes, generate what is missing when
 * asked (its submissions wait for `context.whenMaySubmit`), write the new generation states back to the file
 * (before exporting, so credits spent are never forgotten). Nothing is submitted for a project that cannot be
 * delivered. Every failure becomes an outcome with a reason; only an abort is thrown.
 */
export async function prepareBatchItem(
  item: ItemInput,
  deps: ItemRunnerDeps,
  context: ItemRunContext,
): Promise<PreparedItem | ItemOutcome> {
  const warnings: string[] = [];
  const checkAbort = (): void => {
    if (context.signal.aborted) throw new ItemAbortedError();
  };
  const fail = (error: BatchItemError): ItemOutcome => ({ status: 'failed', error, warnings });

  context.onProgress('reading', 0);
  const opened = await deps.sources.read(item.source);
  checkAbort();
  if (!opened.ok) return fail({ code: 'PROJECT_UNREADABLE', message: opened.message });
  const original = opened.project;
  context.onLabel(labelOf(original, item.source));
  context.onProgress('reading', 1);

  let project = original;
  const fallbackService = deps.defaultServiceUrl?.();
  if (project.serviceUrl === undefined && fallbackService) project = setServiceUrl(project, fallbackService);

  // Where the export goes is settled before any credit is spent: a folder that cannot be made or written, or a
  // name that is taken, fails the item now rather than after the audio was paid for; so does a video export whose
  // picture (or kept original sound) its container cannot hold, or whose video the app may not read. (The name
  // is chosen again when the export starts: items before this one may have taken it meanwhile.)
  try {
    const outputPath = await settleOutputPath(item, project, deps, context);
    if (item.mode === 'video') {
      const target = { outputPath, mode: item.mode, overwrite: item.overwrite, videoPath: item.videoPath };
      await deps.exporter.checkVideoTarget(project, item.settings, target);
    }
  } catch (error) {
    checkAbort();
    return fail({ code: 'EXPORT_FAILED', ...describeError(error) });
  }

  if (item.generateMissing && deps.generator) {
    context.onProgress('generating', 0);
    try {
      project = await deps.generator.generate(project, {
        signal: context.signal,
        onProgress: (count) =>
          context.onProgress(
            'generating',
            count.totalBlocks === 0 ? 1 : count.doneBlocks / count.totalBlocks,
            undefined,
            count,
          ),
        ...(context.whenMaySubmit ? { whenMaySubmit: context.whenMaySubmit } : {}),
      });
    } catch (error) {
      checkAbort();
      return fail({ code: 'GENERATION_FAILED', ...describeError(error) });
    }
    checkAbort();
    if (writeProjectFile(project) !== writeProjectFile(original)) {
      context.onProgress('saving', 0);
      const saved = await deps.sources.save(item.source, opened, project);
      if (!saved.saved) {
        warnings.push(
          `The project file was not updated with its new audio (${saved.reason}); the audio is kept in the cache, so nothing is generated twice.`,
        );
      }
      context.onProgress('saving', 1);
    }
    const failed = failedBlocks(project, deps.lexicons.contextFor(project));
    if (failed.length > 0) return fail(generationFailure(project, failed));
    checkAbort();
  }
  return { status: 'prepared', project, warnings };
}

/** The second half, when the item's turn comes (exports run one at a time, in queue order): name, export. */
export async function exportBatchItem(
  item: ItemInput,
  prepared: PreparedItem,
  deps: ItemRunnerDeps,
  context: ItemRunContext,
): Promise<ItemOutcome> {
  const { project } = prepared;
  const warnings = [...prepared.warnings];
  const checkAbort = (): void => {
    if (context.signal.aborted) throw new ItemAbortedError();
  };
  const fail = (error: BatchItemError): ItemOutcome => ({ status: 'failed', error, warnings });
  checkAbort();

  let outputPath: string;
  try {
    outputPath = await settleOutputPath(item, project, deps, context);
  } catch (error) {
    checkAbort();
    return fail({ code: 'EXPORT_FAILED', ...describeError(error) });
  }

  const flagged = reviewFlags(
    project,
    deps.lexicons.contextFor(project),
    deps.checkThresholds?.() ?? DEFAULT_CHECK_THRESHOLDS,
  );
  if (flagged.size > 0) warnings.push(summariseFlags(project, flagged));

  context.onProgress('exporting', 0);
  try {
    // The list in Settings now, as the dialog and `timbre` send it: a queued item's list may be out of date.
    const settings = deps.explicitWords
      ? withExplicitWords(item.settings, deps.explicitWords())
      : item.settings;
    const prepared = await deps.exporter.prepare(project, settings);
    const written = await deps.exporter.export(
      prepared,
      {
        outputPath,
        mode: item.mode ?? 'mix',
        overwrite: item.overwrite,
        coverPath: item.coverPath,
        videoPath: item.videoPath,
      },
      {
        signal: context.signal,
        onProgress: (progress: ExportProgress) =>
          context.onProgress('exporting', progress.fraction, progress),
      },
    );
    // Which chapter files it wrote and kept, then what it left out (a reference video's sound it could not mix
    // in), are noted like the review flags.
    warnings.push(...(written.summary ? [written.summary] : []), ...(written.warnings ?? []));
    return {
      status: 'done',
      outputs: {
        audioPath: written.outputPath,
        subtitlePaths: [...written.subtitlePaths],
        durationMs: written.durationMs,
        bytes: written.bytes,
      },
      warnings,
    };
  } catch (error) {
    checkAbort();
    if (error instanceof ProjectNotReadyError) {
      return fail({
        code: 'NOT_READY',
        message: error.message,
        blocks: error.missing.map(({ blockId, track, reason, label }) => ({ blockId, track, reason, label })),
      });
    }
    return fail({ code: 'EXPORT_FAILED', ...describeError(error) });
  }
}

/**
 * The file this item writes: the one the export dialog chose, or a free name from the template. Its folder is
 * made (the default export folder on first use) and must be writable.
 */
async function settleOutputPath(
  item: ItemInput,
  project: Project,
  deps: ItemRunnerDeps,
  context: ItemRunContext,
): Promise<string> {
  const folder = item.outputPath === undefined ? item.destination : path.dirname(item.outputPath);
  await ensureWritableFolder(folder);
  if (item.outputPath !== undefined) return item.outputPath;
  const baseName = renderOutputName(item.nameTemplate, {
    title: project.title,
    file: sourceFileBase(item.source),
    date: deps.now?.() ?? new Date(),
    index: item.index,
    count: item.count,
  });
  return chooseOutputPath({
    destination: item.destination,
    baseName,
    settings: item.settings,
    overwrite: item.overwrite,
    taken: context.taken,
    mode: item.mode,
    ...(deps.exists ? { exists: deps.exists } : {}),
  });
}

function labelOf(project: Project, source: BatchSource): string {
  return project.title.trim() === '' ? sourceFileBase(source) : project.title;
}

function sourceFileBase(source: BatchSource): string {
  const name = source.kind === 'path' ? path.basename(source.path) : source.fileName;
  return name.replace(/\.timbre$/iu, '');
}

function failedBlocks(project: Project, context: SendContext): Block[] {
  return allBlocks(project).filter((block) => blockState(block, context) === 'failed');
}

function generationFailure(project: Project, failed: Block[]): BatchItemError {
  const described = failed.map((block) => {
    const error = block.generation.kind === 'failed' ? block.generation.error : undefined;
    return { block, error };
  });
  const first = described[0]?.error;
  const listed = described
    .slice(0, 3)
    .map(
      ({ block, error }) =>
        `“${'text' in block ? excerpt(block.text) : block.id}”: ${error?.message ?? 'failed'}`,
    )
    .join('; ');
  const more = failed.length > 3 ? '; …' : '';
  // Blocks left out because the service may already have charged their content (issue 37) were not tried: said
  // so, with how to send them (in each block's reason).
  const held = described.filter(({ error }) => error?.code === 'MAY_CHARGE_TWICE').length;
  const count = `${failed.length} block${failed.length === 1 ? '' : 's'}`;
  const what =
    held === failed.length
      ? `${count} ${failed.length === 1 ? 'was' : 'were'} not sent, as ${failed.length === 1 ? 'it' : 'they'} may be charged twice`
      : held > 0
        ? `${count} could not be generated (${held} of them not sent, as they may be charged twice)`
        : `${count} could not be generated`;
  return {
    code: 'GENERATION_FAILED',
    message: `${what} (${listed}${more}).`,
    ...(first?.requestId ? { requestId: first.requestId } : {}),
    blocks: failed.map((block) => ({
      blockId: block.id,
      track: findBlock(project, block.id)?.track ?? 'speech',
      reason: 'failed' as const,
      label: 'text' in block ? excerpt(block.text) : block.id,
    })),
  };
}

/** An item's run that threw where it should have answered an outcome (a bug, or an exporter's crash). */
export function unexpectedFailure(error: unknown): ItemOutcome {
  const message = error instanceof Error ? error.message : String(error);
  return { status: 'failed', error: { code: 'EXPORT_FAILED', message }, warnings: [] };
}

function describeError(error: unknown): { message: string; requestId?: string } {
  if (error instanceof IpcError) {
    return { message: error.message, ...(error.data.requestId ? { requestId: error.data.requestId } : {}) };
  }
  const requestId = (error as { requestId?: unknown } | null)?.requestId;
  return {
    message: error instanceof Error ? error.message : String(error),
    ...(typeof requestId === 'string' ? { requestId } : {}),
  };
}
