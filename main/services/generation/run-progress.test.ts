import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GenerationCount } from '../../../common/generation/service-speed.js';
import type { JobRecord } from '../jobs/index.js';
import { RunProgress } from './run-progress.js';

const SERVICE = 'https://voice.example';

function task(id: string, extra: Partial<JobRecord>): JobRecord {
  return {
    id,
    kind: 'task',
    serviceUrl: SERVICE,
    status: 'succeeded',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  } as JobRecord;
}

describe('RunProgress', () => {
  afterEach(() => vi.useRealTimers());

  it('estimates the time left from earlier runs’ tasks before this run has audio, then counts blocks', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-02T00:00:00.000Z') });
    // Earlier runs: 1 s of queue plus 20 ms per character.
    const history = [100, 300, 500].map((characters, index) =>
      task(`old-${index}`, {
        characters,
        submittedAt: '2026-01-01T10:00:00.000Z',
        finishedAt: new Date(Date.parse('2026-01-01T10:00:00.000Z') + 1_000 + 20 * characters).toISOString(),
      }),
    );
    const open = task('now', { status: 'running', characters: 400, submittedAt: new Date().toISOString() });
    const jobs = [...history, open];
    const counts: GenerationCount[] = [];
    const progress = new RunProgress({
      serviceUrl: SERVICE,
      wanted: new Map([
        ['h1', 150],
        ['h2', 250],
      ]),
      jobIds: ['now'],
      manager: { list: () => jobs, get: (id) => jobs.find((job) => job.id === id) },
      report: (count) => counts.push(count),
    });
    // 1 s + 400 × 20 ms = 9 s.
    expect(counts.at(-1)).toEqual({ doneBlocks: 0, failedBlocks: 0, totalBlocks: 2, secondsLeft: 9 });
    vi.advanceTimersByTime(3_000);
    expect(counts.at(-1)).toEqual({ doneBlocks: 0, failedBlocks: 0, totalBlocks: 2, secondsLeft: 6 });

    progress.filed(SERVICE, 'h1', 'generated');
    progress.filed(SERVICE, 'h1', 'generated');
    progress.filed('https://other.example', 'h2', 'generated');
    progress.filed(SERVICE, 'not-in-this-run', 'generated');
    // 150 characters in 3 s: 250 more take 5 s.
    expect(counts.at(-1)).toEqual({ doneBlocks: 1, failedBlocks: 0, totalBlocks: 2, secondsLeft: 5 });
    progress.filed(SERVICE, 'h2', 'generated');
    expect(counts.at(-1)).toEqual({ doneBlocks: 2, failedBlocks: 0, totalBlocks: 2, secondsLeft: 0 });
    progress.stop();
    const reported = counts.length;
    vi.advanceTimersByTime(5_000);
    expect(counts).toHaveLength(reported);
  });

  it('counts blocks that ended without audio, and moves one back when its audio arrives later', () => {
    const counts: GenerationCount[] = [];
    const progress = new RunProgress({
      serviceUrl: SERVICE,
      wanted: new Map([
        ['h1', 10],
        ['h2', 10],
        ['h3', 10],
      ]),
      jobIds: [],
      manager: { list: () => [], get: () => undefined },
      report: (count) => counts.push(count),
    });
    progress.filed(SERVICE, 'h1', 'failed');
    progress.filed(SERVICE, 'h2', 'failed');
    progress.filed(SERVICE, 'h3', 'generated');
    expect(counts.at(-1)).toMatchObject({ doneBlocks: 3, failedBlocks: 2, totalBlocks: 3 });
    // A failed download fetched again in a later round.
    progress.filed(SERVICE, 'h2', 'generated');
    progress.filed(SERVICE, 'h1', 'failed');
    expect(counts.at(-1)).toMatchObject({ doneBlocks: 3, failedBlocks: 1, totalBlocks: 3 });
    progress.stop();
  });

  it('takes the pace from audio that arrived, not from blocks refused at once', () => {
    vi.useFakeTimers({ now: Date.parse('2026-01-02T00:00:00.000Z') });
    const counts: GenerationCount[] = [];
    const progress = new RunProgress({
      serviceUrl: SERVICE,
      wanted: new Map([
        ['refused-1', 100],
        ['refused-2', 100],
        ['slow-1', 100],
        ['slow-2', 100],
      ]),
      jobIds: [],
      manager: { list: () => [], get: () => undefined },
      report: (count) => counts.push(count),
    });
    vi.advanceTimersByTime(1_000);
    progress.filed(SERVICE, 'refused-1', 'failed');
    progress.filed(SERVICE, 'refused-2', 'failed');
    // Nothing has audio yet: no pace to go by (not "0 s left" from 200 characters refused in a second).
    expect(counts.at(-1)).toMatchObject({ doneBlocks: 2, failedBlocks: 2, secondsLeft: undefined });
    vi.advanceTimersByTime(9_000);
    progress.filed(SERVICE, 'slow-1', 'generated');
    // 100 characters of audio in 10 s: the last 100 take about 10 s more.
    expect(counts.at(-1)).toMatchObject({ doneBlocks: 3, secondsLeft: 10 });
    progress.stop();
  });
});
