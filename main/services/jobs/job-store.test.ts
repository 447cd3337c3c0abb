import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredJob } from './job-store.js';
import { JobStore, MAX_FINISHED_JOBS_KEPT, jobFilePath } from './job-store.js';
import type { JobStatus } from './job-types.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-job-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function job(id: string, status: JobStatus, createdAt = '2030-01-01T00:00:00.000Z'): StoredJob {
  return {
    record: { id, kind: 'task', serviceUrl: 'http://127.0.0.1:9', status, createdAt, updatedAt: createdAt },
    request: {
      kind: 'task',
      body: { contents: [{ type: 'text', voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f', text: 'hi' }] },
    },
  };
}

describe('jobFilePath', () => {
  it('gives each service its own readable file, whatever the trailing slash', () => {
    const a = jobFilePath(dir, 'https://api.example.com/v1');
    expect(a).toBe(jobFilePath(dir, 'https://api.example.com/v1/'));
    expect(path.basename(a)).toMatch(/^api\.example\.com-443-[0-9a-f]{12}\.json$/);
    expect(jobFilePath(dir, 'http://127.0.0.1:8787')).not.toBe(jobFilePath(dir, 'http://127.0.0.1:8788'));
  });
});

describe('JobStore', () => {
  it('round-trips jobs and coalesces writes made while one is running', async () => {
    const jobs = [job('a', 'running')];
    const store = new JobStore(path.join(dir, 'jobs', 'x.json'), 'http://127.0.0.1:9', () => jobs);
    const first = store.save();
    jobs.push(job('b', 'queued'));
    const second = store.save();
    jobs.push(job('c', 'queued'));
    const third = store.save();
    expect(third).toBe(second);
    await Promise.all([first, second, third]);
    const loaded = await store.load();
    expect(loaded.jobs.map((entry) => entry.record.id)).toEqual(['a', 'b', 'c']);
    expect(await readdir(path.join(dir, 'jobs'))).toEqual(['x.json']);
  });

  it('skips unreadable entries and moves an unreadable file aside instead of failing', async () => {
    const filePath = path.join(dir, 'jobs', 'x.json');
    await mkdir(path.dirname(filePath), { recursive: true });
    await writeFile(
      filePath,
      JSON.stringify({
        version: 1,
        serviceUrl: 'u',
        jobs: [job('ok', 'running'), { record: { id: 5 } }, 'junk'],
      }),
    );
    const store = new JobStore(filePath, 'u', () => []);
    expect(await store.load()).toMatchObject({ jobs: [{ record: { id: 'ok' } }], skipped: 2 });

    await writeFile(filePath, '{"version":1,"jobs":[{"trunc');
    expect(await store.load()).toEqual({ jobs: [], skipped: 1 });
    expect((await readdir(path.dirname(filePath))).some((name) => name.startsWith('x.json.corrupt-'))).toBe(
      true,
    );
  });

  it(`keeps at most ${MAX_FINISHED_JOBS_KEPT} finished jobs on disk (the oldest go) and every unfinished one`, async () => {
    const jobs = Array.from({ length: MAX_FINISHED_JOBS_KEPT + 5 }, (_, index) =>
      job(`done-${index}`, 'succeeded', new Date(Date.UTC(2030, 0, 1) + index * 1000).toISOString()),
    );
    jobs.unshift(job('old-but-running', 'running', '2020-01-01T00:00:00.000Z'));
    const store = new JobStore(path.join(dir, 'x.json'), 'u', () => jobs);
    await store.save();
    const saved = JSON.parse(await readFile(path.join(dir, 'x.json'), 'utf8')) as { jobs: StoredJob[] };
    const ids = saved.jobs.map((entry) => entry.record.id);
    expect(ids).toHaveLength(MAX_FINISHED_JOBS_KEPT + 1);
    expect(ids).toContain('old-but-running');
    expect(ids).not.toContain('done-4');
    expect(ids).toContain('done-5');
  });

  it('keeps a job that may have been charged, with its texts, however old, until it is retried or dismissed', async () => {
    const at = (index: number): string => new Date(Date.UTC(2030, 0, 1) + index * 1000).toISOString();
    const lost = job('lost-answer', 'unknown-outcome', '2020-01-01T00:00:00.000Z');
    const cancelledLost = job('cancelled-lost', 'cancelled', '2020-01-01T00:00:01.000Z');
    cancelledLost.record.outcomeUnknownAt = '2020-01-01T00:00:02.000Z';
    const retriedLost = job('retried-lost', 'unknown-outcome', '2020-01-01T00:00:03.000Z');
    retriedLost.record.retriedBy = 'done-0';
    // Dismissed: the user dealt with it, so it ages out like any other (the file would otherwise grow forever).
    const dismissedLost = job('dismissed-lost', 'unknown-outcome', '2020-01-01T00:00:04.000Z');
    dismissedLost.record.dismissedAt = '2020-01-02T00:00:00.000Z';
    const jobs = [
      lost,
      cancelledLost,
      retriedLost,
      dismissedLost,
      ...Array.from({ length: MAX_FINISHED_JOBS_KEPT }, (_, index) =>
        job(`done-${index}`, 'succeeded', at(index)),
      ),
    ];
    const store = new JobStore(path.join(dir, 'x.json'), 'u', () => jobs);
    await store.save();
    const loaded = await store.load();
    const ids = loaded.jobs.map((entry) => entry.record.id);
    expect(ids).toContain('lost-answer');
    expect(ids).toContain('cancelled-lost');
    expect(ids).not.toContain('retried-lost');
    expect(ids).not.toContain('dismissed-lost');
    expect(loaded.jobs.find((entry) => entry.record.id === 'lost-answer')?.request).toEqual(lost.request);
  });
});
