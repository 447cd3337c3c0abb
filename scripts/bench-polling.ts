/**
 * Benchmark: tracks N concurrent tasks to completion on a local stand-in, once with the JobManager's
 * backing-off schedule (0.5 s ×1.5 up to 5 s, jittered) and once with a naive fixed-interval poll, and prints
 * the requests and wall time of both side by side.
 * Each run gets a fresh stand-in with the same options.
 *
 *   npx tsx scripts/bench-polling.ts [--tasks 200] [--interval-ms 250] [--speed 20] [--rate-limit 0]
 *                                    [--concurrency 2]
 *
 * `--rate-limit` is the stand-in's requests per second per token (0 = off, the default, so the counts compare
 * the schedules alone; try 50, the stand-in's own default, to see both under 429s). Both runs use the same
 * stand-in options, the same task texts and a ServiceClient (keep-alive, 16 sockets), one after the other.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { JobManager } from '../main/services/jobs/index.js';
import type { JobServiceClient } from '../main/services/jobs/index.js';
import { ServiceClient, ServiceError } from '../main/services/service-client/index.js';
import type { TaskData } from '../main/services/service-client/index.js';
import { startStandin } from '../standin/index.js';
import type { RunningStandin, StandinOptions } from '../standin/index.js';

const TOKEN = 'standin-paid';

interface RunResult {
  label: string;
  posts: number;
  gets: number;
  rateLimited: number;
  otherErrors: number;
  wallMs: number;
  /** Mean time between the service finishing a task and the client noticing. */
  meanNoticeLagMs: number;
  succeeded: number;
}

interface Counters {
  posts: number;
  gets: number;
  rateLimited: number;
  otherErrors: number;
}

function countingClient(baseUrl: string, counters: Counters): ServiceClient {
  return new ServiceClient({
    baseUrl,
    getToken: () => TOKEN,
    onAttempt: ({ method }) => {
      if (method === 'POST') counters.posts += 1;
      else counters.gets += 1;
    },
  });
}

function countErrors(counters: Counters, error: unknown): void {
  if (error instanceof ServiceError && error.httpStatus === 429) counters.rateLimited += 1;
  else counters.otherErrors += 1;
}

function texts(count: number): string[] {
  return Array.from({ length: count }, (_, index) => `Benchmark task number ${index + 1}.`);
}

function noticeLag(task: TaskData | undefined, noticedAt: number): number | undefined {
  const generatedAt = task?.metadata.generatedAt ? Date.parse(task.metadata.generatedAt) : Number.NaN;
  return Number.isFinite(generatedAt) ? Math.max(0, noticedAt - generatedAt) : undefined;
}

function mean(values: number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

async function runWithJobManager(standin: RunningStandin, count: number): Promise<RunResult> {
  const counters: Counters = { posts: 0, gets: 0, rateLimited: 0, otherErrors: 0 };
  const client = countingClient(standin.url, counters);
  // Counts the failures the manager sees (the client's own retries are counted as attempts above).
  const observed: JobServiceClient = {
    baseUrl: client.baseUrl,
    createTask: (body, options) =>
      client.createTask(body, options).catch((error: unknown) => {
        countErrors(counters, error);
        throw error;
      }),
    getTask: (id, options) =>
      client.getTask(id, options).catch((error: unknown) => {
        countErrors(counters, error);
        throw error;
      }),
    createVoice: (input, options) => client.createVoice(input, options),
    getVoice: (id, options) => client.getVoice(id, options),
  };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-bench-jobs-'));
  const manager = new JobManager({ client: observed, dataDir, maxConcurrentSubmissions: 16 });
  const noticed = new Map<string, number>();
  manager.onEvent((event) => {
    if (event.type === 'job-updated' && event.job.status === 'succeeded' && !noticed.has(event.job.id))
      noticed.set(event.job.id, Date.now());
  });
  try {
    await manager.start();
    const voiceId = standin.marketVoices[0]?.idForGenerate ?? '';
    const started = Date.now();
    const jobs = await Promise.all(
      texts(count).map((text) =>
        manager.submitTask({ body: { contents: [{ type: 'text', voiceId, text }] } }),
      ),
    );
    const done = await Promise.all(jobs.map((job) => manager.waitFor(job.id)));
    const wallMs = Date.now() - started;
    const lags = done.flatMap((job) => {
      const lag = job.kind === 'task' ? noticeLag(job.result, noticed.get(job.id) ?? Date.now()) : undefined;
      return lag === undefined ? [] : [lag];
    });
    return {
      label: 'JobManager backoff',
      ...counters,
      wallMs,
      meanNoticeLagMs: mean(lags),
      succeeded: done.filter((job) => job.status === 'succeeded').length,
    };
  } finally {
    await manager.stop();
    client.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function runNaive(standin: RunningStandin, count: number, intervalMs: number): Promise<RunResult> {
  const counters: Counters = { posts: 0, gets: 0, rateLimited: 0, otherErrors: 0 };
  const client = countingClient(standin.url, counters);
  const voiceId = standin.marketVoices[0]?.idForGenerate ?? '';
  try {
    const started = Date.now();
    const created = await Promise.all(
      texts(count).map(async (text) => {
        for (;;) {
          try {
            return (
              await client.createTask({ contents: [{ type: 'text', voiceId, text }] }, { maxRetries: 0 })
            ).data;
          } catch (error) {
            countErrors(counters, error);
            await new Promise((resolve) => setTimeout(resolve, intervalMs));
          }
        }
      }),
    );
    // The naive way: every task polled every `intervalMs`, no backoff, errors just wait for the next tick.
    const outcomes = await Promise.all(
      created.map(
        (task) =>
          new Promise<{ ok: boolean; lag: number | undefined }>((resolve) => {
            let busy = false;
            const timer = setInterval(() => {
              if (busy) return;
              busy = true;
              client
                .getTask(task.id, { maxRetries: 0 })
                .then(({ data }) => {
                  if (data.status === 'generated' || data.status === 'failed') {
                    clearInterval(timer);
                    resolve({ ok: data.status === 'generated', lag: noticeLag(data, Date.now()) });
                  }
                })
                .catch((error: unknown) => countErrors(counters, error))
                .finally(() => {
                  busy = false;
                });
            }, intervalMs);
          }),
      ),
    );
    const wallMs = Date.now() - started;
    const lags = outcomes.flatMap((outcome) => (outcome.lag === undefined ? [] : [outcome.lag]));
    return {
      label: `naive every ${intervalMs} ms`,
      ...counters,
      wallMs,
      meanNoticeLagMs: mean(lags),
      succeeded: outcomes.filter((outcome) => outcome.ok).length,
    };
  } finally {
    client.close();
  }
}

function printTable(results: RunResult[], count: number): void {
  const rows: Array<[string, (result: RunResult) => string]> = [
    ['tasks succeeded', (r) => `${r.succeeded} / ${count}`],
    ['POST requests', (r) => String(r.posts)],
    ['GET requests (polls)', (r) => String(r.gets)],
    ['total requests', (r) => String(r.posts + r.gets)],
    ['requests per task', (r) => ((r.posts + r.gets) / count).toFixed(1)],
    ['429 responses seen', (r) => String(r.rateLimited)],
    ['other errors seen', (r) => String(r.otherErrors)],
    ['wall time', (r) => `${(r.wallMs / 1000).toFixed(2)} s`],
    [
      'mean notice lag',
      (r) => (Number.isNaN(r.meanNoticeLagMs) ? 'n/a' : `${Math.round(r.meanNoticeLagMs)} ms`),
    ],
  ];
  const firstWidth = Math.max(...rows.map(([name]) => name.length)) + 2;
  const width = Math.max(...results.map((result) => result.label.length)) + 4;
  const line = (cells: string[]): string =>
    cells.map((cell, index) => (index === 0 ? cell.padEnd(firstWidth) : cell.padStart(width))).join('');
  console.log(line(['', ...results.map((result) => result.label)]));
  for (const [name, value] of rows) console.log(line([name, ...results.map(value)]));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tasks: { type: 'string', default: '200' },
      'interval-ms': { type: 'string', default: '250' },
      speed: { type: 'string', default: '20' },
      'rate-limit': { type: 'string', default: '0' },
      concurrency: { type: 'string', default: '2' },
    },
  });
  const count = Number(values.tasks);
  const intervalMs = Number(values['interval-ms']);
  const options = {
    speed: Number(values.speed),
    rateLimit: Number(values['rate-limit']),
    concurrency: Number(values.concurrency),
    audioFormat: 'wav' as const,
  };
  console.log(
    `Tracking ${count} concurrent tasks on a stand-in (speed ${values.speed}, rate limit ${values['rate-limit'] === '0' ? 'off' : `${values['rate-limit']}/s`}, ${values.concurrency} workers), each run on a fresh one…`,
  );
  // A fresh stand-in per run: its state grows with every task, so a second run on the same one would be slower
  // for reasons that have nothing to do with polling.
  const managed = await withStandin(options, (standin) => runWithJobManager(standin, count));
  console.log(`  backoff run done in ${(managed.wallMs / 1000).toFixed(1)} s`);
  const naive = await withStandin(options, (standin) => runNaive(standin, count, intervalMs));
  console.log(`  naive run done in ${(naive.wallMs / 1000).toFixed(1)} s\n`);
  printTable([managed, naive], count);
}

async function withStandin<Result>(
  options: StandinOptions,
  run: (standin: RunningStandin) => Promise<Result>,
): Promise<Result> {
  const standin = await startStandin(options);
  try {
    return await run(standin);
  } finally {
    await standin.close();
  }
}

await main();
