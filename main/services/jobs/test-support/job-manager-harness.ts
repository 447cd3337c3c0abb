import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { ServiceClient, ServiceError } from '../../service-client/index.js';
import type { JobManagerOptions } from '../job-manager.js';
import { JobManager } from '../job-manager.js';
import type { JobEvent, JobRecord } from '../job-types.js';
import type { PollSchedule } from '../poll-schedule.js';
import type { ScriptedService } from './scripted-service.js';
import { startScriptedService } from './scripted-service.js';

// What the JobManager test files share: a scripted service and a data folder per test, managers and clients
// stopped after it, and the helpers the journeys read their outcome with. Call useJobManagerHarness() once per file.
export const FAST: Partial<PollSchedule> = {
  firstDelayMs: 5,
  maxDelayMs: 20,
  longRunningMaxDelayMs: 20,
  errorFirstDelayMs: 10,
  errorMaxDelayMs: 50,
  probeFirstDelayMs: 10,
  probeMaxDelayMs: 40,
  unknownStatusLimitMs: 150,
};
export const block = {
  type: 'text' as const,
  voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f',
  text: 'Hello there, world.',
};

export let dataDir: string;
export let service: ScriptedService;
export const managers: JobManager[] = [];
const clients: ServiceClient[] = [];

export function useJobManagerHarness(): void {
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-jobs-'));
    service = await startScriptedService();
  });
  afterEach(async () => {
    for (const manager of managers.splice(0)) await manager.stop();
    for (const client of clients.splice(0)) client.close();
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  });
}

/** Starts the scripted service again on `port` (after a test closed it to play an outage). */
export async function restartService(port: number): Promise<ScriptedService> {
  service = await startScriptedService({ port });
  return service;
}

export function makeClient(
  url = service.url,
  retry: ConstructorParameters<typeof ServiceClient>[0]['retry'] = {},
): ServiceClient {
  const client = new ServiceClient({
    baseUrl: url,
    getToken: () => 'token-1',
    retry: { baseDelayMs: 5, maxDelayMs: 20, ...retry },
    timeoutMs: 2000,
  });
  clients.push(client);
  return client;
}

export async function startManager(
  options: Partial<JobManagerOptions> = {},
): Promise<{ manager: JobManager; events: JobEvent[] }> {
  const manager = new JobManager({
    client: makeClient(),
    dataDir,
    schedule: FAST,
    stopGraceMs: 0,
    ...options,
  });
  managers.push(manager);
  const events: JobEvent[] = [];
  manager.onEvent((event) => events.push(event));
  await manager.start();
  return { manager, events };
}

export function statusesOf(events: JobEvent[], jobId: string): string[] {
  const seen = events.flatMap((event) =>
    event.type === 'job-updated' && event.job.id === jobId ? [event.job.status] : [],
  );
  return seen.filter((status, index) => status !== seen[index - 1]);
}

export async function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

export async function readJobFile(manager: JobManager): Promise<{ jobs: Array<{ record: JobRecord }> }> {
  return JSON.parse(await readFile(manager.filePath, 'utf8')) as { jobs: Array<{ record: JobRecord }> };
}
