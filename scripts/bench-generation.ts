/**
 * Benchmark: generates a 1,000-block project on a local stand-in through the app's own GenerationService and
 * JobManager (every task submitted, polled, its audio downloaded and filed) and prints the app's time beside the
 * stand-in's own processing time for those tasks — from the first task it started to the last it finished. The
 * target (issue 16) is ≤ 1.2× at the stand-in's default speed and rate limit, with no 429 on the way.
 *
 *   npx tsx scripts/bench-generation.ts [--blocks 1000] [--speed 1] [--rate-limit 50] [--concurrency 2]
 *
 * Batch mode (issue 42): `--batch 20 --blocks 50` writes 20 project files of 50 blocks and runs them through the
 * app's BatchQueue (the one the CLI's `timbre export --generate` and the Exports page use: read, generate, save,
 * export as MP3), printing the batch's wall time beside the stand-in's own processing time for all its tasks
 * (first start → last finish, and its busy time: the tasks' processing summed over its workers), the ratio
 * (target ≤ 1.15×), the 429 count and the load average.
 *
 *   npx tsx scripts/bench-generation.ts --batch 20 --blocks 50 [--speed 1] [--in-flight 4]
 *
 * `--in-flight 0` submits each project only at its turn: the sequential batch from before issue 42, to compare.
 *
 * At speed 1 the stand-in takes a few minutes (its tasks last up to 20 s); `--speed 10` is a quick look.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Project } from '../common/project/index.js';
import { allBlocks, createProject, createTextBlock } from '../common/project/index.js';
import { sendContext } from '../common/project/send-context.js';
import { AudioCache } from '../main/services/audio-cache/index.js';
import { GenerationService } from '../main/services/generation/index.js';
import { JobManager } from '../main/services/jobs/index.js';
import { MediaCache } from '../main/services/media/index.js';
import { ServiceClient, ServiceError } from '../main/services/service-client/index.js';
import { startStandin } from '../standin/index.js';
import { runBatchBench } from './bench-generation-batch.js';
import type { RunningStandin } from '../standin/index.js';

const SENTENCES = [
  'The river ran high that spring, and the mill wheel turned all night.',
  'Nobody in the village remembered a flood like it.',
  'She kept the lamp lit by the window, in case her brother came home along the towpath.',
  'By morning the water had reached the third step of the church.',
  'He said nothing, but he took off his boots and started carrying sandbags.',
];

function bookProject(standin: RunningStandin, blocks: number): Project {
  const voice = standin.marketVoices[0];
  if (!voice) throw new Error('the stand-in has no market voices');
  const project = createProject({
    title: 'Generation benchmark',
    serviceUrl: standin.url,
    defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
  });
  const speech = Array.from({ length: blocks }, (_, index) =>
    createTextBlock({ text: `${index + 1}. ${SENTENCES[index % SENTENCES.length] ?? ''}` }),
  );
  return { ...project, tracks: { ...project.tracks, speech: { ...project.tracks.speech, blocks: speech } } };
}

/** The stand-in's busy span for these tasks: first start to last finish (epoch ms). */
function serviceSpan(standin: RunningStandin, taskIds: string[]): { first: number; last: number } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const id of taskIds) {
    const times = standin.taskTimes(id);
    const started = Date.parse(times?.startedAt ?? '');
    const finished = Date.parse(times?.finishedAt ?? '');
    if (Number.isFinite(started)) first = Math.min(first, started);
    if (Number.isFinite(finished)) last = Math.max(last, finished);
  }
  return { first, last };
}

/** Mean and worst time from the stand-in finishing a task to the app seeing it finished (ms). */
function noticeLags(
  standin: RunningStandin,
  noticedAt: Map<string, number>,
): { mean: number; worst: number } {
  const lags = [...noticedAt].flatMap(([id, seen]) => {
    const finished = Date.parse(standin.taskTimes(id)?.finishedAt ?? '');
    return Number.isFinite(finished) ? [Math.max(0, seen - finished)] : [];
  });
  if (lags.length === 0) return { mean: Number.NaN, worst: Number.NaN };
  return { mean: lags.reduce((sum, lag) => sum + lag, 0) / lags.length, worst: Math.max(...lags) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      blocks: { type: 'string', default: '1000' },
      speed: { type: 'string', default: '1' },
      'rate-limit': { type: 'string', default: '50' },
      concurrency: { type: 'string', default: '2' },
      batch: { type: 'string' },
      'in-flight': { type: 'string' },
    },
  });
  if (values.batch !== undefined) {
    await runBatchBench({
      projects: Number(values.batch),
      blocks: values.blocks === '1000' ? 50 : Number(values.blocks),
      speed: Number(values.speed),
      rateLimit: Number(values['rate-limit']),
      concurrency: Number(values.concurrency),
      inFlight: values['in-flight'] === undefined ? undefined : Number(values['in-flight']),
    });
    return;
  }
  const blocks = Number(values.blocks);
  const standin = await startStandin({
    speed: Number(values.speed),
    rateLimit: Number(values['rate-limit']),
    concurrency: Number(values.concurrency),
  });
  const workDir = await mkdtemp(path.join(tmpdir(), 'timbre-bench-generation-'));
  let requests = 0;
  let rateLimited = 0;
  const client = new ServiceClient({
    baseUrl: standin.url,
    getToken: () => 'standin-paid',
    onAttempt: () => {
      requests += 1;
    },
  });
  const counted: typeof client.getTask = (id, options) =>
    client.getTask(id, options).catch((error: unknown) => {
      if (error instanceof ServiceError && error.httpStatus === 429) rateLimited += 1;
      throw error;
    });
  const manager = new JobManager({
    client: {
      baseUrl: client.baseUrl,
      createTask: (body, options) => client.createTask(body, options),
      getTask: counted,
      createVoice: (input, options) => client.createVoice(input, options),
      getVoice: (id, options) => client.getVoice(id, options),
    },
    dataDir: workDir,
  });
  const media = await MediaCache.open({ dataDir: workDir, gateFor: () => client.rateGate });
  const audio = new AudioCache({ dataDir: workDir, media });
  const generation = new GenerationService({
    lexicons: { rulesFor: () => [], contextFor: (project) => sendContext(project, []) },
    manager: () => Promise.resolve(manager),
    audio,
    srtAllowed: () => true,
    onUpdate: () => undefined,
  });
  let lastNoticed = 0;
  /** When the app saw each task finished, by the service's task id. */
  const noticedAt = new Map<string, number>();
  manager.onEvent((event) => {
    if (event.type !== 'job-updated') return;
    if (event.job.status === 'succeeded') {
      lastNoticed = Date.now();
      if (event.job.remoteId !== undefined && !noticedAt.has(event.job.remoteId))
        noticedAt.set(event.job.remoteId, lastNoticed);
    }
    generation.onJobUpdated(event.job);
  });
  try {
    await manager.start();
    const project = bookProject(standin, blocks);
    const characters = allBlocks(project).reduce(
      (sum, block) => sum + (block.type === 'text' ? block.text.length : 0),
      0,
    );
    console.log(
      `Generating ${blocks} blocks (${characters.toLocaleString('en')} characters) on a stand-in at speed ${values.speed}, rate limit ${values['rate-limit']}/s, ${values.concurrency} workers…`,
    );
    const started = Date.now();
    const done = await generation.generateAndWait(project);
    const appMs = Date.now() - started;
    const taskIds = manager.list().flatMap((job) => (job.remoteId === undefined ? [] : [job.remoteId]));
    const span = serviceSpan(standin, taskIds);
    const serviceMs = span.last - span.first;
    const generated = allBlocks(done).filter((block) => block.generation.kind === 'generated').length;
    console.log(`\n  blocks with audio                 ${generated} / ${blocks}`);
    console.log(`  tasks                             ${taskIds.length}`);
    console.log(`  requests (all kinds)              ${requests}`);
    console.log(`  429 responses on polls            ${rateLimited}`);
    console.log(`  stand-in processing, first start → last finish   ${(serviceMs / 1000).toFixed(1)} s`);
    console.log(`  app, start → every block's audio filed           ${(appMs / 1000).toFixed(1)} s`);
    console.log(
      `    of which before the service started: ${((span.first - started) / 1000).toFixed(1)} s; after it finished: ${((started + appMs - span.last) / 1000).toFixed(1)} s (last task seen finished ${((lastNoticed - span.last) / 1000).toFixed(1)} s after it)`,
    );
    const lags = noticeLags(standin, noticedAt);
    console.log(
      `  notice lag per task (service finish → app saw it)  mean ${(lags.mean / 1000).toFixed(2)} s, worst ${(lags.worst / 1000).toFixed(2)} s`,
    );
    console.log(
      `  ratio                                            ${(appMs / serviceMs).toFixed(2)}× (target ≤ 1.2×)`,
    );
  } finally {
    await manager.stop();
    client.close();
    audio.dispose();
    await media.flush();
    await standin.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
