import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Platform } from '../platform/platform.js';
import type { AccountService } from '../services/account/account-service.js';
import type { Logger } from '../services/logging/logger.js';
import type { ServiceClientOptions } from '../services/service-client/index.js';
import { createJobNotifier } from './job-notifier.js';
import { JobRegistry } from './job-registry.js';
import { toJobView } from './job-view-mapper.js';

export interface JobsFeatureDeps {
  platform: Platform;
  accounts: AccountService;
  events: EventHub;
  logger: Logger;
  clientOptions?: Partial<ServiceClientOptions>;
}

type JobsHandlers = Pick<
  MethodHandlers,
  'jobs.list' | 'jobs.cancel' | 'jobs.retry' | 'jobs.texts' | 'jobs.lookAgain' | 'jobs.dismiss'
>;

/**
 * The jobs of every service: one job manager per service (clients read each call's token from the account
 * service), a notification when one ends while the app is in the background, and the Tasks page's methods.
 */
export function createJobsFeature({ platform, accounts, events, logger, clientOptions }: JobsFeatureDeps) {
  const jobs = new JobRegistry({
    dataDir: platform.dataDir,
    tokenFor: (url) => accounts.token(url),
    events,
    logger,
    ...(clientOptions ? { clientOptions } : {}),
  });
  jobs.onJobUpdated(createJobNotifier(platform));

  const handlers: JobsHandlers = {
    'jobs.list': () => jobs.list(),
    'jobs.cancel': async ({ id }) => toJobView(await (await jobs.owner(id)).cancel(id)),
    // The confirmation travels as given: main itself decides whether this job needs it (job-manager.ts).
    'jobs.retry': async ({ id, confirmChargeTwice }) =>
      toJobView(await (await jobs.owner(id)).retry(id, { confirmChargeTwice: confirmChargeTwice === true })),
    'jobs.texts': async ({ id }) => (await jobs.owner(id)).texts(id),
    'jobs.lookAgain': async ({ id }) => toJobView(await (await jobs.owner(id)).lookAgain(id)),
    'jobs.dismiss': async ({ id }) => toJobView(await (await jobs.owner(id)).dismiss(id)),
  };
  return { jobs, handlers };
}
