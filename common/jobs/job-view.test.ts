import { describe, expect, it } from 'vitest';
import { jobListGroup, jobStatusGroup } from './job-view.js';

describe('jobListGroup', () => {
  it('lists a failed, stuck or unknown job under "Needs attention" until it is retried or dismissed', () => {
    for (const status of ['failed', 'stuck', 'unknown-outcome'] as const) {
      expect(jobListGroup({ status })).toBe('problem');
      expect(jobListGroup({ status, retriedBy: 'job-2' })).toBe('done');
      expect(jobListGroup({ status, dismissedAt: '2026-11-24T05:00:00.000Z' })).toBe('done');
      expect(jobListGroup({ status, supersededAt: '2026-11-24T05:00:00.000Z' })).toBe('done');
    }
  });

  it('otherwise follows the status group', () => {
    for (const status of [
      'submitting',
      'running',
      'queued',
      'queued-offline',
      'succeeded',
      'cancelled',
    ] as const) {
      expect(jobListGroup({ status })).toBe(jobStatusGroup(status));
    }
  });
});
