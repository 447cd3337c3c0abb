import path from 'node:path';
import type { SettingsView } from '../../common/ipc/contract.js';
import type { Settings } from '../../common/settings/settings-schema.js';
import type { BackgroundActivity } from '../desktop/quit-guard.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import { createDispatcher } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Platform } from '../platform/platform.js';
import { AccountService } from '../services/account/account-service.js';
import { ServiceTokenVerifier } from '../services/account/service-token-verifier.js';
import type { Logger } from '../services/logging/logger.js';
import { KeytarSecretStore } from '../services/secrets/keytar-secret-store.js';
import type { SecretStore } from '../services/secrets/secret-store.js';
import type { ServiceClientOptions } from '../services/service-client/index.js';
import { SettingsService } from '../services/settings/settings-service.js';
import { createJobNotifier } from './job-notifier.js';
import { JobRegistry } from './job-registry.js';
import { createVoiceFeature } from './voice-feature.js';
import { createProjectFeature } from './project-feature.js';
import { ProjectService } from '../services/projects/project-service.js';
import { translateServiceErrors } from './error-translation.js';
import { UploadStaging } from '../services/staging/upload-staging.js';
import { MediaCache } from '../services/media/index.js';
import { VoiceLibrary } from '../services/voices/index.js';
import { MAX_UPLOAD_FILE_BYTES } from '../../common/rules/index.js';
import { toJobView } from './job-view-mapper.js';
import type { JobRecord } from '../services/jobs/index.js';
import { createOutputFeature } from './output-feature.js';
import { createBatchFeature } from './batch-feature.js';
import { AudioCache } from '../services/audio-cache/index.js';
import { ExportEngine } from '../services/export/index.js';
import { GenerationService } from '../services/generation/index.js';
import { ProjectExporter } from '../services/project-export/index.js';
import { PathGrants } from '../services/paths/path-grants.js';

export interface AppServicesOptions {
  platform: Platform;
  logger: Logger;
  /** The hub the shell forwards to its renderers (the platform may emit on it too). */
  events: EventHub;
  /** Where tokens live; the OS keychain unless a test passes another store. */
  secrets?: SecretStore;
  /** The export worker's file; Electron's CommonJS bundle must say where it is (ESM bundles find it). */
  exportWorkerEntry?: string;
  /** Test hooks for every service client (e.g. shorter timeouts). */
  clientOptions?: Partial<ServiceClientOptions>;
  /**
   * A development stand-in started beside the app (`npm start`). When no service is configured yet, the app
   * signs in to it with its paid demo account through the normal sign-in path, so a newcomer can use everything.
   */
  devStandin?: { url: string; token: string; voiceIds?: string[] };
}

/**
 * The composition root both shells share: builds every main-process service, the handlers of the IPC contract
 * and the event hub. Nothing here imports Electron, so the browser shell and tests run exactly this code.
 */
export async function createAppServices(options: AppServicesOptions) {
  const { platform, logger, events } = options;
  const settings = new SettingsService(path.join(platform.dataDir, 'settings.json'), logger);
  await settings.load();
  const secrets = options.secrets ?? new KeytarSecretStore();

  // Features that follow jobs join once they exist; a job can report (sign-in resumes a manager) before that.
  const jobFollowers: ((job: JobRecord) => void)[] = [];
  // The registry reads tokens from the account service, which checks tokens with the registry's clients:
  // each only calls the other later, when a request is made.
  const jobs: JobRegistry = new JobRegistry({
    dataDir: platform.dataDir,
    tokenFor: (url) => accounts.token(url),
    events,
    logger,
    onJobUpdated: (job) => {
      notifyJob(job);
      for (const follow of jobFollowers) follow(job);
    },
    ...(options.clientOptions ? { clientOptions: options.clientOptions } : {}),
  });
  const notifyJob = createJobNotifier(platform);
  const staging = new UploadStaging(path.join(platform.dataDir, 'staging'), MAX_UPLOAD_FILE_BYTES);
  await staging.sweep();
  const media = await MediaCache.open({
    dataDir: platform.dataDir,
    logger,
    gateFor: (url) => jobs.gateFor(url),
  });
  const library = new VoiceLibrary({ dataDir: platform.dataDir, logger });
  const accounts: AccountService = new AccountService(
    settings,
    secrets,
    new ServiceTokenVerifier((url) => jobs.client(url)),
    logger,
  );

  const view = async (current: Settings = settings.current()): Promise<SettingsView> => ({
    theme: current.theme,
    activeServiceUrl: current.activeServiceUrl,
    services: await Promise.all(
      current.services.map(async (service) => ({
        ...service,
        active: service.url === current.activeServiceUrl,
        ...(await accounts.status(service.url)),
      })),
    ),
  });
  settings.onChange((current) => {
    void view(current).then((next) => events.emit('settings.changed', next));
  });

  // The development stand-in beside `npm start` is signed in to on every start (not only the first): without a
  // keychain its token lives in memory only, and a restart would otherwise leave the app silently signed out.
  const devStandin = options.devStandin;
  const standinSaved = settings.current().services.some((service) => service.url === devStandin?.url);
  if (
    devStandin &&
    (settings.current().services.length === 0 ||
      (standinSaved && !(await accounts.status(devStandin.url)).signedIn))
  ) {
    const { url, token, voiceIds = [] } = devStandin;
    try {
      const firstTime = !standinSaved;
      const active = settings.current().activeServiceUrl;
      await accounts.signIn({ url, token, label: 'Local stand-in (development)', plan: 'paid' });
      // Signing in makes a service active; signing in again must not take that choice from the user.
      if (!firstTime && active && active !== url) await settings.activateService(active);
      // Its market voices go into the library, so the voice pickers have something to offer at once.
      if (firstTime) for (const id of voiceIds) await library.addById(url, id, jobs.client(url));
    } catch (error) {
      logger.warn(
        `Could not sign in to the development stand-in at ${url}`,
        error instanceof Error ? error.message : error,
      );
    }
  }

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
  const projects = new ProjectService({
    dataDir: platform.dataDir,
    trashItem: (filePath) => platform.trashItem(filePath),
    logger,
  });
  const projectHandlers = createProjectFeature({
    projects,
    settings,
    staging,
    logger,
    noteRecentDocument: (filePath) => platform.noteRecentDocument(filePath),
    grants,
    defaultVoice: async (url) => {
      const ready = (await library.list(url)).find((voice) => voice.state === 'ready');
      return ready
        ? { voiceId: ready.idForGenerate, voiceName: ready.localName ?? ready.serviceName }
        : undefined;
    },
  });

  const audio = new AudioCache({ dataDir: platform.dataDir, media, logger });
  const generation: GenerationService = new GenerationService({
    manager: (url) => jobs.manager(url),
    audio,
    // A free account's srt:true is silently dropped by the service; asking only when the plan allows keeps
    // the request honest (subtitles are made locally from the real audio either way).
    srtAllowed: (url) => settings.current().services.find((service) => service.url === url)?.plan === 'paid',
    onUpdate: (update) => events.emit('generation.updated', update),
    logger,
  });
  const engine = new ExportEngine(
    options.exportWorkerEntry ? { workerEntry: options.exportWorkerEntry } : {},
  );
  const exporter = new ProjectExporter({
    engine,
    audio,
    pcmCacheDir: path.join(platform.dataDir, 'pcm-cache'),
  });
  const batch = await createBatchFeature({
    platform,
    events,
    logger,
    projects,
    exporter,
    generation,
    audio,
    settings,
    manager: (url) => jobs.manager(url),
    grants,
  });
  const output = createOutputFeature({
    generation,
    exporter,
    audio,
    platform,
    events,
    logger,
    grants,
    queueExport: (input) => batch.queueExport(input),
  });
  jobFollowers.push(
    (job) => voices.onJobUpdated(job),
    (job) => generation.onJobUpdated(job),
  );

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
    }),
    'settings.get': () => view(),
    'settings.setTheme': async ({ theme }) => view(await settings.setTheme(theme)),
    'services.save': async (input) => {
      const saved = await settings.saveService(input);
      await jobs.manager(input.url);
      return view(saved);
    },
    'services.remove': async ({ url }) => {
      await accounts.signOut(url);
      return view(await settings.removeService(url));
    },
    'services.activate': async ({ url }) => view(await settings.activateService(url)),
    'account.signIn': async (input) => {
      await accounts.signIn(input);
      if (input.previousUrl && input.previousUrl !== input.url) {
        await accounts.signOut(input.previousUrl);
        await settings.removeService(input.previousUrl);
      }
      await jobs.manager(input.url);
      return view();
    },
    'account.signOut': async ({ url }) => {
      await accounts.signOut(url);
      return view();
    },
    'account.keychain': async () => {
      const backend = await secrets.describeBackend();
      return {
        name: backend.name,
        secure: backend.secure,
        ...(backend.detail ? { detail: backend.detail } : {}),
      };
    },
    'jobs.list': () => jobs.list(),
    'jobs.cancel': async ({ id }) => toJobView(await (await jobs.owner(id)).cancel(id)),
    'jobs.retry': async ({ id }) => toJobView(await (await jobs.owner(id)).retry(id)),
    ...voices.handlers,
    ...projectHandlers,
    ...output.handlers,
    ...batch.handlers,
  };

  const dispatch = createDispatcher(handlers, logger, translateServiceErrors);

  return {
    events,
    dispatch,
    settings,
    accounts,
    jobs,
    media,
    library,
    projects,
    generation,
    exporter,
    audio,
    /** What is running in the background, for the quit confirmation. */
    activity(): BackgroundActivity {
      return { ...jobs.activity(), runningExports: output.runningExports() + batch.runningExports() };
    },
    /** Hands a project file the OS asked to open to the renderer. */
    openProjectFile(filePath: string): void {
      // The OS handed this file to the app (double-click, command line): that is the user's choice.
      grants.grantFile(filePath);
      events.emit('project.openRequested', { path: filePath });
    },
    /** Stops background work (pollers, submissions) so quitting loses nothing; jobs resume at the next start. */
    async dispose(): Promise<void> {
      output.cancelAll();
      await batch.close();
      await jobs.stopAll();
      await Promise.all([library.flush(), media.flush()]);
    },
  };
}

export type AppServices = Awaited<ReturnType<typeof createAppServices>>;
