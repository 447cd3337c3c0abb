import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Project } from '../../../../common/project/index.js';
import { createProject, createTextBlock } from '../../../../common/project/index.js';
import type { LedgerEntry, RunningStandin, StandinOptions } from '../../../../standin/index.js';
import { startStandin } from '../../../../standin/index.js';
import type { GenerationHarness } from '../../generation/test-support/generation-harness.js';
import { openGenerationHarness } from '../../generation/test-support/generation-harness.js';
import { noServiceLexicons } from '../../pronunciation/test-support/no-lexicons.js';
import { BatchQueue } from '../batch-queue.js';
import type { BatchStore } from '../batch-store.js';
import { MemoryBatchStore } from '../batch-store.js';
import { ProjectSources } from '../project-sources.js';
import { ServiceGenerator } from '../service-generator.js';
import { FakeExporter, writeProject } from './batch-fakes.js';

/*
 * The batch's look-ahead against the stand-in: the real client (its rate gate), job manager, generation service
 * and ServiceGenerator, a fake exporter the test can hold, project files written at test time.
 */
export interface PipelineHarness {
  standin: RunningStandin;
  generation: GenerationHarness;
  exporter: FakeExporter;
  folder: string;
  /** Writes `count` projects of `blocks` blocks (one task each) and answers their paths, in order. */
  writeProjects(count: number, blocks: number): Promise<string[]>;
  openQueue(tasksInFlight: number, store?: BatchStore): Promise<BatchQueue>;
  /** Task submissions the stand-in received, in order (429s included). */
  submissions(): LedgerEntry[];
  close(): Promise<void>;
}

export async function openPipelineHarness(options: StandinOptions): Promise<PipelineHarness> {
  const standin = await startStandin(options);
  const generation = await openGenerationHarness({
    tempPrefix: 'timbre-batch-pipeline-',
    serviceUrl: standin.url,
    schedule: { firstDelayMs: 50, maxDelayMs: 200, errorFirstDelayMs: 50, errorMaxDelayMs: 200 },
  });
  const folder = await mkdtemp(path.join(tmpdir(), 'timbre-batch-pipeline-files-'));
  const exporter = new FakeExporter();
  const queues: BatchQueue[] = [];
  let written = 0;
  return {
    standin,
    generation,
    exporter,
    folder,
    async writeProjects(count, blocks) {
      const paths: string[] = [];
      for (let index = 0; index < count; index += 1) {
        written += 1;
        const project = projectOf(standin, `Part ${written}`, blocks);
        paths.push(await writeProject(path.join(folder, 'in'), `part-${written}.timbre`, project));
      }
      return paths;
    },
    async openQueue(tasksInFlight, store = new MemoryBatchStore()) {
      const queue = await BatchQueue.open({
        store,
        sources: new ProjectSources(),
        exporter,
        generator: new ServiceGenerator({
          generation: generation.service,
          audio: generation.audio,
          manager: () => Promise.resolve(generation.manager),
          lexicons: noServiceLexicons,
        }),
        lexicons: noServiceLexicons,
        progressIntervalMs: 0,
        tasksInFlight,
      });
      queues.push(queue);
      return queue;
    },
    submissions: () =>
      standin
        .ledger({ kind: 'task' })
        .filter((entry) => entry.method === 'POST' && entry.path === '/api/tts/generate'),
    async close() {
      for (const queue of queues) await queue.close();
      await generation.close();
      await standin.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A project whose blocks (a few words each, so one task holds them all) no other project shares. */
function projectOf(standin: RunningStandin, title: string, blocks: number): Project {
  const voice = standin.marketVoices[0];
  if (!voice) throw new Error('the stand-in has market voices');
  const base = createProject({
    title,
    serviceUrl: standin.url,
    defaults: { voiceId: voice.idForGenerate, voiceName: voice.name, language: 'en' },
  });
  const speech = Array.from({ length: blocks }, (_, index) =>
    createTextBlock({ text: `${title}, line ${index + 1}.` }),
  );
  return { ...base, tracks: { ...base.tracks, speech: { blocks: speech } } };
}
