import path from 'node:path';
import { defaultDataDir } from '../platform/data-dir.js';
import { BatchQueue, MemoryBatchStore, ProjectSources } from '../services/batch/index.js';
import { FileLogger } from '../services/logging/logger.js';
import type { ExportCommand } from './cli-args.js';
import { readVersion } from './app-version.js';
import { runCheckPass } from './cli-check.js';
import { generationEstimateLine } from './cli-estimate.js';
import { printLaneConflicts, runFitPass } from './cli-fit.js';
import { expandProjectArguments } from './cli-projects.js';
import type { ProgressOutput } from './cli-progress.js';
import { ProgressPrinter } from './cli-progress.js';
import { openCliServices } from './cli-services.js';
import { withExplicitWords } from '../../common/export/explicit-words.js';

/** What the process running the tool knows that the bundle cannot find by itself. */
export interface CliRuntime {
  /** The app's version (package.json under Node, `app.getVersion()` in the app's binary). */
  readonly appVersion: string;
  /**
   * The export worker's script, where the bundle cannot find it beside itself: the app's main bundle is
   * CommonJS (no import.meta.url), and dist/main/export-worker.mjs sits beside it.
   */
  readonly exportWorkerEntry?: string;
  /** The data folder when neither --data nor TIMBRE_DATA_DIR names one (the app's: app.getPath('userData')). */
  readonly defaultDataDir?: string;
}

export interface ExportIo {
  stdout: ProgressOutput;
  env: NodeJS.ProcessEnv;
  /** Registers the Ctrl-C handler; returns its removal. */
  onInterrupt(handler: () => void): () => void;
  /** Absent: found from the sources or dist/main/timbre.mjs, as under Node. */
  runtime?: CliRuntime;
}

/** 0: every project exported; 1: any failed, was cancelled or did not run; 130: interrupted. */
export type ExportExitCode = 0 | 1 | 130;

/**
 * `timbre export`: the batch queue the app uses (in memory: the command's batch is its arguments), on the
 * CLI's services, with progress printed as it goes and a one-line summary at the end.
 */
export async function runExportCommand(command: ExportCommand, io: ExportIo): Promise<ExportExitCode> {
  const projects = await expandProjectArguments(command.projects);
  const dataDir = path.resolve(
    command.dataDir ?? io.env.TIMBRE_DATA_DIR ?? io.runtime?.defaultDataDir ?? defaultDataDir(),
  );
  // The log gets what the services report (never echoed: stdout is the user's progress).
  const logger = new FileLogger(path.join(dataDir, 'logs', 'cli.log'), () => undefined);
  if (command.token) logger.addSecret(command.token);
  const services = await openCliServices({
    dataDir,
    logger,
    token: command.token,
    confirmChargeTwice: command.confirmChargeTwice,
    appVersion: io.runtime?.appVersion ?? readVersion(),
    exportWorkerEntry: io.runtime?.exportWorkerEntry,
  });
  let interrupted = false;
  try {
    const sources = new ProjectSources();
    const write = (text: string): void => void io.stdout.write(text);
    if (command.check) {
      const controller = new AbortController();
      const removeInterrupt = io.onInterrupt(() => {
        interrupted = true;
        controller.abort();
      });
      try {
        const run = { signal: controller.signal };
        const pass = await runCheckPass(command, projects, sources, services.exporter, write, run);
        return pass ? 0 : 1;
      } catch (error) {
        if (interrupted) return 130;
        throw error;
      } finally {
        removeInterrupt();
      }
    }
    if (command.fit !== undefined) {
      await runFitPass(command.fit, projects, sources, services.lexicons, write);
      if (command.fit === 'report') return 0;
    } else {
      await printLaneConflicts(projects, sources, services.lexicons, write);
    }
    // What --generate will spend, said before anything is sent.
    if (command.generate) io.stdout.write(await generationEstimateLine(projects, sources, services.lexicons));
    const queue = await BatchQueue.open({
      store: new MemoryBatchStore(),
      sources,
      exporter: services.exporter,
      generator: services.generator,
      defaultServiceUrl: () => command.service,
      checkThresholds: () => services.checkThresholds,
      lexicons: services.lexicons,
      logger,
    });
    const printer = new ProgressPrinter(io.stdout, { generate: command.generate });
    queue.onChange((event) => printer.handle(event));
    const removeInterrupt = io.onInterrupt(() => {
      interrupted = true;
      io.stdout.write('\nStopping: the running export is cancelled and its temporary files removed…\n');
      void queue.cancelAll();
    });
    try {
      await queue.add({
        sources: projects.map((filePath) => ({ kind: 'path', path: filePath })),
        destination: command.out,
        nameTemplate: command.nameTemplate,
        settings: withExplicitWords(command.settings, services.explicitWords),
        generateMissing: command.generate,
        overwrite: command.overwrite,
        mode: command.mode,
        ...(command.coverPath ? { coverPath: command.coverPath } : {}),
        ...(command.videoPath ? { videoPath: command.videoPath } : {}),
      });
      queue.start();
      await queue.whenIdle();
      const summary = queue.summary();
      printer.finish(summary);
      await queue.close();
      if (interrupted) return 130;
      return summary.failed.length === 0 && summary.cancelled.length === 0 && summary.queued === 0 ? 0 : 1;
    } finally {
      removeInterrupt();
    }
  } finally {
    await services.close();
  }
}
