import { randomUUID } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { IpcError } from '../../common/ipc/errors.js';
import type { JobView } from '../../common/jobs/job-view.js';
import type { VoiceView } from '../../common/voices/voice-view.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { JobRecord } from '../services/jobs/index.js';
import type { Logger } from '../services/logging/logger.js';
import type { MediaCache } from '../services/media/index.js';
import { mediaPathFor } from '../services/media/index.js';
import type { SettingsService } from '../services/settings/settings-service.js';
import type { UploadStaging } from '../services/staging/upload-staging.js';
import type { VoiceEntry, VoiceLibrary } from '../services/voices/index.js';
import { displayName } from '../services/voices/index.js';
import type { AccountService } from '../services/account/account-service.js';
import type { JobRegistry } from './job-registry.js';
import { toJobView } from './job-view-mapper.js';

export interface VoiceFeatureDeps {
  dataDir: string;
  settings: SettingsService;
  accounts: AccountService;
  jobs: JobRegistry;
  staging: UploadStaging;
  library: VoiceLibrary;
  media: MediaCache;
  events: EventHub;
  logger: Logger;
}

type VoiceHandlers = Pick<
  MethodHandlers,
  | 'staging.begin'
  | 'staging.append'
  | 'staging.finish'
  | 'staging.discard'
  | 'voices.list'
  | 'voices.addById'
  | 'voices.rename'
  | 'voices.remove'
  | 'voices.create'
>;

/** App-local URL of a remote file, served by main from its media cache (the page may not fetch other origins). */
function mediaPath(media: MediaCache, remoteUrl: string | undefined): string | undefined {
  if (!remoteUrl) return undefined;
  try {
    return mediaPathFor(media.register(remoteUrl), remoteUrl);
  } catch {
    return undefined;
  }
}

function toVoiceView(entry: VoiceEntry, media: MediaCache): VoiceView {
  const avatarUrl = mediaPath(media, entry.avatarUrl);
  return {
    id: entry.id,
    idForGenerate: entry.idForGenerate,
    name: displayName(entry),
    serviceName: entry.serviceName,
    state: entry.state,
    status: entry.status,
    origin: entry.origin,
    professional: entry.professional,
    addedAt: entry.addedAt,
    updatedAt: entry.updatedAt,
    styles: entry.styles.map((style) => {
      const sampleUrl = mediaPath(media, style.sampleUrl);
      return {
        id: style.id,
        name: style.name,
        ...(sampleUrl ? { sampleUrl } : {}),
        ...(style.description ? { description: style.description } : {}),
        ...(style.language ? { language: style.language } : {}),
      };
    }),
    ...(entry.failureReason ? { failureReason: entry.failureReason } : {}),
    ...(entry.description ? { description: entry.description } : {}),
    ...(avatarUrl ? { avatarUrl } : {}),
    ...(entry.version ? { version: entry.version } : {}),
    ...(entry.from ? { from: entry.from } : {}),
    ...(entry.language ? { language: entry.language } : {}),
    ...(entry.jobId ? { jobId: entry.jobId } : {}),
    ...(entry.requestId ? { requestId: entry.requestId } : {}),
  };
}

/**
 * The Voices feature in main: files staged from the renderer, voice clones submitted as jobs, and the library
 * kept in step with those jobs. The library of every service is told about its voice jobs, also at start-up.
 */
export function createVoiceFeature(deps: VoiceFeatureDeps) {
  const { settings, accounts, jobs, staging, library, media, events, logger } = deps;

  const activeUrl = (): string => {
    const url = settings.current().activeServiceUrl;
    if (!url)
      throw new IpcError({
        code: 'NOT_FOUND',
        message: 'No service is chosen. Add one in Settings → Service.',
      });
    return url;
  };
  const views = async (serviceUrl: string): Promise<VoiceView[]> =>
    (await library.list(serviceUrl)).map((entry) => toVoiceView(entry, media));

  library.onChange((serviceUrl) => {
    void views(serviceUrl).then(
      (voices) => events.emit('voices.changed', { serviceUrl, voices }),
      (error: unknown) => logger.warn(`Could not read the voice library of ${serviceUrl}`, error),
    );
  });

  /** Moves a staged upload where a persisted job may read it for as long as it needs (resends, restarts). */
  const keepForJob = async (stagingId: string, field: string) => {
    const file = staging.finished(stagingId, field);
    const dir = path.join(deps.dataDir, 'voice-uploads');
    await mkdir(dir, { recursive: true });
    const kept = path.join(dir, `${randomUUID()}${path.extname(file.fileName)}`);
    await rename(file.path, kept);
    staging.release(stagingId);
    return { path: kept, mediaType: file.mediaType, fileName: file.fileName };
  };

  const handlers: VoiceHandlers = {
    'staging.begin': (input) => staging.begin(input),
    'staging.append': ({ stagingId, offset, data }) =>
      staging.append(stagingId, offset, Buffer.from(data, 'base64')),
    'staging.finish': async ({ stagingId }) => {
      const file = await staging.finish(stagingId);
      return { stagingId: file.stagingId, sizeBytes: file.sizeBytes };
    },
    'staging.discard': async ({ stagingId }) => {
      await staging.discard(stagingId);
      return null;
    },
    'voices.list': () => {
      const url = settings.current().activeServiceUrl;
      return url ? views(url) : [];
    },
    'voices.addById': async ({ id }) => {
      const url = activeUrl();
      await accounts.requireToken(url);
      return toVoiceView(await library.addById(url, id, jobs.client(url)), media);
    },
    'voices.rename': async ({ id, name }) => toVoiceView(await library.rename(activeUrl(), id, name), media),
    'voices.remove': async ({ id }) => {
      const removed = await library.remove(activeUrl(), id);
      if (!removed)
        throw new IpcError({
          code: 'NOT_FOUND',
          field: 'id',
          message: `No voice with the id ${id} is in the library.`,
        });
      return null;
    },
    'voices.create': async (input): Promise<JobView> => {
      const url = activeUrl();
      await accounts.requireToken(url);
      const prompt = await keepForJob(input.promptStagingId, 'promptStagingId');
      const avatar = input.avatarStagingId
        ? await keepForJob(input.avatarStagingId, 'avatarStagingId')
        : undefined;
      const manager = await jobs.manager(url);
      const job = await manager.submitVoice({
        voiceName: input.name,
        voice: {
          name: input.name,
          language: input.language,
          modelVersion: input.modelVersion,
          vocalFilter: input.vocalFilter,
          ...(input.description ? { description: input.description } : {}),
          // The contract wants an identifier-shaped value to request a professional clone; it names the training.
          ...(input.professional ? { lora: `timbre-${Date.now().toString(36)}` } : {}),
          ...(input.promptSpeechSeconds === undefined
            ? {}
            : { promptSpeechSeconds: input.promptSpeechSeconds }),
          prompt,
          ...(avatar ? { avatar } : {}),
        },
      });
      await library.applyVoiceJob(job, {
        professional: input.professional,
        language: input.language,
        modelVersion: input.modelVersion,
        ...(input.description ? { description: input.description } : {}),
      });
      return toJobView(job);
    },
  };

  return {
    handlers,
    /** Keeps the library in step with every voice job update (and replays known jobs at start-up). */
    onJobUpdated(job: JobRecord): void {
      if (job.kind !== 'voice') return;
      library
        .applyVoiceJob(job)
        .catch((error: unknown) => logger.warn(`Could not update the voice of job ${job.id}`, error));
    },
  };
}
