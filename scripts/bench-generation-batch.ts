/**
 * The batch mode of scripts/bench-generation.ts (issue 42): N project files of M blocks each, generated and
 * exported by the app's BatchQueue on a local stand-in, the batch's wall time printed beside the stand-in's own
 * processing time for all of its tasks.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { ProjectExportSettings } from '../common/export/index.js';
import { defaultDuckingSettings, loudnessPresets } from '../common/export/index.js';
import type { Project } from '../common/project/index.js';
import { createProject, createTextBlock, writeProjectFile } from '../common/project/index.js';
import { sendContext } from '../common/project/send-context.js';
import { AudioCache } from '../main/services/audio-cache/index.js';
import {
  BatchQueue,
  MemoryBatchStore,
  ProjectSources,
  ServiceGenerator,
} from '../main/services/batch/index.js';
import { ExportEngine } from '../main/services/export/index.js';
import { GenerationService } from '../main/services/generation/index.js';
import { JobManager } from '../main/services/jobs/index.js';
import { MediaCache } from '../main/services/media/index.js';
import { ProjectExporter } from '../main/services/project-export/index.js';
import { ServiceClient } from '../main/services/service-client/index.js';
import { startStandin } from '../standin/index.js';
import type { RunningStandin } from '../standin/index.js';

const SENTENCES = [
  'The river ran high that spring, and the mill wheel turned all night.',
  'Nobody in the village remembered a flood like it.',
  'She kept the lamp lit by the window, in case her brother came home along the towpath.',
  'By morning the water had reached the third step of the church.',
  'He said nothing, but he took off his boots and started carrying sandbags.',
];

export interface BatchBenchOptions {
  projects: number;
  blocks: number;
  speed: number;
  rateLimit: number;
  concurrency: number;
  /** The queue's cap on tasks in flight across the batch; undefined keeps the queue's default. */
  inFlight: number | undefined;
}

const SETTINGS: ProjectExportSettings = {
  options: {
    audio: { format: 'mp3', bitrateKbps: 128 },
    loudness: loudnessPresets.podcast,
    subtitles: { srt: false, vtt: false },
  },
  sampleRate: 44_100,
  channels: 1,
  ducking: defaultDuckingSettings,
};

/** A project of `blocks` sentences whose text differs from every other project's (no content shared). */
function chapterProject(standin: RunningStandin, index: number, blocks: number): Project {
  const voice = standin.marketVoices[0];
  if (!voice) throw new Error('the stand-in has no market voices');
  const project = createProject({
    title: `Chapter ${index + 1}`,
    serviceUrl: standin.url,
    defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
  });
  const speech = Array.from({ length: blocks }, (_, block) =>
    createTextBlock({
      text: `${index + 1}.${block + 1}. ${SENTENCES[(index + block) % SENTENCES.length] ?? ''}`,
    }),
  );
  return { ...project, tracks: { ...project.tracks, speech: { ...project.tracks.speech, blocks: speech } } };
}

/** Sum of the tasks' processing times, and the span from the first start to the last finish (ms). */
function serviceTimes(standin: RunningStandin, taskIds: string[]): { span: number; busy: number } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let busy = 0;
  for (const id of taskIds) {
    const times = standin.taskTimes(id);
    const started = Date.parse(times?.startedAt ?? '');
    const finished = Date.parse(times?.finishedAt ?? '');
    if (!Number.isFinite(started) || !Number.isFinite(finished)) continue;
    first = Math.min(first, started);
    last = Math.max(last, finished);
    busy += finished - started;
  }
  return { span: last - first, busy };
}

export async function runBatchBench(options: BatchBenchOptions): Promise<void> {
  const standin = await startStandin({
    speed: options.speed,
    rateLimit: options.rateLimit,
    concurrency: options.concurrency,
  });
  const workDir = await mkdtemp(path.join(tmpdir(), 'timbre-bench-batch-'));
  let requests = 0;
  let rateLimited = 0;
  const client = new ServiceClient({
    baseUrl: standin.url,
    getToken: () => 'standin-paid',
    onAttempt: () => {
      requests += 1;
    },
    onAnswer: (answer) => {
      if (answer.status === 429) rateLimited += 1;
    },
  });
  const manager = new JobManager({ client, dataDir: workDir });
  const media = await MediaCache.open({ dataDir: workDir, gateFor: () => client.rateGate });
  const audio = new AudioCache({ dataDir: workDir, media });
  const lexicons = { rulesFor: () => [], contextFor: (project: Project) => sendContext(project, []) };
  const generation = new GenerationService({
    lexicons,
    manager: () => Promise.resolve(manager),
    audio,
    srtAllowed: () => true,
    onUpdate: () => undefined,
  });
  manager.onEvent((event) => {
    if (event.type === 'job-updated') generation.onJobUpdated(event.job);
  });
  const engine = new ExportEngine();
  const queue = await BatchQueue.open({
    store: new MemoryBatchStore(),
    sources: new ProjectSources(),
    exporter: new ProjectExporter({ engine, audio, pcmCacheDir: path.join(workDir, 'pcm-cache'), lexicons }),
    generator: new ServiceGenerator({ generation, audio, manager: () => Promise.resolve(manager), lexicons }),
    lexicons,
    ...(options.inFlight === undefined ? {} : { tasksInFlight: options.inFlight }),
  });
  try {
    await manager.start();
    const projectsDir = path.join(workDir, 'projects');
    const outDir = path.join(workDir, 'out');
    await mkdir(projectsDir);
    const files: string[] = [];
    for (let index = 0; index < options.projects; index += 1) {
      const file = path.join(projectsDir, `chapter-${String(index + 1).padStart(2, '0')}.timbre`);
      await writeFile(file, writeProjectFile(chapterProject(standin, index, options.blocks)));
      files.push(file);
    }
    const loadBefore = loadavg()[0] ?? 0;
    console.log(
      `Batch of ${options.projects} projects × ${options.blocks} blocks on a stand-in at speed ${options.speed}, rate limit ${options.rateLimit}/s, ${options.concurrency} workers (load ${loadBefore.toFixed(2)})…`,
    );
    const started = Date.now();
    await queue.add({
      sources: files.map((file) => ({ kind: 'path', path: file })),
      destination: outDir,
      nameTemplate: '{index} {title}',
      settings: SETTINGS,
      generateMissing: true,
      overwrite: false,
    });
    queue.start();
    await queue.whenIdle();
    const wallMs = Date.now() - started;
    const summary = queue.summary();
    const taskIds = manager.list().flatMap((job) => (job.remoteId === undefined ? [] : [job.remoteId]));
    const { span, busy } = serviceTimes(standin, taskIds);
    const ideal = busy / options.concurrency;
    const sent = standin.ledger({ kind: 'task' }).filter((entry) => entry.status === 200);
    const blocksSent = sent.reduce((sum, entry) => sum + Number(entry.summary['blocks'] ?? 0), 0);
    const loadAfter = loadavg()[0] ?? 0;
    console.log(`\n  projects done / failed             ${summary.done.length} / ${summary.failed.length}`);
    for (const failed of summary.failed) console.log(`    failed: ${failed.label}: ${failed.error.message}`);
    console.log(`  tasks accepted (ledger)            ${sent.length} (${blocksSent} blocks)`);
    console.log(`  requests (all kinds)               ${requests}`);
    console.log(`  429 responses                      ${rateLimited}`);
    console.log(`  stand-in, first start → last finish   ${(span / 1000).toFixed(1)} s`);
    console.log(
      `  stand-in busy (processing ÷ ${options.concurrency} workers)   ${(ideal / 1000).toFixed(1)} s`,
    );
    console.log(`  batch, add → every project exported    ${(wallMs / 1000).toFixed(1)} s`);
    console.log(
      `  ratio to the stand-in's span       ${(wallMs / span).toFixed(2)}× (target ≤ 1.15×); to its busy time ${(wallMs / ideal).toFixed(2)}×`,
    );
    console.log(`  load (1 min) before / after        ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)}`);
  } finally {
    await queue.close();
    await manager.stop();
    await generation.settled();
    client.close();
    audio.dispose();
    await media.flush();
    await standin.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
