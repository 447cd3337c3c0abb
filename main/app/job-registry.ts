import path from 'node:path';
import { IpcError } from '../../common/ipc/errors.js';
import type { JobView } from '../../common/jobs/job-view.js';
import type { BackgroundActivity } from '../desktop/quit-guard.js';
import type { EventHub } from '../ipc/event-hub.js';
import { CLI_STATE_FOLDER, JobManager } from '../services/jobs/index.js';
import type { JobEvent, JobRecord } from '../services/jobs/index.js';
import type { Logger } from '../services/logging/logger.js';
import type { RateGate, ServiceClientOptions } from '../services/service-client/index.js';
import { ServiceClient } from '../services/service-client/index.js';
import { toJobView } from './job-view-mapper.js';
import { isoLaterFirst } from '../../common/text/iso-order.js';

export interface JobRegistryOptions {
  dataDir: string;
  /** The token for a service, read when each call starts. */
  tokenFor: (serviceUrl: string) => Promise<string | undefined>;
  events: EventHub;
  logger: Logger;
  /** Test hooks (faster schedules, clocks) passed to every client. */
  clientOptions?: Partial<ServiceClientOptions>;
}

/**
 * One job manager per service, created on first use and started at once (so jobs persisted by an earlier run
 * resume polling), all stopped together on quit. Job events become the contract's small typed events.
 */
export class JobRegistry {
  private readonly managers = new Map<string, Promise<JobManager>>();
  private readonly clients = new Map<string, ServiceClient>();
  /** Managers already constructed, for synchronous questions (the quit dialog cannot wait). */
  private readonly constructed = new Map<string, JobManager>();
  private readonly updateListeners = new Set<(job: JobRecord) => void>();

  constructor(private readonly options: JobRegistryOptions) {}

  /** The service client for a URL: the token is read per call from the account service (keychain or memory). */
  client(serviceUrl: string): ServiceClient {
    let client = this.clients.get(serviceUrl);
    if (!client) {
      client = new ServiceClient({
        ...this.options.clientOptions,
        baseUrl: serviceUrl,
        getToken: () => this.options.tokenFor(serviceUrl),
      });
      this.clients.set(serviceUrl, client);
    }
    return client;
  }

  /**
   * The rate gate of the service a URL belongs to (same origin as a service's client), so downloads of that
   * service's files wait out its Retry-After too.
   */
  gateFor(url: string): RateGate | undefined {
    const origin = originOf(url);
    if (origin === undefined) return undefined;
    for (const [serviceUrl, client] of this.clients) {
      if (originOf(serviceUrl) === origin) return client.rateGate;
    }
    return undefined;
  }

  /**
   * Follows every job change of every service (e.g. to file a finished task's audio). Subscribe before asking
   * for managers: a manager reports the jobs it resumes as soon as it starts.
   */
  onJobUpdated(listener: (job: JobRecord) => void): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  manager(serviceUrl: string): Promise<JobManager> {
    let manager = this.managers.get(serviceUrl);
    if (!manager) {
      manager = this.startManager(serviceUrl);
      this.managers.set(serviceUrl, manager);
    }
    return manager;
  }

  async list(): Promise<JobView[]> {
    const managers = await Promise.all(this.managers.values());
    return managers
      .flatMap((manager) => manager.list())
      .map((job) => toJobView(job))
      .sort((a, b) => isoLaterFirst(a.createdAt, b.createdAt));
  }

  /** The manager that owns a job, or a NOT_FOUND error naming the field. */
  async owner(jobId: string): Promise<JobManager> {
    for (const pending of this.managers.values()) {
      const manager = await pending;
      if (manager.get(jobId)) return manager;
    }
    throw new IpcError({ code: 'NOT_FOUND', field: 'id', message: `No job has the id ${jobId}.` });
  }

  activity(): BackgroundActivity {
    const jobs = [...this.constructed.values()].flatMap((manager) => manager.list());
    return {
      runningJobs: jobs.filter((job) => job.status === 'running' || job.status === 'submitting').length,
      queuedOfflineJobs: jobs.filter((job) => job.status === 'queued' || job.status === 'queued-offline')
        .length,
      runningExports: 0,
    };
  }

  async stopAll(): Promise<void> {
    const managers = await Promise.allSettled(this.managers.values());
    await Promise.all(
      managers.map((result) => (result.status === 'fulfilled' ? result.value.stop() : Promise.resolve())),
    );
  }

  private async startManager(serviceUrl: string): Promise<JobManager> {
    const manager = new JobManager({
      client: this.client(serviceUrl),
      dataDir: this.options.dataDir,
      logger: this.options.logger,
      // The command line's tasks of this service hold content back from the app too (its file is only read).
      otherShellDataDirs: [path.join(this.options.dataDir, CLI_STATE_FOLDER)],
    });
    this.constructed.set(serviceUrl, manager);
    manager.onEvent((event) => this.forward(event));
    await manager.start();
    return manager;
  }

  private forward(event: JobEvent): void {
    const { events } = this.options;
    switch (event.type) {
      case 'job-updated':
        for (const listener of this.updateListeners) listener(event.job);
        events.emit('jobs.updated', toJobView(event.job));
        return;
      case 'job-removed':
        events.emit('jobs.removed', { id: event.jobId });
        return;
      case 'job-progress':
        events.emit('jobs.uploadProgress', {
          id: event.jobId,
          sentBytes: event.sentBytes,
          totalBytes: event.totalBytes,
        });
        return;
      case 'service-reachability':
        events.emit('service.reachability', { serviceUrl: event.serviceUrl, reachable: event.reachable });
        return;
      default: {
        const exhaustive: never = event;
        throw new Error(`Unknown job event ${JSON.stringify(exhaustive)}`);
      }
    }
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
