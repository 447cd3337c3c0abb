import type { ServiceLexicons } from '../services/pronunciation/service-lexicons.js';
import path from 'node:path';
import type { ExportMode } from '../../common/export/export-mode.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Platform } from '../platform/platform.js';
import type { AudioCache } from '../services/audio-cache/index.js';
import {
  BATCH_QUEUE_FILE,
  BatchQueue,
  JsonBatchStore,
  ProjectSources,
  ServiceGenerator,
  sweepQueuedCovers,
} from '../services/batch/index.js';
import type { GenerationService } from '../services/generation/index.js';
import type { BatchItemView } from '../../common/batch/batch-types.js';
import type { PathGrants } from '../services/paths/path-grants.js';
import type { JobManager } from '../services/jobs/index.js';
import type { Logger } from '../services/logging/logger.js';
import type { ProjectExporter, RunningExports } from '../services/project-export/index.js';
import type { ProjectService } from '../services/projects/project-service.js';
import type { SettingsService } from '../services/settings/settings-service.js';

export interface BatchFeatureDeps {
  platform: Platform;
  events: EventHub;
  logger: Logger;
  projects: ProjectService;
  exporter: ProjectExporter;
  generation: GenerationService;
  audio: AudioCache;
  settings: SettingsService;
  manager(serviceUrl: string): Promise<JobManager>;
  /** `batch.add` takes only folders and files the user chose. */
  grants: PathGrants;
  lexicons: ServiceLexicons;
  /** The running item counts here among the exports in progress (the quit prompt, the taskbar). */
  runningExports: RunningExports;
}

type BatchHandlers = Pick<
  MethodHandlers,
  | 'batch.get'
  | 'batch.add'
  | 'batch.pause'
  | 'batch.resume'
  | 'batch.cancel'
  | 'batch.retry'
  | 'batch.remove'
  | 'batch.clearFinished'
  | 'batch.summary'
>;

/**
 * The batch export queue over IPC: its views go to the renderer as they change; its running item counts among the
 * running exports (whose progress the taskbar/dock shows), and a notification says when the queue has finished
 * while the window is in the background.
 */
export async function createBatchFeature(deps: BatchFeatureDeps) {
  const { platform, events, logger, projects, settings } = deps;
  const queue = await BatchQueue.open({
    store: new JsonBatchStore(path.join(platform.dataDir, BATCH_QUEUE_FILE), logger),
    sources: new ProjectSources({ library: projects, projectsDir: projects.projectsDir }),
    exporter: deps.exporter,
    generator: new ServiceGenerator({
      generation: deps.generation,
      audio: deps.audio,
      manager: deps.manager,
      lexicons: deps.lexicons,
    }),
    defaultServiceUrl: () => settings.current().activeServiceUrl ?? undefined,
    checkThresholds: () => settings.current().checks,
    explicitWords: () => settings.current().explicitWords,
    lexicons: deps.lexicons,
    runningExports: deps.runningExports,
    logger,
  });
  // Covers kept for queued exports whose items are gone; before any export can be queued (queued-covers.ts).
  const coverPaths = queue.view().items.map((item) => item.coverPath);
  const sweptCovers = await sweepQueuedCovers(platform.dataDir, coverPaths);
  if (sweptCovers.length > 0) logger.info('Removed covers of finished queued exports', sweptCovers.length);
  let wasRunning = false;
  const statuses = new Map<string, string>();
  /** Whether items of a real batch (not single exports, which say so themselves) finished since the last notice. */
  let batchItemsFinished = false;
  /** A single export handed over by the export dialog says when its file is written, focused or not. */
  const notifySingleExports = (items: readonly BatchItemView[]): void => {
    for (const item of items) {
      const before = statuses.get(item.id);
      statuses.set(item.id, item.status);
      if (before === undefined || before === item.status) continue;
      if (item.outputPath === undefined) {
        if (item.status === 'done' || item.status === 'failed') batchItemsFinished = true;
        continue;
      }
      if (item.status === 'done') {
        platform.notify('Export finished', `${item.label} → ${item.outputs?.audioPath ?? item.outputPath}`);
      } else if (item.status === 'failed') {
        platform.notify('Export failed', `${item.label}: ${item.error?.message ?? 'see Exports'}`);
      }
    }
  };
  notifySingleExports(queue.view().items);
  queue.onChange((event) => {
    if (event.type === 'progress') {
      events.emit('batch.progress', { item: event.item, overall: event.overall });
      return;
    }
    events.emit('batch.changed', event.view);
    notifySingleExports(event.view.items);
    const running = event.view.state === 'running' || event.view.state === 'pausing';
    if (wasRunning && event.view.state === 'idle' && batchItemsFinished && !platform.isFocused()) {
      platform.notify('Batch export finished', queue.summary().line);
    }
    if (event.view.state === 'idle') batchItemsFinished = false;
    wasRunning = running;
  });
  queue.start();

  const handlers: BatchHandlers = {
    'batch.get': () => queue.view(),
    'batch.add': async (input) => {
      await deps.grants.require(input.destination, 'destination', 'The batch’s destination folder');
      for (const [index, source] of input.sources.entries()) {
        if (source.kind === 'path') {
          await deps.grants.require(source.path, `sources.${index}.path`, 'A project file to export');
        }
      }
      return queue.add(input);
    },
    'batch.pause': ({ cancelCurrent }) => queue.pause(cancelCurrent === undefined ? {} : { cancelCurrent }),
    'batch.resume': () => queue.resume(),
    'batch.cancel': ({ id }) => queue.cancel(id),
    'batch.retry': ({ id }) => queue.retry(id),
    'batch.remove': ({ id }) => queue.remove(id),
    'batch.clearFinished': () => queue.clearFinished(),
    'batch.summary': () => queue.summary(),
  };
  return {
    handlers,
    queueExport: async (input: {
      fileName: string;
      title: string;
      outputPath: string;
      mode: ExportMode;
      settings: BatchItemView['settings'];
      overwrite: boolean;
      coverPath?: string;
    }) => {
      const { itemId } = await queue.addExport({
        source: { kind: 'library', fileName: input.fileName },
        label: input.title,
        outputPath: input.outputPath,
        mode: input.mode,
        settings: input.settings,
        overwrite: input.overwrite,
        ...(input.coverPath ? { coverPath: input.coverPath } : {}),
      });
      return { itemId };
    },
    close: () => queue.close(),
    /** Whether the export queue is working through its items (Restart to update waits for it). */
    inFlight: () => ['running', 'pausing'].includes(queue.view().state),
    onChange: (listener: () => void) => queue.onChange(() => listener()),
  };
}
