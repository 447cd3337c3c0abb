import { randomUUID } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { ProjectExportSettings } from '../../common/export/index.js';
import { IpcError } from '../../common/ipc/errors.js';
import type { ExportCheckResult, ExportFinishedEvent } from '../../common/ipc/export-methods.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Platform } from '../platform/platform.js';
import { isExportCancelled } from '../services/export/index.js';
import type { Logger } from '../services/logging/logger.js';
import { QUEUED_COVERS_FOLDER } from '../services/batch/index.js';
import type { PathGrants } from '../services/paths/path-grants.js';
import type {
  ExportMode,
  DeliveryCheckExporter,
  ExportOutputs,
  OnExisting,
  ProjectExporter,
  RunningExports,
} from '../services/project-export/index.js';
import {
  ProjectNotReadyError,
  checkDestination,
  checkPlannedDelivery,
} from '../services/project-export/index.js';
import { readCoverImage } from '../services/export/tags/cover-image.js';
import type { UploadStaging } from '../services/staging/upload-staging.js';

export interface ExportFeatureDeps {
  /** Every export is `prepare` once, then `export` with its mode (the batch queue's too). */
  exporter: Pick<ProjectExporter, 'prepare'> & DeliveryCheckExporter;
  platform: Platform;
  events: EventHub;
  logger: Logger;
  /** Where exports go by default (TIMBRE_EXPORT_DIR, else "Timbre Studio Exports" in the home folder). */
  exportDir?: string;
  /** Paths the user chose; the default export folder is granted here. */
  grants: PathGrants;
  /** Uploads from the page (a cover image chosen in the export dialog). */
  staging: UploadStaging;
  /** The exports in progress, this feature's and the queue's: the taskbar shows them from here. */
  runningExports: RunningExports;
  /** Hands a generate-then-export to main's persisted export queue (the batch queue). */
  queueExport(input: {
    fileName: string;
    title: string;
    outputPath: string;
    mode: ExportMode;
    settings: ProjectExportSettings;
    overwrite: boolean;
    /** The cover the user chose, moved out of staging (kept for as long as the queued export waits). */
    coverPath?: string;
  }): Promise<{ itemId: string }>;
  /** Starts the next export's worker thread ahead (ExportEngine.startWorkerAhead). */
  startWorkerAhead?: () => void;
  /**
   * Decodes the project's audio ahead in that worker (ExportEngine.prepareAhead), from its saved file: resolves
   * once the decoding was asked for, or when the project cannot be exported yet (then there is nothing to do).
   */
  prepareAhead?: (fileName: string, settings: ProjectExportSettings) => Promise<void>;
  /** Stops the decoding ahead (ExportEngine.cancelAhead). */
  cancelAhead?: () => void;
}

type ExportHandlers = Pick<
  MethodHandlers,
  | 'export.defaultFolder'
  | 'export.chooseDestination'
  | 'export.start'
  | 'export.generateThenExport'
  | 'export.check'
  | 'export.cancel'
  | 'export.dialogOpened'
  | 'export.dialogClosed'
>;

/** Progress events of one export go out at most this often (its end always does). */
const PROGRESS_INTERVAL_MS = 100;

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

/** Why a project cannot be exported yet, as the page hears it (it offers to generate the missing blocks). */
function notReadyAnswer(error: ProjectNotReadyError) {
  return error.code === 'EMPTY_PROJECT'
    ? { ok: false as const, reason: 'empty' as const, message: error.message }
    : {
        ok: false as const,
        reason: 'missing-audio' as const,
        missing: error.missing,
        message: error.message,
      };
}

/** The end of an export as the page hears it. */
function finishedEvent(exportId: string, projectId: string, written: ExportOutputs): ExportFinishedEvent {
  const sidecars = written.chaptersJsonPath ? [written.chaptersJsonPath] : [];
  return {
    exportId,
    projectId,
    ok: true,
    outputPath: written.outputPath,
    subtitlePaths: [...written.subtitlePaths, ...sidecars],
    durationMs: written.durationMs,
    bytes: written.bytes,
    ...(written.warnings?.length ? { warnings: [...written.warnings] } : {}),
    ...(written.summary ? { summary: written.summary } : {}),
  };
}

/**
 * Exports over IPC. `export.start` runs the dialog's export at once in the engine's worker thread; main relays
 * small progress events (at most every 100 ms per export) and reports the end. `export.generateThenExport` hands
 * the export to the queue. Both count among the running exports, whose mean progress the taskbar/dock shows.
 */
export function createExportFeature(deps: ExportFeatureDeps) {
  const { exporter, platform, events, logger, grants, runningExports } = deps;
  const exportDir =
    deps.exportDir ?? process.env.TIMBRE_EXPORT_DIR ?? path.join(homedir(), 'Timbre Studio Exports');
  // The app's own default is a place main may write without asking: the user never has to choose it.
  grants.grantFolder(exportDir);
  runningExports.onChange(() => platform.setProgress(runningExports.fraction()));

  /** Removes a staged cover no export will use; failing to is only logged (the start-up sweep gets it later). */
  const discardCover = async (stagingId: string): Promise<void> => {
    await deps.staging.discard(stagingId).catch((error: unknown) => {
      logger.warn(
        'A refused cover could not be removed from staging',
        error instanceof Error ? error.message : String(error),
      );
    });
  };

  /**
   * A queued export may run after a restart, long after staging's sweep: its cover is checked now (naming the
   * field), then moved where the batch item reads it, under the app's data folder.
   */
  const keepQueuedCover = async (stagingId: string): Promise<string> => {
    const cover = deps.staging.finished(stagingId, 'coverStagingId');
    checkCover(cover.path);
    const dir = path.join(platform.dataDir, QUEUED_COVERS_FOLDER);
    await mkdir(dir, { recursive: true });
    const kept = path.join(dir, `${randomUUID()}${path.extname(cover.fileName).toLowerCase()}`);
    await rename(cover.path, kept);
    deps.staging.release(stagingId);
    return kept;
  };

  /** Where an export goes: a place the user chose, then the exporter's own rules (checkDestination). */
  const destination = async (
    outputPath: string,
    settings: ProjectExportSettings,
    mode: ExportMode,
    onExisting: OnExisting,
  ) => {
    await grants.require(outputPath, 'outputPath', 'The export’s destination');
    const checked = await checkDestination(outputPath, settings, mode, onExisting);
    return checked.ok ? checked : { ...checked, reason: 'conflict' as const };
  };

  const handlers: ExportHandlers = {
    'export.defaultFolder': () => ({ folder: exportDir }),
    'export.chooseDestination': async ({ suggestedPath }) => {
      const chosen = await platform.chooseSavePath(suggestedPath);
      if (chosen) grants.grantFile(chosen);
      return { path: chosen };
    },
    'export.generateThenExport': async (input) => {
      const { fileName, title, settings, outputPath, mode, onExisting, coverStagingId } = input;
      try {
        const place = await destination(outputPath, settings, mode, onExisting);
        if (!place.ok) return place;
        const coverPath = coverStagingId === undefined ? undefined : await keepQueuedCover(coverStagingId);
        const { itemId } = await deps.queueExport({
          fileName,
          title,
          outputPath: place.outputPath,
          mode,
          settings,
          overwrite: place.overwrite,
          ...(coverPath ? { coverPath } : {}),
        });
        return { ok: true, itemId, outputPath: place.outputPath };
      } finally {
        // A cover the queue did not take (a refused one, a destination in the way) is nobody's: removed now
        // (one the queue took is released from staging, so this finds nothing to remove).
        if (coverStagingId !== undefined) await discardCover(coverStagingId);
      }
    },
    'export.start': async ({
      project,
      settings,
      outputPath: requested,
      mode,
      onExisting,
      coverStagingId,
    }) => {
      // The page stages a cover afresh for every attempt, so a cover of an export that does not start (a refused
      // cover, a destination that exists, a project not ready) is nobody's: it is removed now, not by a sweep a day
      // later. Once the export runs, the cover is its own and goes when it finishes.
      let coverHandedOver = false;
      try {
        const place = await destination(requested, settings, mode, onExisting);
        if (!place.ok) return place;
        const { outputPath, overwrite } = place;
        let prepared;
        try {
          // Checked before anything starts, so the dialog can offer to generate the missing blocks.
          prepared = await exporter.prepare(project, settings);
        } catch (error) {
          if (error instanceof ProjectNotReadyError) return notReadyAnswer(error);
          throw error;
        }
        // The cover is checked before the export is counted as running: a refused cover must leave no export behind
        // (the taskbar progress, the quit prompt and the other exports' average all count the running exports).
        const cover =
          coverStagingId === undefined ? undefined : deps.staging.finished(coverStagingId, 'coverStagingId');
        if (cover) checkCover(cover.path);
        const exportId = randomUUID();
        const controller = new AbortController();
        const counted = runningExports.begin({ id: exportId, origin: 'dialog', controller });
        coverHandedOver = true;
        let lastSent = 0;
        const target = { outputPath, mode, overwrite, coverPath: cover?.path };
        const work = exporter.export(prepared, target, {
          signal: controller.signal,
          onProgress: ({ phase, fraction }) => {
            const now = Date.now();
            if (now - lastSent < PROGRESS_INTERVAL_MS && fraction < 1) return;
            lastSent = now;
            events.emit('export.progress', { exportId, projectId: project.id, phase, fraction });
            counted.progress(fraction);
          },
        });
        void work
          .then((written) => finishedEvent(exportId, project.id, written))
          .catch((error: unknown): ExportFinishedEvent => ({
            exportId,
            projectId: project.id,
            ok: false,
            cancelled: isExportCancelled(error),
            message: error instanceof Error ? error.message : String(error),
          }))
          .then((finished) => {
            counted.end();
            if (coverStagingId !== undefined) void deps.staging.discard(coverStagingId);
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
    'export.check': async ({ checkId, project, settings, outputPath, mode }): Promise<ExportCheckResult> => {
      if (settings.retailProfile === undefined) {
        throw new IpcError({
          code: 'INVALID_INPUT',
          field: 'settings.retailProfile',
          message: 'Check delivery needs a retailer profile: choose one under “Deliver to”.',
        });
      }
      let prepared;
      try {
        prepared = await exporter.prepare(project, settings);
      } catch (error) {
        if (error instanceof ProjectNotReadyError) return notReadyAnswer(error);
        throw error;
      }
      // Counted as a running export (it renders the whole delivery): the taskbar shows it, Cancel stops it.
      const controller = new AbortController();
      const counted = runningExports.begin({ id: checkId, origin: 'dialog', controller });
      let lastSent = 0;
      try {
        const report = await checkPlannedDelivery(
          exporter,
          prepared,
          { outputPath, mode },
          {
            signal: controller.signal,
            onProgress: ({ phase, fraction }) => {
              const now = Date.now();
              if (now - lastSent < PROGRESS_INTERVAL_MS && fraction < 1) return;
              lastSent = now;
              events.emit('export.progress', { exportId: checkId, projectId: project.id, phase, fraction });
              counted.progress(fraction);
            },
          },
        );
        return { ok: true, report };
      } catch (error) {
        if (!isExportCancelled(error)) throw error;
        return { ok: false, reason: 'cancelled', message: 'The delivery check was cancelled.' };
      } finally {
        counted.end();
      }
    },
    'export.cancel': ({ exportId }) => {
      runningExports.cancel(exportId, 'dialog');
      return null;
    },
    'export.dialogOpened': ({ fileName, settings }) => {
      deps.startWorkerAhead?.();
      // A head start only: a project that cannot be read or exported yet says so when the user presses Export.
      void deps.prepareAhead?.(fileName, settings).catch((error: unknown) => {
        logger.warn(
          'The export dialog’s decoding ahead could not start',
          error instanceof Error ? error.message : String(error),
        );
      });
      return null;
    },
    'export.dialogClosed': () => {
      deps.cancelAhead?.();
      return null;
    },
  };

  return handlers;
}
