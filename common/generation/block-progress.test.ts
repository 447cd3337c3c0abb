import { describe, expect, it } from 'vitest';
import type { JobView } from '../jobs/job-view.js';
import { blockProgress, describeProgress } from './block-progress.js';

const job = (status: JobView['status'], extra: Partial<JobView> = {}): JobView => ({
  id: 'job-1',
  kind: 'task',
  serviceUrl: 'http://127.0.0.1:8787',
  status,
  createdAt: '2026-11-23T10:00:00.000Z',
  ...extra,
});

describe('block progress', () => {
  it('follows the job carrying the block: waiting, sent with the service’s word, downloading', () => {
    const of = (status: JobView['status'], extra?: Partial<JobView>) =>
      blockProgress({ state: 'not-generated', job: job(status, extra), inRun: true });
    expect(of('queued')).toEqual({ kind: 'waiting', detail: 'Waiting to be sent' });
    expect(of('queued-offline').kind).toBe('waiting');
    expect(of('submitting')).toEqual({ kind: 'waiting', detail: 'Sending' });
    expect(describeProgress(of('running', { remoteStatus: 'processing' }))).toBe(
      'Sent · service says “processing”',
    );
    expect(describeProgress(of('running'))).toBe('Sent');
    expect(of('succeeded')).toEqual({ kind: 'downloading' });
    expect(
      of('failed', { error: { code: 'TTS_CONTENTS_INVALID', message: 'Bad language.', requestId: 'req-9' } }),
    ).toEqual({ kind: 'failed', message: 'Bad language.', requestId: 'req-9' });
  });

  it('says ready for a block finished in this run, and nothing for one generated earlier', () => {
    expect(blockProgress({ state: 'generated', job: undefined, inRun: true })).toEqual({ kind: 'ready' });
    expect(blockProgress({ state: 'generated', job: undefined, inRun: false })).toEqual({ kind: 'idle' });
    expect(
      blockProgress({
        state: 'failed',
        job: undefined,
        inRun: false,
        failure: { message: 'The audio could not be downloaded.', requestId: 'req-2' },
      }),
    ).toEqual({ kind: 'failed', message: 'The audio could not be downloaded.', requestId: 'req-2' });
  });

  it('calls a block whose task’s answer was lost "Outcome unknown", not failed, from the job or the block', () => {
    const message = 'The app cannot tell whether the service received this task.';
    const fromJob = blockProgress({
      state: 'not-generated',
      job: job('unknown-outcome', { error: { code: 'OUTCOME_UNKNOWN', message } }),
      inRun: true,
    });
    expect(fromJob).toEqual({ kind: 'outcome-unknown', message, requestId: undefined });
    expect(describeProgress(fromJob)).toBe(`Outcome unknown: ${message}`);
    // Once the job ended, the block carries its error (main writes the job's code on it).
    const fromBlock = blockProgress({
      state: 'failed',
      job: undefined,
      inRun: true,
      failure: { code: 'OUTCOME_UNKNOWN', message, requestId: 'req-3' },
    });
    expect(fromBlock).toEqual({ kind: 'outcome-unknown', message, requestId: 'req-3' });
    expect(
      blockProgress({ state: 'failed', job: undefined, inRun: true, failure: { code: 'NO_AUDIO', message } })
        .kind,
    ).toBe('failed');
  });
});
