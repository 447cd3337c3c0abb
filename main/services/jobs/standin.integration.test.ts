import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import { ServiceClient } from '../service-client/index.js';
import { LONG_SPEECH, writeSpeechWav } from '../service-client/test-support/speech-fixture.js';
import { JobManager } from './job-manager.js';
import type { JobRecord } from './job-types.js';
import type { PollSchedule } from './poll-schedule.js';

/** Integration: the job manager against the real stand-in — restarts, lost connections, offline queue. */
const TOKEN = 'standin-paid';
const SCHEDULE: Partial<PollSchedule> = {
  firstDelayMs: 50,
  maxDelayMs: 200,
  probeFirstDelayMs: 50,
  probeMaxDelayMs: 200,
  errorFirstDelayMs: 50,
  errorMaxDelayMs: 200,
};

let workDir: string;
let appDataDir: string;
let standinDataDir: string;
let speechPath: string;
const standins: RunningStandin[] = [];
const managers: JobManager[] = [];
const clients: ServiceClient[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'timbre-jobs-it-'));
  speechPath = await writeSpeechWav(workDir, 'speech.wav', LONG_SPEECH);
  return () => rm(workDir, { recursive: true, force: true });
});
beforeEach(async () => {
  appDataDir = await mkdtemp(path.join(workDir, 'app-'));
  standinDataDir = await mkdtemp(path.join(workDir, 'standin-'));
});
afterEach(async () => {
  for (const manager of managers.splice(0)) await manager.stop();
  for (const client of clients.splice(0)) client.close();
  for (const standin of standins.splice(0)) await standin.close();
});

async function launchStandin(port = 0): Promise<RunningStandin> {
  const standin = await startStandin({ port, dataDir: standinDataDir, speed: 20, rateLimit: 0 });
  standins.push(standin);
  return standin;
}

async function launchManager(url: string): Promise<JobManager> {
  const client = new ServiceClient({ baseUrl: url, getToken: () => TOKEN, timeoutMs: 5000 });
  clients.push(client);
  const manager = new JobManager({ client, dataDir: appDataDir, schedule: SCHEDULE, stopGraceMs: 0 });
  managers.push(manager);
  await manager.start();
  return manager;
}

async function stopManager(manager: JobManager): Promise<void> {
  await manager.stop();
  managers.splice(managers.indexOf(manager), 1);
}

function textBlock(standin: RunningStandin, text: string) {
  return { type: 'text' as const, voiceId: standin.marketVoices[0]?.idForGenerate ?? '', text };
}

async function until(predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('JobManager × stand-in', () => {
  it('a task and a voice survive a restart of the job manager mid-poll and complete', async () => {
    const standin = await launchStandin();
    standin.setQueuePaused(true);
    const first = await launchManager(standin.url);
    const task = await first.submitTask({
      body: { contents: [textBlock(standin, 'Survive the restart, please.')] },
      projectId: 'proj-1',
      blockIds: ['blk-1'],
    });
    const voice = await first.submitVoice({
      voice: { name: 'Restart voice', language: 'en', prompt: { path: speechPath } },
    });
    await until(() => first.get(task.id)?.status === 'running' && first.get(voice.id)?.status === 'running');
    expect(first.get(task.id)?.remoteStatus).toBe('pending');
    await stopManager(first);

    standin.setQueuePaused(false);
    const second = await launchManager(standin.url);
    const [doneTask, doneVoice] = await Promise.all([second.waitFor(task.id), second.waitFor(voice.id)]);
    expect(doneTask).toMatchObject({
      status: 'succeeded',
      remoteStatus: 'generated',
      projectId: 'proj-1',
      blockIds: ['blk-1'],
    });
    expect(doneTask.kind === 'task' && doneTask.result?.metadata.contents?.[0]?.audio).toMatch(
      new RegExp(`^${standin.url}/files/`),
    );
    expect(doneVoice).toMatchObject({
      status: 'succeeded',
      remoteStatus: 'pending',
      voiceName: 'Restart voice',
    });
    expect(standin.ledger({ kind: 'task' })).toHaveLength(1);
    expect(standin.ledger({ kind: 'voice' })).toHaveLength(1);
    // The job file holds what is needed to resume, never the token.
    const jobFile = await readFile(second.filePath, 'utf8');
    expect(jobFile).toContain(task.id);
    expect(jobFile).not.toContain(TOKEN);
  });

  it('a connection lost after the service created the task does not produce a second task', async () => {
    const standin = await launchStandin();
    standin.injectFault({ mode: 'drop-after', method: 'POST', pathPrefix: '/api/tts/generate' });
    const manager = await launchManager(standin.url);
    const job = await manager.submitTask({ body: { contents: [textBlock(standin, 'Only once.')] } });
    const done: JobRecord = await manager.waitFor(job.id);
    expect(done.status).toBe('unknown-outcome');
    const ledger = standin.ledger({ kind: 'task' });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.taskId).toBeDefined();

    // Nor after a restart: the job stays for the user to decide.
    await stopManager(manager);
    const restarted = await launchManager(standin.url);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(restarted.get(job.id)?.status).toBe('unknown-outcome');
    expect(standin.ledger({ kind: 'task' })).toHaveLength(1);
  });

  it('the offline queue drains when the stand-in comes back on the same port and data folder', async () => {
    const original = await launchStandin();
    const { port, url, marketVoices } = original;
    await original.close();
    standins.splice(standins.indexOf(original), 1);

    const manager = await launchManager(url);
    const block = {
      type: 'text' as const,
      voiceId: marketVoices[0]?.idForGenerate ?? '',
      text: 'Queued while offline.',
    };
    const queued = await manager.submitTask({ body: { contents: [block] } });
    const cancelled = await manager.submitTask({ body: { contents: [{ ...block, text: 'Never mind.' }] } });
    await until(
      () =>
        manager.get(queued.id)?.status === 'queued-offline' &&
        manager.get(cancelled.id)?.status === 'queued-offline',
    );
    await manager.cancel(cancelled.id);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const revived = await launchStandin(port);
    const done = await manager.waitFor(queued.id);
    expect(done.status).toBe('succeeded');
    expect(manager.get(cancelled.id)?.status).toBe('cancelled');
    const ledger = revived.ledger({ kind: 'task' });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]?.summary).toMatchObject({ textPreview: 'Queued while offline.' });
  });
});
