import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JobManager } from './job-manager.js';
import { jobFilePath } from './job-store.js';
import {
  FAST,
  block,
  dataDir,
  makeClient,
  managers,
  readJobFile,
  service,
  startManager,
  until,
  useJobManagerHarness,
} from './test-support/job-manager-harness.js';
import { holdsItsContent } from '../../../common/generation/charge-twice-holds.js';

useJobManagerHarness();

// Issue 37: "Submit again" on a task whose answer was lost charged its texts twice. 11 + 6 code points (the
// emoji counts once, as the service counts it) and a sound's 4: 21 credits at one credit per character.
const TEXTS = [
  { ...block, text: 'Hello there' },
  { ...block, text: 'Bye 👋 ' },
  { type: 'sfx' as const, text: 'rain' },
];
const CREDITS = 21;

/** The first POST reaches the service, which creates the task; the answer is lost (the socket dies). */
function loseFirstAnswer(): void {
  let lost = false;
  service.hooks.push((request, response) => {
    if (request.method !== 'POST' || lost) return false;
    lost = true;
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
}

describe('JobManager: a task whose answer was lost (issue 37)', () => {
  it('says submitting it again may charge twice, with the credits of its texts, instead of "if it does not show up"', async () => {
    loseFirstAnswer();
    const { manager } = await startManager();
    const job = await manager.waitFor((await manager.submitTask({ body: { contents: TEXTS } })).id);
    expect(job.status).toBe('unknown-outcome');
    expect(job.error?.message).toMatch(/Submitting it again may charge ≈ 21 credits twice/u);
    expect(job.error?.message).toMatch(/never show up in the app/u);
    expect(job.error?.message).not.toMatch(/does not show up in your results/u);
    expect(job).toMatchObject({ kind: 'task', characters: CREDITS });
  });

  it('refuses to send it again without the confirmation, even once cancelled, and sends it with it', async () => {
    loseFirstAnswer();
    const { manager } = await startManager();
    const job = await manager.waitFor((await manager.submitTask({ body: { contents: TEXTS } })).id);
    await expect(manager.retry(job.id)).rejects.toMatchObject({
      code: 'JOB_NEEDS_CONFIRMATION',
      message: expect.stringMatching(
        /may charge about 21 credits twice\. It is sent again only once you confirm/u,
      ),
    });
    await expect(manager.retry(job.id, { confirmChargeTwice: false })).rejects.toMatchObject({
      code: 'JOB_NEEDS_CONFIRMATION',
    });
    // Cancelling it here changes nothing at the service: a retry of the cancelled job may pay twice all the same.
    expect((await manager.cancel(job.id)).outcomeUnknownAt).toBeDefined();
    await expect(manager.retry(job.id)).rejects.toMatchObject({ code: 'JOB_NEEDS_CONFIRMATION' });
    expect(service.requests('POST')).toHaveLength(1);

    const again = await manager.retry(job.id, { confirmChargeTwice: true });
    expect((await manager.waitFor(again.id)).status).toBe('succeeded');
    expect(service.requests('POST')).toHaveLength(2);
  });

  it('says the retry waits for the user’s confirmation in their words, not by an internal flag', async () => {
    loseFirstAnswer();
    const { manager } = await startManager();
    const job = await manager.waitFor((await manager.submitTask({ body: { contents: TEXTS } })).id);
    await expect(manager.retry(job.id)).rejects.toMatchObject({
      message: expect.stringContaining('Submit again… on the Tasks page'),
    });
    await expect(manager.retry(job.id)).rejects.toMatchObject({
      message: expect.not.stringMatching(/confirmChargeTwice/u),
    });
  });

  it('tells a lost answer by its cause: a broken connection, or a server error answered instead of the id', async () => {
    loseFirstAnswer();
    const { manager } = await startManager();
    const broken = await manager.waitFor((await manager.submitTask({ body: { contents: TEXTS } })).id);
    expect(broken.error?.message).toMatch(/the connection broke after it was sent/u);

    service.hooks.push((request, response) => {
      if (request.method !== 'POST') return false;
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'INTERNAL', message: 'upstream failed' } }));
      return true;
    });
    const answered = await manager.waitFor((await manager.submitTask({ body: { contents: TEXTS } })).id);
    expect(answered.status).toBe('unknown-outcome');
    expect(answered.error?.message).toMatch(
      /the service answered with a server error \(HTTP 503\) instead of its id/u,
    );
    expect(answered.error?.message).not.toMatch(/connection broke/u);
  });

  it('says its credits may have been charged, without the client’s text, Node codes or "could not be reached"', async () => {
    loseFirstAnswer();
    const { manager } = await startManager();
    const job = await manager.waitFor((await manager.submitTask({ body: { contents: TEXTS } })).id);
    const message = job.error?.message ?? '';
    expect(job.error?.code).toBe('OUTCOME_UNKNOWN');
    // Credits are frozen on submission and charged once generated: the service may have finished it long since.
    expect(message).toMatch(/it may already have been charged \(≈ 21 credits for its 3 texts\)/u);
    expect(message).not.toMatch(/are frozen/u);
    // The request was sent, so the service was reached; ECONNRESET means nothing to a user.
    expect(message).not.toMatch(/could not be reached/u);
    expect(message).not.toMatch(/\bE[A-Z]{3,}\b/u);
    expect(message).toMatch(/dismiss this job if the task is there\.$/u);
    // No request id came back: none is promised.
    expect(message).not.toMatch(/request id/u);
  });

  it('names the request id the service sent with a server error, and what the service said, as sentences', async () => {
    service.hooks.push((request, response) => {
      if (request.method !== 'POST') return false;
      response.writeHead(503, { 'content-type': 'application/json', 'x-service-app-request-id': 'req-503' });
      response.end(JSON.stringify({ error: { code: 'INTERNAL', message: 'upstream failed' } }));
      return true;
    });
    const { manager } = await startManager();
    const job = await manager.waitFor((await manager.submitTask({ body: { contents: TEXTS } })).id);
    expect(job.status).toBe('unknown-outcome');
    expect(job.error?.message).toMatch(
      /Its support can trace the request by its id, req-503, shown with this job\. The service said: “upstream failed”\.$/u,
    );
  });

  it('rewrites the first issue-37 wording ("credits are frozen", the client’s ECONNRESET) in a job file', async () => {
    loseFirstAnswer();
    const first = await startManager();
    const job = await first.manager.waitFor(
      (await first.manager.submitTask({ body: { contents: TEXTS } })).id,
    );
    await first.manager.stop();
    const file = await readJobFile(first.manager);
    file.jobs[0]!.record.error = {
      code: 'NETWORK_ERROR',
      message:
        'The app cannot tell whether the service received this task: the connection broke (or the app stopped) ' +
        'after it was sent, and its id never came back. If it did, ≈ 21 credits are frozen for its 3 texts and ' +
        'the task will never show up in the app: the service finds a task only by its id, so there is nothing to ' +
        'look up or wait for. Submitting it again may charge ≈ 21 credits twice. Check its texts (Show texts) ' +
        'against your account’s records at the service first (its support can trace the request id, when one is ' +
        'shown), and dismiss this job if the task is there. (The service could not be reached: the connection ' +
        'was reset (ECONNRESET).)',
    };
    await writeFile(first.manager.filePath, JSON.stringify(file));

    const manager = new JobManager({ client: makeClient(), dataDir, schedule: FAST, stopGraceMs: 0 });
    managers.push(manager);
    await manager.start();
    const message = manager.get(job.id)?.error?.message ?? '';
    expect(message).toMatch(/the connection broke \(or the app stopped\) after it was sent/u);
    expect(message).toMatch(/it may already have been charged \(≈ 21 credits/u);
    expect(message).not.toMatch(/frozen|ECONNRESET|could not be reached|when one is shown/u);
  });

  it('keeps the texts it sent across a restart, with their credits', async () => {
    loseFirstAnswer();
    const first = await startManager();
    const job = await first.manager.waitFor(
      (await first.manager.submitTask({ body: { contents: TEXTS } })).id,
    );
    await first.manager.stop();
    const { manager } = await startManager();
    expect(manager.texts(job.id)).toEqual({
      texts: [
        { type: 'text', text: 'Hello there' },
        { type: 'text', text: 'Bye 👋 ' },
        { type: 'sfx', text: 'rain' },
      ],
      characters: CREDITS,
      credits: CREDITS,
    });
  });

  it('replaces the old advice in a job file written before, keeping the service’s detail', async () => {
    loseFirstAnswer();
    const first = await startManager();
    const job = await first.manager.waitFor(
      (await first.manager.submitTask({ body: { contents: TEXTS } })).id,
    );
    await first.manager.stop();
    const file = await readJobFile(first.manager);
    const stored = file.jobs[0]!.record;
    stored.error = {
      code: 'NETWORK_ERROR',
      message:
        'The app cannot tell whether the service received this submission: the connection broke (or the app ' +
        'stopped) after the request was sent. Credits may already be frozen for it. Submit it again only if it ' +
        'does not show up in your results; otherwise dismiss it. (The connection was lost.)',
    };
    delete stored.outcomeUnknownAt;
    await writeFile(first.manager.filePath, JSON.stringify(file));

    const manager = new JobManager({ client: makeClient(), dataDir, schedule: FAST, stopGraceMs: 0 });
    managers.push(manager);
    await manager.start();
    const loaded = manager.get(job.id);
    expect(loaded?.error?.message).toMatch(/^The app cannot tell whether the service received this task/u);
    expect(loaded?.error?.message).toMatch(/may charge ≈ 21 credits twice/u);
    expect(loaded?.error?.message).toMatch(/ \(The connection was lost\.\)$/u);
    expect(loaded?.outcomeUnknownAt).toBe(stored.updatedAt);
    await expect(manager.retry(job.id)).rejects.toMatchObject({ code: 'JOB_NEEDS_CONFIRMATION' });
  });

  it('offers nothing to look up without an id, and looks at a stuck task again by its id, sending nothing', async () => {
    loseFirstAnswer();
    const { manager } = await startManager();
    const lost = await manager.waitFor((await manager.submitTask({ body: { contents: TEXTS } })).id);
    await expect(manager.lookAgain(lost.id)).rejects.toMatchObject({
      code: 'JOB_NOT_LOOKABLE',
      message: expect.stringContaining('there is nothing to look up'),
    });

    service.taskSteps = ['pending', 'mystery-state'];
    const stuck = await manager.waitFor((await manager.submitTask({ body: { contents: [block] } })).id);
    expect(stuck.status).toBe('stuck');
    await expect(manager.retry(stuck.id)).rejects.toMatchObject({ code: 'JOB_NEEDS_CONFIRMATION' });
    // The service moves on after all: looking again finds it done.
    const resource = service.created.find((candidate) => candidate.id === stuck.remoteId)!;
    resource.steps.push('generated');
    resource.polls = resource.steps.length;
    expect((await manager.lookAgain(stuck.id)).status).toBe('running');
    expect((await manager.waitFor(stuck.id)).status).toBe('succeeded');
    expect(service.requests('POST')).toHaveLength(2);
  });

  it('lets a task cancelled after its answer was lost go once a later task delivered its blocks', async () => {
    loseFirstAnswer();
    const { manager } = await startManager();
    const submit = async () =>
      manager.waitFor(
        (
          await manager.submitTask({
            body: { contents: TEXTS },
            projectId: 'p',
            contentHashes: ['h1', 'h2', 'h3'],
          })
        ).id,
      );
    const lost = await submit();
    const cancelled = await manager.cancel(lost.id);
    expect(holdsItsContent(cancelled)).toBe(true);

    // The user sent the same blocks again (confirming the second charge), and the service made them.
    expect((await submit()).status).toBe('succeeded');
    await until(() => manager.get(lost.id)?.supersededAt !== undefined);
    expect(holdsItsContent(manager.get(lost.id)!)).toBe(false);
  });
});

describe('JobManager: retrying a task whose blocks another task carries (issue 37)', () => {
  const submitWith = async (manager: JobManager, contentHashes: string[]) =>
    manager.submitTask({ body: { contents: TEXTS }, projectId: 'p', contentHashes });

  it('asks before resending blocks a task with a lost answer holds, naming it and their credits', async () => {
    loseFirstAnswer();
    const { manager } = await startManager();
    // Task A carried "Hello there" (11 credits); its answer was lost, so it holds that block.
    const lost = await manager.waitFor((await submitWith(manager, ['h1'])).id);
    expect(lost.status).toBe('unknown-outcome');
    // Task B carried the same block with two others and failed cleanly: nothing of it was charged.
    service.taskSteps = ['pending', 'failed'];
    const failed = await manager.waitFor((await submitWith(manager, ['h1', 'h2', 'h3'])).id);
    expect(failed.status).toBe('failed');

    await expect(manager.retry(failed.id)).rejects.toMatchObject({
      code: 'JOB_NEEDS_CONFIRMATION',
      message: expect.stringMatching(
        new RegExp(`1 of its blocks is in task ${lost.id}.+may charge about 11 credits twice`, 'u'),
      ),
    });
    expect(service.requests('POST')).toHaveLength(2);
    service.taskSteps = ['pending', 'generated'];
    const again = await manager.retry(failed.id, { confirmChargeTwice: true });
    expect((await manager.waitFor(again.id)).status).toBe('succeeded');
    expect(service.requests('POST')).toHaveLength(3);
  });

  it('refuses to resend blocks still on their way in a running task, even confirmed', async () => {
    service.taskSteps = ['pending', 'failed'];
    const { manager } = await startManager();
    const failed = await manager.waitFor((await submitWith(manager, ['h1', 'h2', 'h3'])).id);
    service.taskSteps = ['pending'];
    const running = await submitWith(manager, ['h2']);
    await until(() => manager.get(running.id)?.status === 'running');

    for (const confirmChargeTwice of [false, true]) {
      await expect(manager.retry(failed.id, { confirmChargeTwice })).rejects.toMatchObject({
        code: 'JOB_NOT_RETRYABLE',
        message: expect.stringContaining(`1 of its blocks is already on its way in task ${running.id}`),
      });
    }
    expect(service.requests('POST')).toHaveLength(2);
    expect(manager.get(failed.id)?.retriedBy).toBeUndefined();
  });

  it('counts the other shell’s tasks: the CLI asks before resending what the app’s lost task holds', async () => {
    loseFirstAnswer();
    const { manager: app } = await startManager();
    const lost = await app.waitFor((await submitWith(app, ['h1'])).id);
    await app.stop();
    service.taskSteps = ['pending', 'failed'];
    const { manager: cli } = await startManager({
      dataDir: path.join(dataDir, 'cli'),
      otherShellDataDirs: [dataDir],
    });
    const failed = await cli.waitFor((await submitWith(cli, ['h1'])).id);
    await expect(cli.retry(failed.id)).rejects.toMatchObject({
      code: 'JOB_NEEDS_CONFIRMATION',
      message: expect.stringContaining(`in task ${lost.id}`),
    });
    expect((await cli.otherShellJobs()).map((job) => job.id)).toEqual([lost.id]);
  });

  it('reads a missing, corrupt or foreign other job file as holding nothing, and leaves it as it is', async () => {
    const { manager: app } = await startManager();
    await app.stop();
    const otherDir = path.join(dataDir, 'other');
    const { manager } = await startManager({
      dataDir: path.join(dataDir, 'cli'),
      otherShellDataDirs: [otherDir],
    });
    expect(await manager.otherShellJobs()).toEqual([]);
    const otherFile = jobFilePath(otherDir, service.url);
    await mkdir(path.dirname(otherFile), { recursive: true });
    for (const text of ['{"version":1,"serviceUrl":"x","jobs":[', '[1,2]', '\u0000\u0001']) {
      await writeFile(otherFile, text);
      expect(await manager.otherShellJobs()).toEqual([]);
      expect(await readFile(otherFile, 'utf8')).toBe(text);
    }
  });
});
