import { randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';
import type { ExportFinishedEvent } from '../../common/ipc/output-methods.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Platform } from '../platform/platform.js';
import type { AudioCache } from '../services/audio-cache/index.js';
import { isExportCancelled } from '../services/export/index.js';
import type { GenerationService } from '../services/generation/index.js';
import type { Logger } from '../services/logging/logger.js';
import type { ProjectExporter } from '../services/project-export/index.js';
import { ProjectNotReadyError } from '../services/project-export/index.js';

export interface OutputFeatureDeps {
  generation: GenerationService;
  exporter: ProjectExporter;
  audio: AudioCache;
  platform: Platform;
  events: EventHub;
  logger: Logger;
  /** Where exports go by default (TIMBRE_EXPORT_DIR, else "Timbre Studio Exports" in the home folder). */
  exportDir?: string | undefined;
}

type OutputHandlers = Pick<
  MethodHandlers,
  | 'generation.start'
  | 'generation.lookup'
  | 'export.defaultFolder'
  | 'export.chooseDestination'
  | 'export.start'
  | 'export.cancel'
>;

interface RunningExport {
  controller: AbortController;
  fraction: number;
}

/**
 * Generation and export over IPC. Exports run in the engine's worker thread; main only relays small progress
 * events (at most every 100 ms per export), shows the overall fraction on the taskbar/dock, and reports the end.
 */
export function createOutputFeature(deps: OutputFeatureDeps) {
  const { generation, exporter, platform, events, logger } = deps;
  const running = new Map<string, RunningExport>();
  const exportDir =
    deps.exportDir ?? process.env.TIMBRE_EXPORT_DIR ?? path.join(homedir(), 'Timbre Studio Exports');

  const showTaskbarProgress = (): void => {
    if (running.size === 0) return platform.setProgress(null);
    const fractions = [...running.values()].map((item) => item.fraction);
    platform.setProgress(fractions.reduce((sum, value) => sum + value, 0) / fractions.length);
  };

  const handlers: OutputHandlers = {
    'generation.start': ({ project, blockIds, force }) => generation.start({ project, blockIds, force }),
    'generation.lookup': ({ serviceUrl, contentHashes }) => generation.lookup(serviceUrl, contentHashes),
    'export.defaultFolder': () => ({ folder: exportDir }),
    'export.chooseDestination': async ({ suggestedPath }) => ({
      path: await platform.chooseSavePath(suggestedPath),
    }),
    'export.start': async ({ project, settings, outputPath, mode, overwrite }) => {
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
      const exportId = randomUUID();
      const entry: RunningExport = { controller: new AbortController(), fraction: 0 };
      running.set(exportId, entry);
      showTaskbarProgress();
      let lastSent = 0;
      const run = {
        signal: entry.controller.signal,
        overwrite,
        onProgress: ({ phase, fraction }: { phase: string; fraction: number }) => {
          entry.fraction = fraction;
          const now = Date.now();
          if (now - lastSent < 100 && fraction < 1) return;
          lastSent = now;
          events.emit('export.progress', { exportId, projectId: project.id, phase, fraction });
          showTaskbarProgress();
        },
      };
      const work =
        mode === 'mix'
          ? exporter.exportMix(project, settings, outputPath, run).then((result): ExportFinishedEvent => ({
              exportId,
              projectId: project.id,
              ok: true,
              outputPath: result.audioPath,
              subtitlePaths: [...result.subtitlePaths],
              durationMs: result.durationMs,
              bytes: result.bytes,
            }))
          : exporter
              .exportBlocks(project, settings, outputPath, mode === 'blocks-zip' ? 'zip' : 'folder', run)
              .then((result): ExportFinishedEvent => ({
                exportId,
                projectId: project.id,
                ok: true,
                outputPath,
                subtitlePaths: [],
                durationMs: 0,
                bytes: result.files.reduce((sum, file) => sum + file.bytes, 0),
              }));
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
          showTaskbarProgress();
          if (!finished.ok && !finished.cancelled) logger.warn(`Export ${exportId} failed`, finished.message);
          events.emit('export.finished', finished);
          if (finished.ok && !platform.isFocused()) {
            platform.notify('Export finished', `${project.title} → ${path.basename(finished.outputPath)}`);
          }
        });
      return { ok: true, exportId };
    },
    'export.cancel': ({ exportId }) => {
      running.get(exportId)?.controller.abort();
      return null;
    },
  };

  return {
    handlers,
    runningExports: (): number => running.size,
    cancelAll(): void {
      for (const item of running.values()) item.controller.abort();
    },
  };
}
