import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';
import { IpcError } from '../../common/ipc/errors.js';
import type { ExportFinishedEvent, ExportConflict } from '../../common/ipc/output-methods.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { PathChooser, Platform } from '../platform/platform.js';
import type { AudioCache } from '../services/audio-cache/index.js';
import { isExportCancelled } from '../services/export/index.js';
import type { GenerationService } from '../services/generation/index.js';
import { ChargeTwiceRefusalError } from '../services/generation/index.js';
import type { Logger } from '../services/logging/logger.js';
import type { ProjectExporter } from '../services/project-export/index.js';
import type { ExportMode, OnExisting } from '../services/project-export/index.js';
import {
  ProjectNotReadyError,
  extensionProblem,
  settleDestination,
} from '../services/project-export/index.js';
import { ensureWritableFolder } from '../services/batch/output-paths.js';
import type { PathGrants } from '../services/paths/path-grants.js';
import { isSameOrInside } from '../services/paths/path-grants.js';
import type { ProjectExportSettings } from '../../common/export/index.js';
import type { Project } from '../../common/project/index.js';
import { readCoverImage } from '../services/export/tags/cover-image.js';
import type { UploadStaging } from '../services/staging/upload-staging.js';
import { exportContainer } from '../../common/export/export-mode.js';

export interface OutputFeatureDeps {
  generation: GenerationService;
  exporter: ProjectExporter;
  audio: AudioCache;
  platform: Platform;
  events: EventHub;
  logger: Logger;
  /** Where exports go by default (TIMBRE_EXPORT_DIR, else "Timbre Studio Exports" in the home folder). */
  exportDir?: string | undefined;
  /** Paths the user chose; the default export folder is granted here. */
  grants: PathGrants;
  /** Uploads from the page (a cover image chosen in the export dialog). */
  staging: UploadStaging;
  /** Hands a generate-then-export to main's persisted queue (the batch queue). */
  queueExport(input: {
    fileName: string;
    title: string;
    outputPath: string;
    mode: ExportMode;
    settings: ProjectExportSettings;
    overwrite: boolean;
  }): Promise<{ itemId: string }>;
}

type OutputHandlers = Pick<
  MethodHandlers,
  | 'generation.start'
  | 'generation.lookup'
  | 'generation.refetch'
  | 'generation.media'
  | 'generation.waveforms'
  | 'export.defaultFolder'
  | 'export.chooseDestination'
  | 'export.start'
  | 'export.generateThenExport'
  | 'export.cancel'
  | 'files.chooseFolder'
  | 'files.openChooser'
  | 'files.chooserAnswer'
  | 'files.closeChooser'
  | 'files.reveal'
>;

interface RunningExport {
  controller: AbortController;
  fraction: number;
}

/** A cover that is not a JPEG or PNG (or too big) is refused before the export starts, naming the field. */
function checkCover(coverPath: string): void {
  try {
    readCoverImage(coverPath, 'the chosen file');
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).replace(/^cover: /u, '');
    throw new IpcError({
      code: 'INVALID_INPUT',
      field: 'coverStagingId',
      message: `Cover image: ${detail}.`,
    });
  }
}

type StartedExport = Pick<
  Extract<ExportFinishedEvent, { ok: true }>,
  'outputPath' | 'subtitlePaths' | 'durationMs' | 'bytes'
>;

/** Runs the export the mode asks for and describes what it wrote. */
async function startExport(
  exporter: ProjectExporter,
  mode: ExportMode,
  project: Project,
  settings: ProjectExportSettings,
  outputPath: string,
  run: Parameters<ProjectExporter['exportMix']>[3],
): Promise<StartedExport> {
  const container = exportContainer(mode);
  if (container === 'file') {
    const result = await exporter.exportMix(project, settings, outputPath, run);
    const sidecars = result.chaptersJsonPath ? [result.chaptersJsonPath] : [];
    return {
      outputPath: result.audioPath,
      subtitlePaths: [...result.subtitlePaths, ...sidecars],
      durationMs: result.durationMs,
      bytes: result.bytes,
    };
  }
  if (mode === 'chapters-folder' || mode === 'chapters-zip') {
    const result = await exporter.exportChapters(project, settings, outputPath, container, run);
    return { outputPath, subtitlePaths: [], durationMs: result.durationMs, bytes: 0 };
  }
  const result = await exporter.exportBlocks(project, settings, outputPath, container, run);
  return {
    outputPath,
    subtitlePaths: [],
    durationMs: 0,
    bytes: result.files.reduce((sum, file) => sum + file.bytes, 0),
  };
}

/**
 * Generation and export over IPC. Exports run in the engine's worker thread; main only relays small progress
 * events (at most every 100 ms per export), shows the overall fraction on the taskbar/dock, and reports the end.
 */
export function createOutputFeature(deps: OutputFeatureDeps) {
  const { generation, exporter, platform, events, logger } = deps;

  /** Removes a staged cover no export will use; failing to is only logged (the start-up sweep gets it later). */
  const discardCover = async (stagingId: string): Promise<void> => {
    await deps.staging.discard(stagingId).catch((error: unknown) => {
      logger.warn(
        'A refused cover could not be removed from staging',
        error instanceof Error ? error.message : String(error),
      );
    });
  };
  const running = new Map<string, RunningExport>();
  const exportDir =
    deps.exportDir ?? process.env.TIMBRE_EXPORT_DIR ?? path.join(homedir(), 'Timbre Studio Exports');
  const { grants } = deps;
  // The app's own default is a place main may write without asking: the user never has to choose it.
  grants.grantFolder(exportDir);

  /**
   * Everything about where an export goes, checked before anything starts or is sent: the user chose the place,
   * the extension fits the format, the folder exists (made on first use) and is writable, and any file already
   * there is replaced or kept only as the user said.
   */
  const destination = async (
    outputPath: string,
    settings: ProjectExportSettings,
    mode: ExportMode,
    onExisting: OnExisting,
  ): Promise<{ ok: true; outputPath: string; overwrite: boolean } | ExportConflict> => {
    await grants.require(outputPath, 'outputPath', 'The export’s destination');
    const wrongExtension = extensionProblem(outputPath, settings, mode);
    if (wrongExtension) {
      throw new IpcError({
        code: 'INVALID_INPUT',
        field: 'outputPath',
        message: `outputPath ${wrongExtension}`,
      });
    }
    try {
      await ensureWritableFolder(path.dirname(outputPath));
    } catch (error) {
      throw new IpcError({
        code: 'INVALID_INPUT',
        field: 'outputPath',
        message: error instanceof Error ? error.message : String(error),
      });
    }
    const settled = await settleDestination(outputPath, settings, mode, onExisting);
    if (settled.ok) return settled;
    const names = settled.conflicts.map((file) => path.basename(file)).join(', ');
    return {
      ok: false,
      reason: 'conflict',
      conflicts: settled.conflicts,
      keepBothPath: settled.keepBothPath,
      message: `${names} already ${settled.conflicts.length === 1 ? 'exists' : 'exist'} in ${path.dirname(outputPath)}. Replace ${settled.conflicts.length === 1 ? 'it' : 'them'}, or keep both and save as ${path.basename(settled.keepBothPath)}.`,
    };
  };

  const showTaskbarProgress = (): void => {
    if (running.size === 0) return platform.setProgress(null);
    const fractions = [...running.values()].map((item) => item.fraction);
    platform.setProgress(fractions.reduce((sum, value) => sum + value, 0) / fractions.length);
  };

  const handlers: OutputHandlers = {
    'generation.start': async ({ project, blockIds, newTake, confirmChargeTwice, skipChargeTwice }) => {
      const chargeTwice = confirmChargeTwice ? 'confirm' : skipChargeTwice ? 'skip' : 'refuse';
      try {
        return await generation.start({ project, blockIds, newTake, chargeTwice });
      } catch (error) {
        // Nothing was sent: the editor asks the user what to do with the held blocks, then calls again.
        if (error instanceof ChargeTwiceRefusalError) return error.refusal;
        throw error;
      }
    },
    'generation.media': ({ serviceUrl, cacheKeys }) => generation.media(serviceUrl, cacheKeys),
    'generation.waveforms': ({ serviceUrl, cacheKeys }) => generation.waveforms(serviceUrl, cacheKeys),
    'generation.lookup': ({ serviceUrl, contentHashes }) => generation.lookup(serviceUrl, contentHashes),
    'generation.refetch': ({ serviceUrl, contentHashes }) => generation.refetch(serviceUrl, contentHashes),
    'export.defaultFolder': () => ({ folder: exportDir }),
    'export.chooseDestination': async ({ suggestedPath }) => {
      const chosen = await platform.chooseSavePath(suggestedPath);
      if (chosen) grants.grantFile(chosen);
      return { path: chosen };
    },
    'files.chooseFolder': async ({ suggestedPath }) => {
      const chosen = await platform.chooseFolder(suggestedPath);
      if (chosen) grants.grantFolder(chosen);
      return { path: chosen };
    },
    'files.openChooser': ({ kind, initialPath }) => browserChooser().open(kind, initialPath),
    'files.chooserAnswer': async ({ choiceId }) => {
      // The grant comes from the user's pick in main's chooser window, of the kind main asked for: nothing the
      // page sends is granted.
      const chosen = await browserChooser().answer(choiceId);
      if (!chosen) return { path: null };
      if (chosen.kind === 'folder') grants.grantFolder(chosen.path);
      else grants.grantFile(chosen.path);
      return { path: chosen.path };
    },
    'files.closeChooser': ({ choiceId }) => {
      browserChooser().cancel(choiceId);
      return null;
    },
    'files.reveal': async ({ path: wanted }) => {
      // Only places the user chose (exports) or the app's own data folder: a page cannot point the file manager
      // anywhere it likes.
      const place = path.resolve(wanted);
      const dataDir = path.resolve(platform.dataDir);
      if (!isSameOrInside(dataDir, place)) await grants.require(place, 'path', 'The place to show');
      if (platform.revealInFolder === undefined) return { revealed: false };
      platform.revealInFolder(place);
      return { revealed: true };
    },
    'export.generateThenExport': async ({ fileName, title, settings, outputPath, mode, onExisting }) => {
      const place = await destination(outputPath, settings, mode, onExisting);
      if (!place.ok) return place;
      const { itemId } = await deps.queueExport({
        fileName,
        title,
        outputPath: place.outputPath,
        mode,
        settings,
        overwrite: place.overwrite,
      });
      return { ok: true, itemId, outputPath: place.outputPath };
    },
    'export.start': async ({
      project,
      settings,
      outputPath: requestedPath,
      mode,
      onExisting,
      coverStagingId,
    }) => {
      // The page stages a cover afresh for every attempt, so a cover of an export that does not start (a refused
      // cover, a destination that exists, a project not ready) is nobody's: it is removed now, not by a sweep a day
      // later. Once the export runs, the cover is its own and goes when it finishes.
      let coverHandedOver = false;
      try {
        const place = await destination(requestedPath, settings, mode, onExisting);
        if (!place.ok) return place;
        const { outputPath, overwrite } = place;
        try {
          // Checked before anything starts, so the dialog can offer to generate the missing blocks.
          await exporter.prepare(project, settings);
        } catch (error) {
          if (error instanceof ProjectNotReadyError) {
            return error.code === 'EMPTY_PROJECT'
              ? { ok: false, reason: 'empty', message: error.message }
              : { ok: false, reason: 'missing-audio', missing: error.missing, message: error.message };
          }
          throw error;
        }
        // The cover is checked before the export is counted as running: a refused cover must leave no export behind
        // (the taskbar progress, the quit prompt and the other exports' average all count what `running` holds).
        const cover =
          coverStagingId === undefined ? undefined : deps.staging.finished(coverStagingId, 'coverStagingId');
        if (cover) checkCover(cover.path);
        const exportId = randomUUID();
        const entry: RunningExport = { controller: new AbortController(), fraction: 0 };
        running.set(exportId, entry);
        coverHandedOver = true;
        showTaskbarProgress();
        let lastSent = 0;
        const run = {
          signal: entry.controller.signal,
          overwrite,
          ...(cover ? { coverPath: cover.path } : {}),
          onProgress: ({ phase, fraction }: { phase: string; fraction: number }) => {
            entry.fraction = fraction;
            const now = Date.now();
            if (now - lastSent < 100 && fraction < 1) return;
            lastSent = now;
            events.emit('export.progress', { exportId, projectId: project.id, phase, fraction });
            showTaskbarProgress();
          },
        };
        const work = startExport(exporter, mode, project, settings, outputPath, run).then(
          (result): ExportFinishedEvent => ({ exportId, projectId: project.id, ok: true, ...result }),
        );
        void work
          .catch((error: unknown): ExportFinishedEvent => ({
            exportId,
            projectId: project.id,
            ok: false,
            cancelled: isExportCancelled(error),
            message: error instanceof Error ? error.message : String(error),
          }))
          .then((finished) => {
            running.delete(exportId);
            if (coverStagingId !== undefined) void deps.staging.discard(coverStagingId);
            showTaskbarProgress();
            if (!finished.ok && !finished.cancelled)
              logger.warn(`Export ${exportId} failed`, finished.message);
            events.emit('export.finished', finished);
            if (finished.ok && !platform.isFocused()) {
              platform.notify('Export finished', `${project.title} → ${path.basename(finished.outputPath)}`);
            }
          });
        return { ok: true, exportId, outputPath };
      } finally {
        if (!coverHandedOver && coverStagingId !== undefined) await discardCover(coverStagingId);
      }
    },
    'export.cancel': ({ exportId }) => {
      running.get(exportId)?.controller.abort();
      return null;
    },
  };

  /** The browser shell's chooser stands in for dialogs; where the OS has real ones, only they grant paths. */
  function browserChooser(): PathChooser {
    if (!platform.chooser) {
      throw new IpcError({
        code: 'INVALID_INPUT',
        message: 'Use Choose… to pick a place with the system dialog.',
      });
    }
    return platform.chooser;
  }

  return {
    handlers,
    runningExports: (): number => running.size,
    cancelAll(): void {
      for (const item of running.values()) item.controller.abort();
    },
  };
}
