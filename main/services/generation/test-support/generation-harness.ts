import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AudioCache } from '../../audio-cache/index.js';
import type { JobManagerOptions } from '../../jobs/job-manager.js';
import { JobManager } from '../../jobs/index.js';
import type { MediaCacheOptions } from '../../media/media-cache.js';
import { MediaCache } from '../../media/index.js';
import { noServiceLexicons } from '../../pronunciation/test-support/no-lexicons.js';
import type { ServiceClientOptions } from '../../service-client/service-client.js';
import { ServiceClient } from '../../service-client/index.js';
import type { GenerationUpdate } from '../segment-update-sources.js';
import { GenerationService } from '../generation-service.js';

// What the generation integration tests share: the real client, job manager, media and audio caches and
// generation service wired as the app wires them, in a data folder of their own, and closed in the app's order.

export interface GenerationHarnessOptions {
  /** Start of the temporary data folder's name, so a leftover folder says which test made it. */
  tempPrefix: string;
  serviceUrl: string;
  /** Client options besides the URL; the token is the stand-in's paid one and the timeout 10 s unless given. */
  client?: Partial<Omit<ServiceClientOptions, 'baseUrl'>>;
  schedule?: JobManagerOptions['schedule'];
  /** Media cache options besides the data folder; given the client so downloads can share its rate gate. */
  media?: (client: ServiceClient) => Omit<MediaCacheOptions, 'dataDir'>;
  srtAllowed?: boolean;
  /** Whether job updates reach the service, as in the app. Default true. */
  followJobs?: boolean;
}

export interface GenerationHarness {
  readonly workDir: string;
  readonly client: ServiceClient;
  readonly manager: JobManager;
  readonly media: MediaCache;
  readonly audio: AudioCache;
  readonly service: GenerationService;
  /** Every update the service published, in order (tests may empty it between cases). */
  readonly updates: GenerationUpdate[];
  close(): Promise<void>;
}

export async function openGenerationHarness(options: GenerationHarnessOptions): Promise<GenerationHarness> {
  const workDir = await mkdtemp(path.join(tmpdir(), options.tempPrefix));
  const client = new ServiceClient({
    baseUrl: options.serviceUrl,
    getToken: () => 'standin-paid',
    timeoutMs: 10_000,
    ...options.client,
  });
  const manager = new JobManager({
    client,
    dataDir: workDir,
    ...(options.schedule ? { schedule: options.schedule } : {}),
    stopGraceMs: 0,
  });
  await manager.start();
  const media = await MediaCache.open({ dataDir: workDir, ...options.media?.(client) });
  const audio = new AudioCache({ dataDir: workDir, media });
  const updates: GenerationUpdate[] = [];
  const service = new GenerationService({
    lexicons: noServiceLexicons,
    manager: () => Promise.resolve(manager),
    audio,
    srtAllowed: () => options.srtAllowed ?? false,
    onUpdate: (update) => updates.push(update),
  });
  if (options.followJobs ?? true) {
    manager.onEvent((event) => {
      if (event.type === 'job-updated') service.onJobUpdated(event.job);
    });
  }
  return {
    workDir,
    client,
    manager,
    media,
    audio,
    service,
    updates,
    async close() {
      await manager.stop();
      // A job that succeeded just before the test ended may still be writing its audio into the cache.
      await service.settled();
      client.close();
      audio.dispose();
      await media.flush();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
