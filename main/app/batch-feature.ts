import path from 'node:path';
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
} from '../services/batch/index.js';
import type { GenerationService } from '../services/generation/index.js';
import type { JobManager } from '../services/jobs/index.js';
import type { Logger } from '../services/logging/logger.js';
import type { ProjectExporter } from '../services/project-export/index.js';
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
 * The batch export queue over IPC: its views go to the renderer as they change; the overall progress shows on the
 * taskbar/dock, and a notification says when the queue has finished while the window is in the background.
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
    }),
    defaultServiceUrl: () => settings.current().activeServiceUrl ?? undefined,
    logger,
  });
  let wasRunning = false;
  queue.onChange((event) => {
    if (event.type === 'progress') {
      events.emit('batch.progress', { item: event.item, overall: event.overall });
      platform.setProgress(event.overall.fraction);
      return;
    }
    events.emit('batch.changed', event.view);
    const running = event.view.state === 'running' || event.view.state === 'pausing';
    if (!running) platform.setProgress(null);
    if (wasRunning && event.view.state === 'idle' && !platform.isFocused()) {
      platform.notify('Batch export finished', queue.summary().line);
    }
    wasRunning = running;
  });
  queue.start();

  const handlers: BatchHandlers = {
    'batch.get': () => queue.view(),
    'batch.add': (input) => queue.add(input),
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
    runningExports: (): number => queue.view().overall.running,
    close: () => queue.close(),
  };
}
