import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportCancelledError } from '../export-errors.js';
import { makeSmallProject, type SmallProject } from '../test-support/small-project.js';
import { defaultWorkerEntry } from '../worker-launcher.js';
import { decodeInParallel, type DecodeJob } from './parallel-decode.js';
import { PcmCache } from './pcm-cache.js';

let folder: string;
let project: SmallProject;
let jobs: DecodeJob[];

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-parallel-'));
  project = await makeSmallProject(path.join(folder, 'sources'), 10);
  const files = Object.values(project.sources);
  jobs = await Promise.all(
    Array.from({ length: 7 }, async (_, index) => {
      const file = files[index % files.length]!;
      return { key: `job-${index}`, path: file, bytes: (await stat(file)).size };
    }),
  );
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const options = (pcmCacheDir: string, isCancelled = () => false) => ({
  sampleRate: 44100,
  pcmCacheDir,
  threads: 2,
  workerEntry: defaultWorkerEntry(),
  onBytes: () => {},
  isCancelled,
});

describe('decodeInParallel', () => {
  it('decodes every source with helper workers, exactly as decoding in this thread does', async () => {
    const parallelDir = path.join(folder, 'parallel');
    let reported = 0;
    await decodeInParallel(jobs, { ...options(parallelDir), onBytes: (bytes) => (reported = bytes) });
    expect(reported).toBe(jobs.reduce((sum, job) => sum + job.bytes, 0));
    const sequential = new PcmCache(path.join(folder, 'sequential'));
    const parallel = new PcmCache(parallelDir);
    for (const job of jobs) {
      const ours = await parallel.lookup(job.key, 44100);
      const reference = await sequential.ensure(job.key, job.path, 44100);
      expect(ours?.frames).toBe(reference.frames);
      expect(readFileSync(ours!.pcmPath).equals(readFileSync(reference.pcmPath))).toBe(true);
    }
    sequential.close();
  }, 60_000);

  it('stops every helper at the first failure and reports the file', async () => {
    const bogus = path.join(folder, 'bogus.wav');
    await writeFile(bogus, 'not audio at all');
    const broken = [...jobs.slice(0, 3), { key: 'bogus', path: bogus, bytes: 1e9 }];
    await expect(decodeInParallel(broken, options(path.join(folder, 'broken')))).rejects.toThrow(
      /bogus\.wav: not a WAV/,
    );
  }, 60_000);

  it('cancels, leaving only complete cache entries', async () => {
    const directory = path.join(folder, 'cancelled');
    await expect(
      decodeInParallel(
        jobs,
        options(directory, () => true),
      ),
    ).rejects.toBeInstanceOf(ExportCancelledError);
    const names = await readdir(directory).catch(() => [] as string[]);
    expect(names.filter((name) => name.endsWith('.partial'))).toEqual([]);
  }, 60_000);
});
