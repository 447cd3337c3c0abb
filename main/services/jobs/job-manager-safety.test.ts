import { tmpdir } from 'node:os';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorBody, sendJson } from '../service-client/test-support/fake-service.js';
import { LONG_SPEECH, SHORT_SPEECH, writeSpeechWav } from '../service-client/test-support/speech-fixture.js';
import { JobManager } from './job-manager.js';
import {
  FAST,
  block,
  dataDir,
  service,
  managers,
  makeClient,
  startManager,
  statusesOf,
  until,
  rejection,
  restartService,
  useJobManagerHarness,
} from './test-support/job-manager-harness.js';

useJobManagerHarness();

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

    await restartService(port);
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
    await restartService(port);
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
