import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient, ServiceError, systemClock } from '../service-client/index.js';
import { errorBody, sendJson } from '../service-client/test-support/fake-service.js';
import { JobActionError } from './job-errors.js';
import type { JobManagerOptions } from './job-manager.js';
import { LONG_SPEECH, SHORT_SPEECH, writeSpeechWav } from '../service-client/test-support/speech-fixture.js';
import { JobManager } from './job-manager.js';
import type { JobEvent, JobRecord } from './job-types.js';
import type { PollSchedule } from './poll-schedule.js';
import type { ScriptedService } from './test-support/scripted-service.js';
import { startScriptedService } from './test-support/scripted-service.js';

const FAST: Partial<PollSchedule> = {
  firstDelayMs: 5,
  maxDelayMs: 20,
  longRunningMaxDelayMs: 20,
  errorFirstDelayMs: 10,
  errorMaxDelayMs: 50,
  probeFirstDelayMs: 10,
  probeMaxDelayMs: 40,
  unknownStatusLimitMs: 150,
};
const block = {
  type: 'text' as const,
  voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f',
  text: 'Hello there, world.',
};

let dataDir: string;
let service: ScriptedService;
const managers: JobManager[] = [];
const clients: ServiceClient[] = [];

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

function makeClient(
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

async function startManager(
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

function statusesOf(events: JobEvent[], jobId: string): string[] {
  const seen = events.flatMap((event) =>
    event.type === 'job-updated' && event.job.id === jobId ? [event.job.status] : [],
  );
  return seen.filter((status, index) => status !== seen[index - 1]);
}

async function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

async function readJobFile(manager: JobManager): Promise<{ jobs: Array<{ record: JobRecord }> }> {
  return JSON.parse(await readFile(manager.filePath, 'utf8')) as { jobs: Array<{ record: JobRecord }> };
}

describe('JobManager: tasks', () => {
  it('submits, polls to generated and reports every step as a small event', async () => {
    const { manager, events } = await startManager();
    const accepted = await manager.submitTask({
      body: { contents: [{ ...block, misspelt: 1 } as typeof block] },
      projectId: 'p-1',
      blockIds: ['b-1'],
    });
    expect(['queued', 'submitting']).toContain(accepted.status);
    expect(accepted).toMatchObject({ kind: 'task', characters: block.text.length });
    const done = await manager.waitFor(accepted.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      remoteStatus: 'generated',
      kind: 'task',
      projectId: 'p-1',
      blockIds: ['b-1'],
      characters: 42,
    });
    expect(done.remoteId).toBe(service.created[0]?.id);
    expect(done.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(done.submittedAt).toBeDefined();
    expect(done.finishedAt).toBeDefined();
    expect(done.kind === 'task' && done.result?.metadata.contents?.[0]?.audio).toMatch(
      /^http:\/\/127\.0\.0\.1\/files\//,
    );
    expect(statusesOf(events, accepted.id)).toEqual(['queued', 'submitting', 'running', 'succeeded']);
    expect(service.created[0]?.body).toEqual({ contents: [block] });
    expect((await readJobFile(manager)).jobs[0]?.record.status).toBe('succeeded');
    // Events carry copies: a listener cannot change the manager's state.
    const updated = events.find((event) => event.type === 'job-updated');
    if (updated?.type === 'job-updated') updated.job.status = 'cancelled';
    expect(manager.get(accepted.id)?.status).toBe('succeeded');
  });

  it('refuses an invalid task before creating a job, naming block, field and rule', async () => {
    const { manager } = await startManager();
    const error = await rejection(
      manager.submitTask({ body: { contents: [block, { ...block, language: 'xx' as 'en' }] } }),
    );
    expect(error.violations?.[0]).toMatchObject({
      path: 'contents[1].language',
      blockIndex: 1,
      rule: 'not-in-list',
    });
    expect(manager.list()).toEqual([]);
    expect(service.requests('POST')).toHaveLength(0);
  });

  it('ends a failed task with the service’s reason and the request id', async () => {
    service.taskSteps = ['pending', 'failed'];
    const { manager } = await startManager();
    const done = await manager.waitFor((await manager.submitTask({ body: { contents: [block] } })).id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatchObject({ code: 'TASK_FAILED', message: 'The voice could not be loaded.' });
    expect(done.error?.requestId).toBe(done.requestId);
  });

  it('treats an unknown failure-looking status as final and an unknown other status as stuck after the limit', async () => {
    service.taskSteps = ['pending', 'Rejected_By_Moderation'];
    const { manager } = await startManager();
    const rejected = await manager.waitFor((await manager.submitTask({ body: { contents: [block] } })).id);
    expect(rejected).toMatchObject({
      status: 'failed',
      remoteStatus: 'Rejected_By_Moderation',
      error: { code: 'TASK_FAILED' },
    });

    service.taskSteps = ['pending', 'mystery-state'];
    const started = Date.now();
    const stuck = await manager.waitFor((await manager.submitTask({ body: { contents: [block] } })).id);
    expect(Date.now() - started).toBeGreaterThanOrEqual(FAST.unknownStatusLimitMs ?? 0);
    expect(stuck.status).toBe('stuck');
    expect(stuck.error).toMatchObject({ code: 'STATUS_UNKNOWN', requestId: stuck.requestId });
    expect(stuck.error?.message).toContain('"mystery-state"');
  });

  it('polls on the backing-off schedule (×1.5 up to the cap), one request per poll', async () => {
    service.taskSteps = ['pending', ...Array<string>(10).fill('processing'), 'generated'];
    const delays: number[] = [];
    const clock = {
      ...systemClock,
      setTimer: (callback: () => void, ms: number) => {
        delays.push(ms);
        return systemClock.setTimer(callback, ms);
      },
    };
    const { manager } = await startManager({
      clock,
      random: () => 0.5,
      schedule: { ...FAST, firstDelayMs: 4, maxDelayMs: 20 },
    });
    const job = await manager.submitTask({ body: { contents: [block] } });
    await manager.waitFor(job.id);
    // 4 × 1.5^n: 4, 6, 9, 13.5, 20.25 → capped at 20; random 0.5 means no jitter.
    expect(delays).toEqual([4, 6, 9, 14, 20, 20, 20, 20, 20, 20, 20]);
    expect(service.requests('GET')).toHaveLength(11);
  });

  it('fails a task the service no longer knows (404) with the request id', async () => {
    service.hooks.push((request, response) => {
      if (request.method !== 'GET') return false;
      sendJson(response, 404, errorBody(404, 'TASK_NOT_FOUND', 'Task not found.'), {
        'x-service-app-request-id': 'req-gone',
      });
      return true;
    });
    const { manager } = await startManager();
    const done = await manager.waitFor((await manager.submitTask({ body: { contents: [block] } })).id);
    expect(done).toMatchObject({
      status: 'failed',
      error: { code: 'TASK_NOT_FOUND', requestId: 'req-gone', httpStatus: 404 },
    });
  });

  it('keeps polling through 5xx and waits out a 429’s Retry-After between polls', async () => {
    let gets = 0;
    const getTimes: number[] = [];
    service.hooks.push((request, response) => {
      if (request.method !== 'GET') return false;
      gets += 1;
      getTimes.push(Date.now());
      if (gets === 1) {
        sendJson(response, 429, errorBody(429, 'RATE_LIMIT_EXCEEDED', 'Slow down.'), { 'retry-after': '1' });
        return true;
      }
      if (gets === 2) {
        sendJson(response, 503, errorBody(503, 'SERVICE_UNAVAILABLE', 'Busy.'));
        return true;
      }
      return false;
    });
    const { manager } = await startManager();
    const done = await manager.waitFor((await manager.submitTask({ body: { contents: [block] } })).id);
    expect(done.status).toBe('succeeded');
    expect(done.error).toBeUndefined();
    expect((getTimes[1] ?? 0) - (getTimes[0] ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it('sends sync: true and explains STREAM_TIMEOUT in plain words', async () => {
    service.hooks.push((request, response) => {
      if (request.method !== 'POST') return false;
      sendJson(response, 400, errorBody(400, 'STREAM_TIMEOUT', 'sync wait expired'), {
        'x-service-app-request-id': 'req-sync',
      });
      return true;
    });
    const { manager } = await startManager();
    const job = await manager.submitTask({ body: { contents: [block] }, sync: true });
    expect(job.kind === 'task' && job.sync).toBe(true);
    const done = await manager.waitFor(job.id);
    expect(JSON.parse(service.requests('POST')[0]?.body.toString() ?? '{}')).toMatchObject({ sync: true });
    expect(done.status).toBe('failed');
    expect(done.error).toMatchObject({ code: 'STREAM_TIMEOUT', requestId: 'req-sync' });
    expect(done.error?.message).toMatch(/too busy to start this task within 90 seconds/);
    expect(done.error?.message).toContain('sync wait expired');
  });

  it('retries a failed task as a new submission linked to the old one', async () => {
    service.taskSteps = ['pending', 'failed'];
    const { manager } = await startManager();
    const first = await manager.waitFor(
      (await manager.submitTask({ body: { contents: [block] }, projectId: 'p' })).id,
    );
    service.taskSteps = ['pending', 'generated'];
    const second = await manager.retry(first.id);
    expect(second.retryOf).toBe(first.id);
    expect(second.projectId).toBe('p');
    expect(manager.get(first.id)?.retriedBy).toBe(second.id);
    expect((await manager.waitFor(second.id)).status).toBe('succeeded');
    expect(service.created).toHaveLength(2);
    await expect(manager.retry(second.id)).rejects.toBeInstanceOf(JobActionError);
    expect(manager.list().map((job) => job.id)).toEqual([second.id, first.id]);
    await manager.remove(first.id);
    expect(manager.list().map((job) => job.id)).toEqual([second.id]);
  });

  it('limits submissions in flight and sends the rest in order', async () => {
    const { manager } = await startManager({ maxConcurrentSubmissions: 2 });
    const jobs = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        manager.submitTask({ body: { contents: [{ ...block, text: `Job ${index}` }] } }),
      ),
    );
    await Promise.all(jobs.map((job) => manager.waitFor(job.id)));
    expect(
      service.created.map(
        (resource) => (resource.body as { contents: Array<{ text: string }> }).contents[0]?.text,
      ),
    ).toEqual(jobs.map((_, index) => `Job ${index}`));
  });
});

describe('JobManager: never submitting twice', () => {
  it('marks a POST that broke after the service acted as unknown-outcome and never resends it, even after a restart', async () => {
    service.hooks.push((request, response) => {
      if (request.method !== 'POST') return false;
      service.created.push({
        id: 'acted',
        kind: 'task',
        steps: ['pending'],
        polls: 0,
        body: undefined,
        extra: {},
      });
      response.socket?.destroy();
      return true;
    });
    const { manager } = await startManager();
    const done = await manager.waitFor((await manager.submitTask({ body: { contents: [block] } })).id);
    expect(done.status).toBe('unknown-outcome');
    expect(done.error?.message).toMatch(/cannot tell whether the service received/);
    await manager.stop();
    const restarted = await startManager();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(restarted.manager.get(done.id)?.status).toBe('unknown-outcome');
    expect(service.requests('POST')).toHaveLength(1);
  });

  it('turns a job persisted mid-POST (crash) into unknown-outcome on restart instead of resending', async () => {
    let release: (() => void) | undefined;
    service.hooks.push((request) => {
      if (request.method !== 'POST') return false;
      // Hold the POST open: the app "crashes" while it is in flight.
      release = () => undefined;
      return true;
    });
    const { manager } = await startManager();
    const job = await manager.submitTask({ body: { contents: [block] } });
    await until(() => release !== undefined);
    const persisted = await readFile(manager.filePath, 'utf8');
    expect(JSON.parse(persisted)).toMatchObject({ jobs: [{ record: { id: job.id, status: 'submitting' } }] });

    // A second app instance starts from the file as the crash left it.
    const crashDir = await mkdtemp(path.join(tmpdir(), 'timbre-jobs-crash-'));
    try {
      const survivor = new JobManager({ client: makeClient(), dataDir: crashDir, schedule: FAST });
      managers.push(survivor);
      await mkdir(path.dirname(survivor.filePath), { recursive: true });
      await writeFile(survivor.filePath, persisted);
      await survivor.start();
      expect(survivor.get(job.id)).toMatchObject({
        status: 'unknown-outcome',
        error: { code: 'OUTCOME_UNKNOWN' },
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(service.requests('POST')).toHaveLength(1);
      // The user decides: cancel it, or retry it as a new job.
      expect((await survivor.cancel(job.id)).status).toBe('cancelled');
    } finally {
      await rm(crashDir, { recursive: true, force: true });
    }
  });

  it('on stop, resumes polling of running jobs in the next instance and completes them', async () => {
    service.taskSteps = [
      'pending',
      'processing',
      'processing',
      'processing',
      'processing',
      'processing',
      'generated',
    ];
    const first = await startManager({ schedule: { ...FAST, firstDelayMs: 30, maxDelayMs: 30 } });
    const job = await first.manager.submitTask({ body: { contents: [block] } });
    await until(() => first.manager.get(job.id)?.remoteStatus === 'processing');
    await first.manager.stop();
    const pollsAtStop = service.requests('GET').length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(service.requests('GET')).toHaveLength(pollsAtStop);

    const second = await startManager();
    expect(second.manager.get(job.id)?.status).toBe('running');
    expect((await second.manager.waitFor(job.id)).status).toBe('succeeded');
    expect(service.created).toHaveLength(1);
  });
});

describe('JobManager: offline queue', () => {
  it('queues submissions while the service is unreachable, lets the user cancel them, and drains when it is back', async () => {
    const port = service.fake.port;
    await service.close();
    const { manager, events } = await startManager();
    const first = await manager.submitTask({ body: { contents: [{ ...block, text: 'first' }] } });
    await until(() => manager.get(first.id)?.status === 'queued-offline');
    expect(manager.isServiceReachable).toBe(false);
    const second = await manager.submitTask({ body: { contents: [{ ...block, text: 'second' }] } });
    expect(second.status).toBe('queued-offline');
    const third = await manager.submitTask({ body: { contents: [{ ...block, text: 'third' }] } });
    await manager.cancel(third.id);

    service = await startScriptedService({ port });
    const [doneFirst, doneSecond] = await Promise.all([
      manager.waitFor(first.id),
      manager.waitFor(second.id),
    ]);
    expect([doneFirst.status, doneSecond.status]).toEqual(['succeeded', 'succeeded']);
    expect(manager.get(third.id)?.status).toBe('cancelled');
    expect(
      service.created.map(
        (resource) => (resource.body as { contents: Array<{ text: string }> }).contents[0]?.text,
      ),
    ).toEqual(['first', 'second']);
    const reachability = events.flatMap((event) =>
      event.type === 'service-reachability' ? [event.reachable] : [],
    );
    expect(reachability).toEqual([false, true]);
  });

  it('keeps queued jobs across a restart and sends them once the service answers', async () => {
    const port = service.fake.port;
    await service.close();
    const first = await startManager();
    const job = await first.manager.submitTask({ body: { contents: [block] } });
    await until(() => first.manager.get(job.id)?.status === 'queued-offline');
    await first.manager.stop();
    service = await startScriptedService({ port });
    const second = await startManager();
    expect((await second.manager.waitFor(job.id)).status).toBe('succeeded');
    expect(service.created).toHaveLength(1);
  });

  it('holds a rate-limited submission until the Retry-After the client would not sleep through', async () => {
    let posts = 0;
    const postTimes: number[] = [];
    service.hooks.push((request, response) => {
      if (request.method !== 'POST') return false;
      posts += 1;
      postTimes.push(Date.now());
      if (posts > 1) return false;
      sendJson(response, 429, errorBody(429, 'RATE_LIMIT_EXCEEDED', 'Slow down.'), { 'retry-after': '1' });
      return true;
    });
    const { manager, events } = await startManager({
      client: makeClient(service.url, { maxRetryAfterMs: 0 }),
    });
    const job = await manager.submitTask({ body: { contents: [block] } });
    await until(() => manager.get(job.id)?.nextAttemptAt !== undefined);
    expect(manager.get(job.id)).toMatchObject({ status: 'queued', error: { code: 'RATE_LIMIT_EXCEEDED' } });
    expect((await manager.waitFor(job.id)).status).toBe('succeeded');
    expect((postTimes[1] ?? 0) - (postTimes[0] ?? 0)).toBeGreaterThanOrEqual(950);
    expect(statusesOf(events, job.id)).toEqual([
      'queued',
      'submitting',
      'queued',
      'submitting',
      'running',
      'succeeded',
    ]);
  });
});

describe('JobManager: signed out', () => {
  it('ends a job whose service has no token as "not signed in", sending nothing', async () => {
    for (const getToken of [() => undefined, () => Promise.reject(new Error('keychain locked'))]) {
      const client = new ServiceClient({ baseUrl: service.url, getToken });
      const manager = new JobManager({ client, dataDir: await mkdtemp(path.join(dataDir, 'signed-out-')) });
      await manager.start();
      const job = await manager.submitTask({ body: { contents: [block] } });
      const done = await manager.waitFor(job.id);
      expect(done).toMatchObject({ status: 'failed', error: { code: 'NOT_SIGNED_IN' } });
      expect(done.error?.message).toMatch(/Not signed in.*nothing was sent/);
      await manager.stop();
      client.close();
    }
    expect(service.requests()).toEqual([]);
  });
});

describe('JobManager: voices', () => {
  it('uploads a voice, reports progress and ends at pending (quick clone) or lora-success', async () => {
    const promptPath = await writeSpeechWav(dataDir, 'prompt.wav', LONG_SPEECH);
    const { manager, events } = await startManager();
    const quick = await manager.submitVoice({
      voice: { name: 'Ada', prompt: { path: promptPath } },
      projectId: 'p',
    });
    expect(quick.voiceName).toBe('Ada');
    const doneQuick = await manager.waitFor(quick.id);
    expect(doneQuick).toMatchObject({ status: 'succeeded', remoteStatus: 'pending', kind: 'voice' });
    expect(doneQuick.kind === 'voice' && doneQuick.result?.idForGenerate).toMatch(/^gen-/);
    const progress = events.filter((event) => event.type === 'job-progress');
    expect(progress.at(-1)).toMatchObject({ jobId: quick.id, sentBytes: expect.any(Number) });

    service.voiceSteps = ['lora-pending', 'lora-awaiting', 'lora-awaiting', 'lora-success'];
    const pro = await manager.submitVoice({
      voice: { name: 'Ada Pro', lora: 'ada-pro', language: 'en', prompt: { path: promptPath } },
    });
    expect((await manager.waitFor(pro.id)).remoteStatus).toBe('lora-success');
  });

  it('refuses a voice that breaks the rules before queueing it', async () => {
    const { manager } = await startManager();
    const promptPath = await writeSpeechWav(dataDir, 'p.wav', LONG_SPEECH);
    const error = await rejection(
      manager.submitVoice({
        voice: { name: 'X', modelVersion: 'v4.0', lora: 'x', language: 'auto', prompt: { path: promptPath } },
      }),
    );
    expect(error.violations?.map((violation) => `${violation.field}:${violation.rule}`)).toEqual([
      'language:pro-clone-language',
      'lora:v4-forbidden',
    ]);
    const missing = await rejection(
      manager.submitVoice({ voice: { name: 'X', prompt: { path: path.join(dataDir, 'none.wav') } } }),
    );
    expect(missing.violations?.[0]).toMatchObject({ field: 'prompt', rule: 'required' });
    // Main measures the speech itself, whatever the caller claims: "Hi." is under the contract's 3 seconds.
    const short = await writeSpeechWav(dataDir, 'short.wav', SHORT_SPEECH);
    const tooShort = await rejection(
      manager.submitVoice({ voice: { name: 'X', prompt: { path: short }, promptSpeechSeconds: 30 } }),
    );
    expect(tooShort.violations?.map((violation) => `${violation.field}:${violation.rule}`)).toEqual([
      'prompt:speech-too-short',
    ]);
    // Bytes no decoder understands cannot be measured, so they are refused rather than sent on trust.
    const noise = path.join(dataDir, 'noise.wav');
    await writeFile(noise, Buffer.alloc(1000, 7));
    const unmeasurable = await rejection(
      manager.submitVoice({ voice: { name: 'X', prompt: { path: noise } } }),
    );
    expect(unmeasurable.violations?.[0]).toMatchObject({ field: 'prompt', rule: 'speech-unmeasurable' });
    expect(manager.list()).toEqual([]);
  });
});

describe('JobManager: lifecycle', () => {
  it('stop() cancels timers and requests: nothing reaches the service afterwards', async () => {
    service.taskSteps = ['pending', ...Array<string>(100).fill('processing')];
    const { manager } = await startManager();
    const job = await manager.submitTask({ body: { contents: [block] } });
    await until(() => service.requests('GET').length >= 2);
    const waiting = manager.waitFor(job.id);
    await manager.stop();
    await expect(waiting).rejects.toMatchObject({ code: 'JOB_MANAGER_STOPPED' });
    const seen = service.requests().length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.requests()).toHaveLength(seen);
    await expect(manager.submitTask({ body: { contents: [block] } })).rejects.toMatchObject({
      code: 'JOB_MANAGER_STOPPED',
    });
  });

  it('wake() polls running jobs at once instead of waiting out a long interval', async () => {
    service.taskSteps = ['pending', 'generated'];
    const { manager } = await startManager({
      schedule: { ...FAST, firstDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    const job = await manager.submitTask({ body: { contents: [block] } });
    await until(() => manager.get(job.id)?.status === 'running');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.requests('GET')).toHaveLength(0);
    manager.wake();
    expect((await manager.waitFor(job.id)).status).toBe('succeeded');
  });

  it('only cancels jobs that were not sent, and only removes finished ones', async () => {
    service.taskSteps = ['pending', ...Array<string>(100).fill('processing')];
    const { manager } = await startManager();
    const job = await manager.submitTask({ body: { contents: [block] } });
    await until(() => manager.get(job.id)?.status === 'running');
    await expect(manager.cancel(job.id)).rejects.toMatchObject({ code: 'JOB_NOT_CANCELLABLE' });
    await expect(manager.remove(job.id)).rejects.toMatchObject({ code: 'JOB_NOT_REMOVABLE' });
    await expect(manager.cancel('nope')).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
  });
});
