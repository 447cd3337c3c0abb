import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
    // Largest first: the bogus file goes to the first lane (this thread when it is one, else a helper); then to
    // the second.
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

describe('decodeInParallel, how sources are handed out', () => {
  it('has this thread, when it is a lane, decode the largest source first', async () => {
    const directory = path.join(folder, 'largest-here');
    const local = new PcmCache(directory);
    const ensure = vi.spyOn(local, 'ensure');
    await decodeInParallel(jobs, { ...options(directory), local });
    local.close();
    const largest = [...jobs].sort((a, b) => b.bytes - a.bytes)[0]!;
    expect(ensure.mock.calls[0]?.[0]).toBe(largest.key);
  }, 60_000);

  it('sends a helper small sources ahead of its answers, and a large one alone', async () => {
    // A stand-in helper that answers each source 20 ms after the last, logging how many it held unanswered when
    // each arrived: the owner's hand-out is what is under test, not the decoding.
    const logPath = path.join(folder, 'ahead.log');
    const script = path.join(folder, 'counting-helper.mjs');
    await writeFile(
      script,
      `import { parentPort } from 'node:worker_threads';
       import { appendFileSync } from 'node:fs';
       let held = 0;
       let chain = Promise.resolve();
       parentPort.on('message', (message) => {
         if (message.type !== 'decode-source') return;
         held += 1;
         appendFileSync(${JSON.stringify(logPath)}, JSON.stringify({ key: message.key, held }) + '\\n');
         chain = chain.then(() => new Promise((resolve) => setTimeout(resolve, 20))).then(() => {
           held -= 1;
           parentPort.postMessage({ type: 'decode-done', key: message.key });
         });
       });`,
    );
    const small = Array.from({ length: 20 }, (_, index) => ({
      key: `small-${index}`,
      path: 'unused',
      bytes: 10_000,
    }));
    const large = { key: 'large', path: 'unused', bytes: 5_000_000 };
    await decodeInParallel([...small, large], {
      ...options(path.join(folder, 'ahead')),
      threads: 1,
      workerEntry: pathToFileURL(script),
    });
    const log = readFileSync(logPath, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { key: string; held: number });
    expect(log.map((entry) => entry.key).sort()).toEqual([...small, large].map((job) => job.key).sort());
    // Largest first, alone: the next source waits for its answer.
    expect(log[0]).toEqual({ key: 'large', held: 1 });
    expect(log[1]?.held).toBe(1);
    // Then up to eight small ones held at once, never more.
    const most = Math.max(...log.map((entry) => entry.held));
    expect(most).toBe(8);
  }, 60_000);

  it('fails, and does not wait on them, when a helper holding several sources dies', async () => {
    const script = path.join(folder, 'dying-helper.mjs');
    await writeFile(
      script,
      `import { parentPort } from 'node:worker_threads';
       parentPort.once('message', () => setTimeout(() => { throw new Error('helper crashed'); }, 50));`,
    );
    const small = Array.from({ length: 6 }, (_, index) => ({
      key: `s-${index}`,
      path: 'unused',
      bytes: 1000,
    }));
    await expect(
      decodeInParallel(small, {
        ...options(path.join(folder, 'dying')),
        threads: 1,
        workerEntry: pathToFileURL(script),
      }),
    ).rejects.toThrow('helper crashed');
  }, 60_000);
});
