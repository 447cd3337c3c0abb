import path from 'node:path';
import type { UpdateActivity, UpdateView } from '../../common/updates/update-state.js';
import { readLiveCliLock } from '../cli/cli-lock.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Logger } from '../services/logging/logger.js';
import { CLI_STATE_FOLDER } from '../services/jobs/index.js';
import type { Clock } from '../services/service-client/index.js';
import { systemClock } from '../services/service-client/index.js';
import type { SettingsService } from '../services/settings/settings-service.js';
import { chooseUpdateFeed } from '../services/updates/update-feed.js';
import { UpdateService } from '../services/updates/update-service.js';
import type { UpdaterBackend } from '../services/updates/updater-backend.js';

/** What a shell that can update itself gives the composition root (the Electron shell; the browser shell none). */
export interface UpdatesShell {
  /** Whether this copy is installed (it then carries its feed's app-update.yml). */
  packaged: boolean;
  /** TIMBRE_UPDATE_FEED_URL: an organisation's own generic HTTPS feed (the tests' local one). */
  envFeedUrl?: string | undefined;
  createBackend(feed: { feedUrl: string | undefined; forceDevUpdateConfig: boolean }): UpdaterBackend;
  /** Quits through the app's normal quit path (services stopped), then calls `UpdateService.install()`. */
  restartToInstall(): void;
  /** The installer could not start once the services stopped: the shell says why and starts the app again. */
  installFailed(reason: string): void;
  /** Timers for the four-hourly checks (tests pass their own). */
  clock?: Pick<Clock, 'setTimer' | 'now'>;
}

interface UpdateFeatureDeps {
  shell: UpdatesShell | undefined;
  appVersion: string;
  /** The app's data folder: a `timbre` command running from it holds `<data>/cli/timbre.lock`. */
  dataDir: string;
  settings: SettingsService;
  events: EventHub;
  logger: Logger;
  /** Main's own work in flight; the `timbre` command's lock is read here. */
  activity: () => Omit<UpdateActivity, 'unsavedProject' | 'runningCliCommand'>;
}

type UpdateHandlers = Pick<
  MethodHandlers,
  'updates.get' | 'updates.check' | 'updates.setAutomatic' | 'updates.restart'
>;

/**
 * Settings → Updates over IPC, and `updates.changed` whenever the state or whether "Restart to update" may be
 * offered changes (call `activityChanged` when work starts or ends).
 */
export function createUpdateFeature({
  shell,
  appVersion,
  dataDir,
  settings,
  events,
  logger,
  activity,
}: UpdateFeatureDeps) {
  const cliStateDir = path.join(dataDir, CLI_STATE_FOLDER);
  const feed = shell
    ? chooseUpdateFeed({
        packaged: shell.packaged,
        envFeedUrl: shell.envFeedUrl,
        settingsFeedUrl: settings.current().updates.feedUrl,
      })
    : { kind: 'none' as const, reason: 'Updates come with the desktop app; this shell has none.' };
  let lastSent = '';
  const send = (view: UpdateView): void => {
    const text = JSON.stringify(view);
    if (text === lastSent) return;
    lastSent = text;
    events.emit('updates.changed', view);
  };
  const service = new UpdateService({
    backend: feed.kind === 'feed' && shell ? shell.createBackend(feed) : undefined,
    ...(feed.kind === 'none' ? { disabledReason: feed.reason } : {}),
    currentVersion: appVersion,
    automaticChecks: () => settings.current().updates.automaticChecks,
    // Read at each view and each click: the command's start and end send no event, so the click checks again.
    activity: () => ({ ...activity(), runningCliCommand: readLiveCliLock(cliStateDir) }),
    restartToInstall: () => shell?.restartToInstall(),
    installFailed: (reason) => shell?.installFailed(reason),
    onChange: send,
    clock: shell?.clock ?? systemClock,
    logger,
  });
  let automatic = settings.current().updates.automaticChecks;
  settings.onChange((current) => {
    if (current.updates.automaticChecks === automatic) return;
    automatic = current.updates.automaticChecks;
    service.automaticChecksChanged();
  });

  const handlers: UpdateHandlers = {
    'updates.get': () => service.view(),
    'updates.check': () => service.checkNow(),
    'updates.setAutomatic': async ({ enabled }) => {
      await settings.setAutomaticUpdateChecks(enabled);
      return service.view();
    },
    'updates.restart': ({ unsavedProject }) => service.requestRestart(unsavedProject),
  };
  return { service, handlers, activityChanged: () => service.emit() };
}
