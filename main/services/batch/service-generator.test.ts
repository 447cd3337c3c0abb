import { describe, expect, it } from 'vitest';
import { noServiceLexicons } from '../pronunciation/test-support/no-lexicons.js';
import { defaultsOnlyContext } from '../../../common/project/send-context.js';
import type { Project } from '../../../common/project/index.js';
import { allBlocks, contentHash } from '../../../common/project/index.js';
import type { GenerationService } from '../generation/index.js';
import type { JobListener, JobManager, JobRecord, JobStatus } from '../jobs/index.js';
import { ServiceGenerator } from './service-generator.js';
import { TEST_SERVICE, makeProject, markGenerated } from './test-support/batch-fakes.js';

/** The few JobManager members the generator uses, with jobs the test moves by hand. */
class FakeManager {
  readonly serviceUrl = TEST_SERVICE;
  isServiceReachable = true;
  readonly jobs = new Map<string, JobRecord>();
  private readonly listeners = new Set<JobListener>();
  private readonly waiters = new Map<string, ((job: JobRecord) => void)[]>();

  add(id: string, status: JobStatus, project: Project, hashes: string[]): JobRecord {
    const job: JobRecord = {
      id,
      kind: 'task',
      serviceUrl: TEST_SERVICE,
      status,
      projectId: project.id,
      contentHashes: hashes,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
    };
    this.jobs.set(id, job);
    return job;
  }
  list(): JobRecord[] {
    return [...this.jobs.values()].map((job) => ({ ...job }));
  }
  get(id: string): JobRecord | undefined {
    const job = this.jobs.get(id);
    return job && { ...job };
  }
  onEvent(listener: JobListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  waitFor(id: string): Promise<JobRecord> {
    return new Promise((resolve) => this.waiters.set(id, [...(this.waiters.get(id) ?? []), resolve]));
  }
  cancel(id: string): Promise<JobRecord> {
    return Promise.resolve(this.set(id, 'cancelled'));
  }
  set(id: string, status: JobStatus): JobRecord {
    const job = { ...(this.jobs.get(id) as JobRecord), status };
    this.jobs.set(id, job);
    for (const listener of this.listeners) listener({ type: 'job-updated', job });
    if (['succeeded', 'failed', 'cancelled'].includes(status)) {
      for (const resolve of this.waiters.get(id) ?? []) resolve(job);
      this.waiters.delete(id);
    }
    return job;
  }
}

type GenerationPart = Pick<GenerationService, 'generateAndWait' | 'onJobUpdated' | 'settled'>;

function setup(
  options: { cached?: boolean; unreachableTimeoutMs?: number; confirmChargeTwice?: boolean | undefined } = {},
) {
  const manager = new FakeManager();
  const calls: string[] = [];
  let generate: GenerationPart['generateAndWait'] = (project) => Promise.resolve(markGenerated(project));
  const generation: GenerationPart = {
    generateAndWait: (project, run) => {
      calls.push('generateAndWait');
      return generate(project, run);
    },
    onJobUpdated: (job) => void calls.push(`onJobUpdated:${job.id}:${job.status}`),
    settled: () => {
      calls.push('settled');
      return Promise.resolve();
    },
  };
  const managerRequests: string[] = [];
  const generator = new ServiceGenerator({
    generation,
    lexicons: noServiceLexicons,
    audio: {
      lookup: (_url, key) =>
        Promise.resolve(
          options.cached
            ? {
                cacheKey: key,
                filePath: '/x',
                durationMs: 1,
                mediaPath: '/m',
                remoteUrl: 'http://x',
                generatedAt: '2024-01-01T00:00:00.000Z',
              }
            : undefined,
        ),
    },
    manager: (url) => {
      managerRequests.push(url);
      return Promise.resolve(manager as unknown as JobManager);
    },
    unreachableTimeoutMs: options.unreachableTimeoutMs,
    confirmChargeTwice: options.confirmChargeTwice,
  });
  return {
    manager,
    calls,
    generator,
    managerRequests,
    setGenerate: (next: GenerationPart['generateAndWait']) => (generate = next),
  };
}

const run = (signal = new AbortController().signal) => ({ signal, onProgress: () => undefined });

describe('ServiceGenerator', () => {
  it('does not reach for the service when every block has audio here', async () => {
    const { generator, calls, managerRequests } = setup({ cached: true });
    const project = makeProject('Done', ['One.'], true);
    expect(await generator.generate(project, run())).toBe(project);
    expect(calls).toEqual([]);
    expect(managerRequests).toEqual([]);
  });

  it('leaves blocks that may be charged twice out unless the user confirmed it beforehand (issue 37)', async () => {
    for (const confirmChargeTwice of [undefined, true]) {
      const state = setup({ cached: false, confirmChargeTwice });
      const asked: (boolean | undefined)[] = [];
      state.setGenerate((project, options) => {
        asked.push(options?.confirmChargeTwice);
        return Promise.resolve(markGenerated(project));
      });
      await state.generator.generate(makeProject('Held', ['One.']), run());
      expect(asked).toEqual([confirmChargeTwice === true]);
    }
  });

  it('generates again blocks whose file says generated but whose audio is not on this machine', async () => {
    const state = setup({ cached: false });
    const seen: Project[] = [];
    state.setGenerate((project) => {
      seen.push(project);
      return Promise.resolve(markGenerated(project));
    });
    const result = await state.generator.generate(makeProject('Elsewhere', ['One.'], true), run());
    expect(seen[0]?.tracks.speech.blocks[0]?.generation.kind).toBe('not-generated');
    expect(result.tracks.speech.blocks[0]?.generation.kind).toBe('generated');
    expect(state.calls).toEqual(['settled', 'generateAndWait']);
  });

  it('waits for content an earlier run already sent, files it, and only then generates', async () => {
    const { generator, manager, calls } = setup();
    const project = makeProject('Resumed', ['One.', 'Two.']);
    const hashes = allBlocks(project).map((block) =>
      contentHash(block, defaultsOnlyContext(project.defaults)),
    );
    manager.add('earlier-job', 'running', project, hashes);
    const done = generator.generate(project, run());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
    manager.set('earlier-job', 'succeeded');
    await done;
    expect(calls).toEqual(['onJobUpdated:earlier-job:succeeded', 'settled', 'generateAndWait']);
  });

  it('when stopped, withdraws the submissions it made that have not gone out, and only those', async () => {
    const state = setup();
    const project = makeProject('Stopped', ['One.']);
    state.manager.add('someone-elses', 'queued', project, ['other']);
    const controller = new AbortController();
    state.setGenerate((current, options) => {
      state.manager.add('ours-queued', 'queued', current, ['a']);
      state.manager.add('ours-in-flight', 'submitting', current, ['b']);
      state.manager.add('ours-sent', 'submitting', current, ['c']);
      setTimeout(() => {
        state.manager.set('ours-in-flight', 'queued');
        state.manager.set('ours-sent', 'running');
      }, 20);
      return new Promise((_resolve, reject) =>
        options?.signal?.addEventListener('abort', () => reject(new Error('Generation was cancelled'))),
      );
    });
    const done = state.generator.generate(project, run(controller.signal));
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(done).rejects.toThrow('Generation was cancelled');
    expect(Object.fromEntries([...state.manager.jobs.values()].map((job) => [job.id, job.status]))).toEqual({
      'someone-elses': 'queued',
      'ours-queued': 'cancelled',
      'ours-in-flight': 'cancelled',
      'ours-sent': 'running',
    });
  });

  it('gives up when the service stays unreachable, saying so', async () => {
    const state = setup({ unreachableTimeoutMs: 80 });
    state.manager.isServiceReachable = false;
    state.setGenerate(
      (_project, options) =>
        new Promise((_resolve, reject) =>
          options?.signal?.addEventListener('abort', () => reject(new Error('Generation was cancelled'))),
        ),
    );
    await expect(state.generator.generate(makeProject('Offline', ['One.']), run())).rejects.toThrow(
      /could not be reached for .*; nothing more was sent/,
    );
  });
});
