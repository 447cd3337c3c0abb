import { chooseDefaultVoice } from '../../common/voices/default-voice.js';
import { voiceCatalog } from '../../common/project/voice-fit.js';
import path from 'node:path';
import { LexiconStore } from '../services/pronunciation/service-lexicons.js';
import { createLexiconFeature } from './lexicon-feature.js';
import type { BackgroundActivity } from '../desktop/quit-guard.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import { createDispatcher } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Platform } from '../platform/platform.js';
import { AccountService } from '../services/account/account-service.js';
import type { Logger } from '../services/logging/logger.js';
import { installNativeSha256 } from '../platform/native-sha256.js';
import { KeytarSecretStore } from '../services/secrets/keytar-secret-store.js';
import type { SecretStore } from '../services/secrets/secret-store.js';
import type { ServiceClientOptions } from '../services/service-client/index.js';
import { SettingsService } from '../services/settings/settings-service.js';
import type { DevStandin } from './account-feature.js';
import { createAccountFeature } from './account-feature.js';
import { createJobsFeature } from './jobs-feature.js';
import { AudioCacheCleaner } from '../services/audio-cache/audio-cache-cleaner.js';
import { createSettingsFeature } from './settings-feature.js';
import type { UpdatesShell } from './update-feature.js';
import { createUpdateFeature } from './update-feature.js';
import { createSupportFeature } from './support-feature.js';
import { RecentRequests } from '../services/service-client/index.js';
import { createWelcomeFeature } from './welcome-feature.js';
import { createVoiceFeature } from './voice-feature.js';
import { createProjectFeature } from './project-feature.js';
import { ProjectService } from '../services/projects/project-service.js';
import { translateServiceErrors } from './error-translation.js';
import { UploadStaging } from '../services/staging/upload-staging.js';
import { MediaCache } from '../services/media/index.js';
import { VoiceLibrary } from '../services/voices/index.js';
import { MAX_UPLOAD_FILE_BYTES } from '../../common/rules/index.js';
import { createExportFeature } from './export-feature.js';
import { createFilesFeature } from './files-feature.js';
import { createVideoFeature } from './video-feature.js';
import { createCliFeature } from './cli-feature.js';
import { ReferenceVideos } from '../services/video/reference-videos.js';
import { VideoGrants } from '../services/video/video-grants.js';
import { createGenerationFeature } from './generation-feature.js';
import { createBatchFeature } from './batch-feature.js';
import { AudioCache } from '../services/audio-cache/index.js';
import { ExportEngine, exportDataPaths, removeLeftoverPartials } from '../services/export/index.js';
import { GenerationService } from '../services/generation/index.js';
import { ProjectExporter, RunningExports } from '../services/project-export/index.js';
import { PathGrants } from '../services/paths/path-grants.js';
import { ImportWorkers } from '../services/import-worker/import-workers.js';

export interface AppServicesOptions {
  platform: Platform;
  logger: Logger;
  /** The hub the shell forwards to its renderers (the platform may emit on it too). */
  events: EventHub;
  /** Where tokens live; the OS keychain unless a test passes another store. */
  secrets?: SecretStore;
  /** The export worker's file; Electron's CommonJS bundle must say where it is (ESM bundles find it). */
  exportWorkerEntry?: string;
  /** The import worker's file, likewise (import-worker/import-workers.ts). */
  importWorkerEntry?: string;
  /** Test hooks for every service client (e.g. shorter timeouts). */
  clientOptions?: Partial<ServiceClientOptions>;
  /**
   * A development stand-in started beside the app (`npm start`). When no service is configured yet, the app
   * signs in to it with its paid demo account through the normal sign-in path, so a newcomer can use everything.
   */
  devStandin?: DevStandin;
  /** How this shell updates itself (the Electron shell); absent: Settings says updates come with the desktop app. */
  updates?: UpdatesShell;
}

/**
 * The composition root both shells share: builds every main-process service, the handlers of the IPC contract
 * and the event hub. Nothing here imports Electron, so the browser shell and tests run exactly this code.
 */
export async function createAppServices(options: AppServicesOptions) {
  const { platform, logger, events } = options;
  // Content hashes (listing, generation, export plans) by Node's SHA-256: the same hex, ~3.5× as fast.
  installNativeSha256();
  const settings = new SettingsService(path.join(platform.dataDir, 'settings.json'), logger);
  await settings.load();
  const lexicons = new LexiconStore(path.join(platform.dataDir, 'lexicons.json'), logger);
  await lexicons.load();
  const secrets = options.secrets ?? new KeytarSecretStore();
  // Built in dependency order: tokens (accounts), then the clients and jobs that read them, then the rest.
  const accounts = new AccountService(settings, secrets, logger);
  // Every service client records its answers here, for Help → Report a Problem; failures also go to the log,
  // so their request ids outlive a restart.
  const recentRequests = new RecentRequests(undefined, (failure) =>
    logger.warn(
      `Service answer ${failure.status === 0 ? 'never came' : failure.status}: ${failure.method} ${failure.service}${failure.path}`,
      { requestId: failure.requestId, code: failure.code },
    ),
  );
  const { jobs, handlers: jobsHandlers } = createJobsFeature({
    platform,
    accounts,
    events,
    logger,
    clientOptions: { ...options.clientOptions, recentRequests },
  });
  const staging = new UploadStaging(path.join(platform.dataDir, 'staging'), MAX_UPLOAD_FILE_BYTES);
  await staging.sweep();
  // An export killed mid-way (a crash, kill -9, a power cut) left its hidden partial files: removed in the
  // background, since they are in the user's folders and one on a share that hangs must not hold up the start.
  const { partialFiles, pcmCacheDir } = exportDataPaths(platform.dataDir);
  void removeLeftoverPartials(partialFiles, pcmCacheDir, logger);
  const media = await MediaCache.open({
    dataDir: platform.dataDir,
    logger,
    gateFor: (url) => jobs.gateFor(url),
  });
  const library = new VoiceLibrary({ dataDir: platform.dataDir, logger });
  const settingsFeature = createSettingsFeature({ settings, accounts, jobs, events });
  const account = createAccountFeature({
    settings,
    accounts,
    secrets,
    jobs,
    library,
    logger,
    view: () => settingsFeature.view(),
  });
  if (options.devStandin) await account.signInToDevStandin(options.devStandin);

  const voices = createVoiceFeature({
    dataDir: platform.dataDir,
    settings,
    accounts,
    jobs,
    staging,
    library,
    media,
    events,
    logger,
  });

  const grants = new PathGrants();
  const videos = new ReferenceVideos(await VideoGrants.open(platform.dataDir, logger));
  const importWorkers = new ImportWorkers(
    options.importWorkerEntry ? { workerEntry: options.importWorkerEntry } : {},
  );
  const projects = new ProjectService({
    dataDir: platform.dataDir,
    trashItem: (filePath) => platform.trashItem(filePath),
    lexicons,
    logger,
    importWorkers,
  });
  const projectHandlers = createProjectFeature({
    projects,
    settings,
    staging,
    logger,
    events,
    noteRecentDocument: (filePath) => platform.noteRecentDocument(filePath),
    grants,
    defaultVoice: async (url, language) =>
      chooseDefaultVoice(
        // A library that cannot be read leaves the choice in Settings as it is rather than failing the import.
        await library.list(url).then(
          (voices) => voices.map((voice) => ({ ...voice, name: voice.localName ?? voice.serviceName })),
          () => undefined,
        ),
        {
          configured: settings.current().generation.defaultVoices[url],
          // Without the project's language, the user's own (the OS locale's) is the best guess.
          language: language ?? Intl.DateTimeFormat().resolvedOptions().locale,
        },
      ),
  });

  const audio = new AudioCache({ dataDir: platform.dataDir, media, logger });
  const cleaner = new AudioCacheCleaner({ audio, media, projects: () => projects.readAll() });
  const generation = new GenerationService({
    manager: (url) => jobs.manager(url),
    audio,
    // A free account's srt:true is silently dropped by the service; asking only when the plan allows keeps
    // the request honest (subtitles are made locally from the real audio either way).
    srtAllowed: (url) => settings.current().services.find((service) => service.url === url)?.plan === 'paid',
    onUpdate: (update) => events.emit('generation.updated', update),
    lexicons,
    // Main checks each block's style against its voice again: the CLI and a stale window cannot send a misfit.
    voices: async (url) =>
      voiceCatalog(
        (await library.list(url)).map((voice) => ({ ...voice, name: voice.localName ?? voice.serviceName })),
      ),
    logger,
  });
  // Voices and audio follow their jobs from here on; a manager reports the jobs it resumes once it starts.
  jobs.onJobUpdated((job) => voices.onJobUpdated(job));
  jobs.onJobUpdated((job) => generation.onJobUpdated(job));
  const engine = new ExportEngine({
    ...(options.exportWorkerEntry ? { workerEntry: options.exportWorkerEntry } : {}),
    partialFiles,
  });
  const exporter = new ProjectExporter({
    engine,
    audio,
    pcmCacheDir,
    lexicons,
    covers: projects.covers,
    // A project names its video by path: the video mode reads only one the user chose on this machine.
    videos,
    appVersion: platform.appVersion,
  });
  // Every export in progress, the dialog's and the queue's alike: one count for the quit prompt and the taskbar.
  const runningExports = new RunningExports();
  const batch = await createBatchFeature({
    platform,
    events,
    logger,
    projects,
    exporter,
    lexicons,
    generation,
    audio,
    settings,
    manager: (url) => jobs.manager(url),
    grants,
    runningExports,
  });
  const exportHandlers = createExportFeature({
    staging,
    exporter,
    platform,
    events,
    logger,
    grants,
    runningExports,
    queueExport: (input) => batch.queueExport(input),
    startWorkerAhead: () => engine.startWorkerAhead(),
    prepareAhead: async (fileName, settings) => {
      const opened = await projects.open(fileName);
      if (!opened.ok) return;
      // A project with blocks still to generate is not decoded ahead: its export asks to generate them first.
      const prepared = await exporter.prepare(opened.project, settings).catch(() => undefined);
      if (prepared) engine.prepareAhead({ plan: prepared.plan, sources: prepared.sources, pcmCacheDir });
    },
    cancelAhead: () => engine.cancelAhead(),
  });
  const updates = createUpdateFeature({
    shell: options.updates,
    appVersion: platform.appVersion,
    dataDir: platform.dataDir,
    settings,
    events,
    logger,
    // Main's share of "is anything running": jobs, exports (the dialog's and the queue's) and imports.
    activity: () => ({
      ...jobs.activity(),
      runningExports: runningExports.count(),
      runningImports: importWorkers.liveWorkers,
      batchInFlight: batch.inFlight(),
    }),
  });
  // Whether "Restart to update" may be offered follows the work that starts and ends.
  runningExports.onChange(updates.activityChanged);
  jobs.onJobUpdated(updates.activityChanged);
  batch.onChange(updates.activityChanged);
  importWorkers.onChange(updates.activityChanged);
  // Jobs persisted by an earlier run resume now, for every saved service (not only the active one), and the
  // voice libraries catch up with what their jobs did meanwhile.
  await Promise.all(settings.current().services.map((service) => jobs.manager(service.url)));
  for (const service of settings.current().services) {
    for (const job of (await jobs.manager(service.url)).list()) {
      voices.onJobUpdated(job);
      // Audio of tasks that ended while the app was closed (or mid-download at quit) is filed now.
      generation.onJobUpdated(job);
    }
  }

  const handlers: MethodHandlers = {
    'app.info': () => ({
      name: 'Timbre Studio',
      version: platform.appVersion,
      shell: platform.shell,
      platform: process.platform,
      dataDir: platform.dataDir,
      canReveal: platform.revealInFolder !== undefined,
      ...(options.devStandin
        ? { devStandin: { url: options.devStandin.url, voiceIds: options.devStandin.voiceIds ?? [] } }
        : {}),
    }),
    ...settingsFeature.handlers,
    'cache.usage': () => cleaner.usage(),
    'cache.removeUnused': () => cleaner.removeUnused(),
    ...account.handlers,
    ...createWelcomeFeature({ settings, view: settingsFeature.view }),
    ...jobsHandlers,
    ...voices.handlers,
    ...projectHandlers,
    ...createGenerationFeature(generation),
    ...exportHandlers,
    ...createFilesFeature({ platform, grants, videos }),
    ...batch.handlers,
    ...createLexiconFeature(lexicons),
    ...createVideoFeature({ platform, videos }),
    ...createCliFeature({ platform }),
    ...updates.handlers,
    ...createSupportFeature({
      platform,
      logger,
      grants,
      recentRequests,
      settings: () => settings.current(),
      tokens: async () => {
        const urls = settings.current().services.map((service) => service.url);
        // A keychain that cannot be read holds no token the report could leak.
        const tokens = await Promise.all(urls.map((url) => accounts.token(url).catch(() => undefined)));
        return tokens.filter((token): token is string => token !== undefined);
      },
      jobs: () => jobs.list(),
    }),
  };

  const dispatch = createDispatcher(handlers, logger, translateServiceErrors);

  return {
    events,
    dispatch,
    settings,
    accounts,
    jobs,
    media,
    /** The reference videos the user chose, which the shells serve under /media/video/. */
    videos,
    library,
    projects,
    generation,
    exporter,
    audio,
    /** What is running in the background, for the quit confirmation. */
    activity(): BackgroundActivity {
      return { ...jobs.activity(), runningExports: runningExports.count() };
    },
    /** The installed app's updates: the shell starts the checks and installs after the services stop. */
    updates: updates.service,
    /** Hands a project file the OS asked to open to the renderer. */
    openProjectFile(filePath: string): void {
      // The OS handed this file to the app (double-click, command line): that is the user's choice.
      grants.grantFile(filePath);
      events.emit('project.openRequested', { path: filePath });
    },
    /** Stops background work (pollers, submissions) so quitting loses nothing; jobs resume at the next start. */
    async dispose(): Promise<void> {
      // No update check starts while (or after) the app closes.
      updates.service.dispose();
      // A running import would otherwise go on parsing and write its projects after everything else closed.
      await importWorkers.dispose();
      // The dialog's exports are cancelled; the queue puts its running item back (it starts over next time).
      runningExports.cancelAll('dialog');
      await engine.dispose();
      await batch.close();
      await jobs.stopAll();
      await Promise.all([library.flush(), media.flush(), videos.flush()]);
    },
  };
}

export type AppServices = Awaited<ReturnType<typeof createAppServices>>;
