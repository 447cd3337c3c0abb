import path from 'node:path';
import { LexiconStore } from '../services/pronunciation/service-lexicons.js';
import type { ServiceLexicons } from '../services/pronunciation/service-lexicons.js';
import type { CheckThresholds } from '../../common/audio/take-checks.js';
import { DEFAULT_CHECK_THRESHOLDS } from '../../common/audio/take-checks.js';
import type { Settings } from '../../common/settings/settings-schema.js';
import { settingsSchema } from '../../common/settings/settings-schema.js';
import { DEFAULT_EXPLICIT_WORDS } from '../../common/export/explicit-words.js';
import { AudioCache } from '../services/audio-cache/index.js';
import type { BatchGenerator } from '../services/batch/index.js';
import { ServiceGenerator } from '../services/batch/index.js';
import { ExportEngine, exportDataPaths, removeLeftoverPartials } from '../services/export/index.js';
import { GenerationService } from '../services/generation/index.js';
import { CLI_STATE_FOLDER, JobManager } from '../services/jobs/index.js';
import type { FileLogger } from '../services/logging/logger.js';
import { MediaCache } from '../services/media/index.js';
import { ProjectExporter } from '../services/project-export/index.js';
import { KeytarSecretStore } from '../services/secrets/keytar-secret-store.js';
import type { SecretStore } from '../services/secrets/secret-store.js';
import { ServiceClient } from '../services/service-client/index.js';
import { readFileIfExists } from '../services/storage/atomic-file.js';
import { acquireCliLock } from './cli-lock.js';
import { CoverStore } from '../services/projects/cover-store.js';

export interface CliServicesOptions {
  dataDir: string;
  logger: FileLogger;
  /** From --token-env: used for every service of this run. Otherwise the keychain's entry per service. */
  token?: string | undefined;
  secrets?: SecretStore;
  /** The command line must end: generation gives up when the service stays unreachable this long. */
  unreachableTimeoutMs?: number;
  /** --confirm-charge-twice: send blocks the service may already have charged too (charge-twice-holds.ts). */
  confirmChargeTwice?: boolean | undefined;
  /** The app's version, recorded in per-chapter exports' chapter lists. */
  appVersion: string;
  /** The export worker's script where the bundle cannot find it beside itself (the app's CommonJS bundle). */
  exportWorkerEntry?: string | undefined;
}

/**
 * How a CLI user sends a block left out because it may be charged twice. The CLI's tasks are in its own job
 * file (`<data>/cli/jobs`), which the app's Tasks page does not list, so the flag is the way; a task the app sent
 * (its job file is read too) is on the app's Tasks page, where dismissing it lets the block go.
 */
const CHARGE_TWICE_OVERRIDE =
  'To send it anyway, run timbre again with --confirm-charge-twice (the task is in the tool’s own job list, cli/jobs in the data folder, or, if the app sent it, on the app’s Tasks page, where dismissing it lets the block go).';

export interface CliServices {
  exporter: ProjectExporter;
  generator: BatchGenerator;
  checkThresholds: CheckThresholds;
  /** The app's list of explicit words a retail sample is checked for (Settings → Explicit words). */
  explicitWords: readonly string[];
  lexicons: ServiceLexicons;
  close(): Promise<void>;
}

const UNREACHABLE_TIMEOUT_MS = 60_000;

/**
 * The services `timbre` runs on, in the app's data folder so the generated audio is shared both ways:
 *
 * - shared with the app: `audio-cache/` (one file per content hash, written under a temporary name and a sidecar
 *   written last, so two processes can fill it at once), `pcm-cache/` (same pattern), `settings.json` (read only,
 *   for the plan of a service), the keychain (read only).
 * - its own, under `<data>/cli/`: the job file and the media cache index. Both are rewritten whole by their
 *   owner, so if the app and the CLI shared them each would drop the other's entries. A lock keeps a second
 *   `timbre` out of `<data>/cli/` (cli-lock.ts); the app never touches it, so the two can run side by side.
 *   The price: the app does not show the CLI's tasks on its Tasks page (their audio does reach the shared cache).
 */
export async function openCliServices(options: CliServicesOptions): Promise<CliServices> {
  const { dataDir, logger } = options;
  const stateDir = path.join(dataDir, CLI_STATE_FOLDER);
  const lock = await acquireCliLock(stateDir);
  // As the app does at its start: partial files of exports that were killed (by either) are removed, in the
  // background (a user's folder on a share that hangs must not hold up the command). It never touches this run's
  // own exports, and a sweep still blocked at the end does not keep the command from ending (timbre.ts exits).
  const { partialFiles, pcmCacheDir } = exportDataPaths(dataDir);
  void removeLeftoverPartials(partialFiles, pcmCacheDir, logger);
  if (options.token) logger.addSecret(options.token);
  const secrets = options.secrets ?? new KeytarSecretStore();
  const settings = await readSettings(dataDir);
  const plans = new Map(settings?.services.map((service) => [service.url, service.plan]));
  const media = await MediaCache.open({
    dataDir: stateDir,
    logger,
    // Downloads of a service's files wait out its Retry-After like its API calls (one gate per service).
    gateFor: (url) => clients.find((client) => sameOrigin(client.baseUrl, url))?.rateGate,
  });
  const audio = new AudioCache({ dataDir, media, logger });
  // The app's lexicons, read only: the CLI sends what the editor shows (and finds the audio it made).
  const lexicons = new LexiconStore(path.join(dataDir, 'lexicons.json'), logger, { readOnly: true });
  await lexicons.load();
  const clients: ServiceClient[] = [];
  const managers = new Map<string, Promise<JobManager>>();

  const tokenFor = async (serviceUrl: string): Promise<string> => {
    if (options.token) return options.token;
    let token: string | undefined;
    try {
      token = await secrets.get(serviceUrl);
    } catch (error) {
      throw new Error(
        `The system keychain could not be read (${error instanceof Error ? error.message : String(error)}); pass the token with --token-env NAME.`,
        { cause: error },
      );
    }
    if (!token) {
      throw new Error(
        `No token for ${serviceUrl}: sign in to it in Timbre Studio (Settings → Service), or pass --token-env NAME.`,
      );
    }
    logger.addSecret(token);
    return token;
  };

  const managerFor = (serviceUrl: string): Promise<JobManager> => {
    let manager = managers.get(serviceUrl);
    if (!manager) {
      manager = startManager(serviceUrl);
      managers.set(serviceUrl, manager);
      // A failed start (no token) is not remembered: the next project may bring what was missing.
      manager.catch(() => managers.delete(serviceUrl));
    }
    return manager;
  };
  const generation = new GenerationService({
    manager: managerFor,
    audio,
    // The service silently drops `srt` for free accounts; export makes its own subtitles either way.
    srtAllowed: (serviceUrl) => plans.get(serviceUrl) !== 'free',
    onUpdate: () => undefined,
    lexicons,
    logger,
    chargeTwiceOverride: CHARGE_TWICE_OVERRIDE,
  });

  const startManager = async (serviceUrl: string): Promise<JobManager> => {
    const token = await tokenFor(serviceUrl);
    const client = new ServiceClient({ baseUrl: serviceUrl, getToken: () => token });
    clients.push(client);
    // The app's tasks of this service hold content back from the CLI's runs too (its file is only read).
    const manager = new JobManager({ client, dataDir: stateDir, logger, otherShellDataDirs: [dataDir] });
    manager.onEvent((event) => {
      if (event.type === 'job-updated') generation.onJobUpdated(event.job);
    });
    await manager.start();
    return manager;
  };

  const exporter = new ProjectExporter({
    engine: new ExportEngine({
      partialFiles,
      ...(options.exportWorkerEntry ? { workerEntry: options.exportWorkerEntry } : {}),
    }),
    audio,
    pcmCacheDir,
    lexicons,
    // The app's cover folder (ProjectService): an imported book's cover is embedded by the CLI's exports too.
    covers: new CoverStore(path.join(dataDir, 'covers')),
    appVersion: options.appVersion,
  });
  const generator = new ServiceGenerator({
    generation,
    audio,
    manager: managerFor,
    lexicons,
    unreachableTimeoutMs: options.unreachableTimeoutMs ?? UNREACHABLE_TIMEOUT_MS,
    confirmChargeTwice: options.confirmChargeTwice,
  });

  return {
    exporter,
    generator,
    lexicons,
    checkThresholds: settings?.checks ?? DEFAULT_CHECK_THRESHOLDS,
    explicitWords: settings?.explicitWords ?? DEFAULT_EXPLICIT_WORDS,
    close: async () => {
      const started = await Promise.allSettled(managers.values());
      await Promise.all(
        started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : Promise.resolve())),
      );
      await generation.settled();
      for (const client of clients) client.close();
      audio.dispose();
      await media.flush();
      await logger.flush();
      await lock.release();
    },
  };
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** The app's settings (each service's plan, the checks' thresholds), read without writing: the app owns them. */
async function readSettings(dataDir: string): Promise<Settings | undefined> {
  const text = await readFileIfExists(path.join(dataDir, 'settings.json')).catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return settingsSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}
