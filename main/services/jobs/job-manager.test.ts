import { mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServiceClient, systemClock } from '../service-client/index.js';
import { errorBody, sendJson } from '../service-client/test-support/fake-service.js';
import { jobListGroup } from '../../../common/jobs/job-view.js';
import { JobManager } from './job-manager.js';
import {
  FAST,
  block,
  dataDir,
  service,
  startManager,
  statusesOf,
  until,
  rejection,
  readJobFile,
  useJobManagerHarness,
} from './test-support/job-manager-harness.js';

useJobManagerHarness();

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

  it('learns how long the service takes and keeps it in the job file across restarts', async () => {
    const first = await startManager();
    await first.manager.waitFor((await first.manager.submitTask({ body: { contents: [block] } })).id);
    await first.manager.stop();
    const saved = JSON.parse(await readFile(first.manager.filePath, 'utf8')) as {
      forecast?: { samples: number; latency: { weight: number } };
    };
    expect(saved.forecast?.samples).toBe(1);
    expect(saved.forecast?.latency.weight).toBe(1);
    // A new session starts from what the last one learned.
    const second = await startManager();
    await second.manager.waitFor((await second.manager.submitTask({ body: { contents: [block] } })).id);
    await second.manager.stop();
    const resaved = JSON.parse(await readFile(second.manager.filePath, 'utf8')) as {
      forecast?: { samples: number };
    };
    expect(resaved.forecast?.samples).toBe(2);
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

  it('marks a task still out when the app starts again, so its late finish is not read as the service’s speed', async () => {
    service.taskSteps = ['pending', ...Array<string>(20).fill('processing'), 'generated'];
    const { manager } = await startManager();
    const job = await manager.submitTask({ body: { contents: [block] }, projectId: 'p' });
    await until(() => manager.get(job.id)?.status === 'running');
    expect(manager.get(job.id)?.resumedAt).toBeUndefined();
    await manager.stop();
    const { manager: restarted } = await startManager();
    const done = await restarted.waitFor(job.id);
    expect(done).toMatchObject({ status: 'succeeded', resumedAt: expect.stringMatching(/^\d{4}-/u) });
    // A task sent and finished while the app ran carries no such mark.
    service.taskSteps = ['pending', 'generated'];
    const watched = await restarted.waitFor(
      (await restarted.submitTask({ body: { contents: [block] }, projectId: 'p' })).id,
    );
    expect(watched.resumedAt).toBeUndefined();
  });

  it('stops counting a failed task once a later task delivered all of its blocks', async () => {
    service.taskSteps = ['pending', 'failed'];
    const { manager } = await startManager();
    const submit = async (contentHashes: string[]) =>
      manager.waitFor(
        (await manager.submitTask({ body: { contents: [block] }, projectId: 'p', contentHashes })).id,
      );
    const failed = await submit(['h1', 'h2']);
    const otherFailed = await submit(['h3']);
    expect(failed.status).toBe('failed');
    expect(jobListGroup(failed)).toBe('problem');

    // A later Generate sends the same blocks with others, and the service makes them.
    service.taskSteps = ['pending', 'generated'];
    await submit(['h2', 'h1', 'h4']);
    await until(() => manager.get(failed.id)?.supersededAt !== undefined);
    expect(jobListGroup(manager.get(failed.id)!)).toBe('done');
    // Its blocks were not all generated: still needs attention.
    expect(manager.get(otherFailed.id)?.supersededAt).toBeUndefined();
    expect(jobListGroup(manager.get(otherFailed.id)!)).toBe('problem');
    // Kept across a restart.
    await manager.stop();
    const { manager: restarted } = await startManager();
    expect(restarted.get(failed.id)?.supersededAt).toBe(manager.get(failed.id)?.supersededAt);
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

  it('keeps a task sent before signing out, says it was sent, and finishes it once signed in again', async () => {
    service.taskSteps = ['pending', 'processing', 'generated'];
    let token: string | undefined = 'token-1';
    const client = new ServiceClient({ baseUrl: service.url, getToken: () => token });
    const manager = new JobManager({
      client,
      dataDir: await mkdtemp(path.join(dataDir, 'signed-out-later-')),
      // Slow checks while signed out, as in the app (30 s there): only a sign-in brings the next one forward.
      schedule: { firstDelayMs: 50, maxDelayMs: 50, errorFirstDelayMs: 50, errorMaxDelayMs: 60_000 },
    });
    await manager.start();
    const job = await manager.submitTask({ body: { contents: [block] } });
    await until(() => manager.get(job.id)?.status === 'running');
    token = undefined;
    await until(() => manager.get(job.id)?.error?.code === 'NOT_SIGNED_IN');
    const waiting = manager.get(job.id);
    expect(waiting?.status).toBe('running');
    expect(waiting?.error?.message).toMatch(/^Sent to the service earlier; .*Sign in to this service/);
    expect(waiting?.error?.message).not.toMatch(/nothing was sent/);

    token = 'token-1';
    manager.wake();
    expect(await manager.waitFor(job.id)).toMatchObject({ status: 'succeeded' });
    expect(service.created).toHaveLength(1);
    await manager.stop();
    client.close();
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
});
