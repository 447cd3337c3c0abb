import path from 'node:path';
import type { SettingsView } from '../../common/ipc/contract.js';
import type { Settings } from '../../common/settings/settings-schema.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import { createDispatcher } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Logger } from '../services/logging/logger.js';
import { SettingsService } from '../services/settings/settings-service.js';
import type { Platform } from '../platform/platform.js';
import type { BackgroundActivity } from '../desktop/quit-guard.js';

export interface AppServicesOptions {
  platform: Platform;
  logger: Logger;
  /** The hub the shell forwards to its renderers (the platform may emit on it too). */
  events: EventHub;
}

/**
 * The composition root both shells share: builds every main-process service, the handlers of the IPC contract
 * and the event hub. Nothing here imports Electron, so the browser shell and tests run exactly this code.
 */
export async function createAppServices({ platform, logger, events }: AppServicesOptions) {
  const settings = new SettingsService(path.join(platform.dataDir, 'settings.json'), logger);
  await settings.load();

  const view = (current: Settings): SettingsView => ({
    theme: current.theme,
    activeServiceUrl: current.activeServiceUrl,
    services: current.services.map((service) => ({
      ...service,
      active: service.url === current.activeServiceUrl,
      signedIn: false,
      maskedToken: null,
    })),
  });

  settings.onChange((current) => events.emit('settings.changed', view(current)));

  const handlers: MethodHandlers = {
    'app.info': () => ({
      name: 'Timbre Studio',
      version: platform.appVersion,
      shell: platform.shell,
      platform: process.platform,
      dataDir: platform.dataDir,
    }),
    'settings.get': () => view(settings.current()),
    'settings.setTheme': async ({ theme }) => view(await settings.setTheme(theme)),
    'services.save': async (input) => view(await settings.saveService(input)),
    'services.remove': async ({ url }) => view(await settings.removeService(url)),
    'services.activate': async ({ url }) => view(await settings.activateService(url)),
  };

  const dispatch = createDispatcher(handlers, logger);

  return {
    events,
    dispatch,
    settings,
    /** What is running in the background, for the quit confirmation. */
    activity(): BackgroundActivity {
      return { runningJobs: 0, queuedOfflineJobs: 0, runningExports: 0 };
    },
    /** Hands a project file the OS asked to open to the renderer. */
    openProjectFile(filePath: string): void {
      events.emit('project.openRequested', { path: filePath });
    },
    /** Stops background work (pollers, autosave flushes) so quitting loses nothing. */
    async dispose(): Promise<void> {},
  };
}

export type AppServices = Awaited<ReturnType<typeof createAppServices>>;
