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

describe.each([
  ['helpers only', false],
  ['this thread as one of the lanes', true],
])('decodeInParallel, %s', (_, inThisThread) => {
  const lanes = (directory: string, isCancelled?: () => boolean) => {
    const local = inThisThread ? new PcmCache(directory) : undefined;
    return { ...options(directory, isCancelled), ...(local ? { local } : {}) };
  };

  it('decodes every source, exactly as decoding in this thread does', async () => {
    const parallelDir = path.join(folder, `parallel-${inThisThread}`);
    let reported = 0;
    const settings = lanes(parallelDir);
    await decodeInParallel(jobs, { ...settings, onBytes: (bytes) => (reported = bytes) });
    settings.local?.close();
    expect(reported).toBe(jobs.reduce((sum, job) => sum + job.bytes, 0));
    const sequential = new PcmCache(path.join(folder, `sequential-${inThisThread}`));
    const parallel = new PcmCache(parallelDir);
    for (const job of jobs) {
      const ours = await parallel.lookup(job.key, 44100);
      const reference = await sequential.ensure(job.key, job.path, 44100);
      expect(ours?.frames).toBe(reference.frames);
      expect(readFileSync(ours!.pcmPath).equals(readFileSync(reference.pcmPath))).toBe(true);
    }
    sequential.close();
  }, 60_000);

  it('stops every lane at the first failure and reports the file', async () => {
    const bogus = path.join(folder, 'bogus.wav');
    await writeFile(bogus, 'not audio at all');
    // Largest first: the bogus file goes to the first lane, a helper; then to this thread, as the second.
    for (const size of [1e9, 1]) {
      const broken = [...jobs.slice(0, 3), { key: 'bogus', path: bogus, bytes: size }];
      const directory = path.join(folder, `broken-${inThisThread}-${size}`);
      await expect(decodeInParallel(broken, lanes(directory))).rejects.toThrow(/bogus\.wav: not a WAV/);
      const names = await readdir(directory).catch(() => [] as string[]);
      expect(names.filter((name) => name.endsWith('.partial'))).toEqual([]);
    }
  }, 60_000);

  it('cancels, leaving only complete cache entries', async () => {
    const directory = path.join(folder, `cancelled-${inThisThread}`);
    await expect(
      decodeInParallel(
        jobs,
        lanes(directory, () => true),
      ),
    ).rejects.toBeInstanceOf(ExportCancelledError);
    const names = await readdir(directory).catch(() => [] as string[]);
    expect(names.filter((name) => name.endsWith('.partial'))).toEqual([]);
  }, 60_000);
});
