import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../services/jobs/index.js';
import { toJobView } from './job-view-mapper.js';

const record = (changes: Partial<JobRecord>): JobRecord =>
  ({
    id: 'job-1',
    kind: 'task',
    serviceUrl: 'http://127.0.0.1:8787',
    status: 'unknown-outcome',
    createdAt: '2026-11-24T05:00:00.000Z',
    updatedAt: '2026-11-24T05:00:00.000Z',
    projectId: 'p',
    blockIds: ['a', 'b'],
    ...changes,
  }) as JobRecord;

describe('toJobView', () => {
  it('tells the page what each block read when sent: its content hash, also for another take', () => {
    expect(toJobView(record({ contentHashes: ['ha', 'hb'] })).sentHashes).toEqual(['ha', 'hb']);
    // Another take's keys are take keys; what the block read is its content hash, kept in takeOf.
    expect(toJobView(record({ contentHashes: ['ka', 'kb'], takeOf: ['ha', 'hb'] })).sentHashes).toEqual([
      'ha',
      'hb',
    ]);
    expect(toJobView(record({})).sentHashes).toBeUndefined();
  });
});
