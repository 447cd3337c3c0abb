import { describe, expect, it } from 'vitest';
import type { ServiceErrorData, TaskData } from '../service-client/index.js';
import { ServiceError } from '../service-client/index.js';
import { decidePollFailure, decideRemoteStatus, decideSubmitFailure } from './job-decisions.js';
import { DEFAULT_POLL_SCHEDULE } from './poll-schedule.js';

function error(data: Partial<ServiceErrorData> & Pick<ServiceErrorData, 'kind'>): ServiceError {
  return new ServiceError({ code: 'X', message: 'm', retryable: false, requestSent: true, ...data });
}

describe('decideSubmitFailure: a creating POST is never sent twice', () => {
  it.each([
    ['connection refused before sending', error({ kind: 'network', requestSent: false }), 'queued-offline'],
    ['connect timeout', error({ kind: 'timeout', requestSent: false }), 'queued-offline'],
    ['connection lost after sending', error({ kind: 'network' }), 'unknown-outcome'],
    ['timeout after sending', error({ kind: 'timeout' }), 'unknown-outcome'],
    ['unreadable 200', error({ kind: 'invalid-response' }), 'unknown-outcome'],
    ['500', error({ kind: 'http', httpStatus: 500 }), 'unknown-outcome'],
    ['503', error({ kind: 'http', httpStatus: 503 }), 'unknown-outcome'],
    ['cancelled after sending', error({ kind: 'aborted' }), 'unknown-outcome'],
    ['cancelled before sending', error({ kind: 'aborted', requestSent: false }), 'queued'],
    [
      '400 TTS_CONTENTS_INVALID',
      error({ kind: 'http', httpStatus: 400, code: 'TTS_CONTENTS_INVALID' }),
      'failed',
    ],
    ['403 CREDITS_INSUFFICIENT', error({ kind: 'http', httpStatus: 403 }), 'failed'],
    ['local validation', error({ kind: 'validation', requestSent: false }), 'failed'],
  ])('%s → %s', (_name, failure, expected) => {
    expect(decideSubmitFailure(failure, 1000, 'Cannot tell.').next).toBe(expected);
  });

  it('queues a rate-limited submission for its Retry-After, or the fallback wait', () => {
    expect(
      decideSubmitFailure(
        error({ kind: 'http', httpStatus: 429, retryAfterMs: 90_000 }),
        1000,
        'Cannot tell.',
      ),
    ).toMatchObject({ next: 'queued', waitMs: 90_000 });
    expect(decideSubmitFailure(error({ kind: 'http', httpStatus: 429 }), 1234, 'Cannot tell.')).toMatchObject(
      {
        next: 'queued',
        waitMs: 1234,
      },
    );
  });
});

describe('decideRemoteStatus', () => {
  const task = (status: string, metadata: Record<string, unknown> = {}): TaskData =>
    ({ id: 't', status, metadata }) as TaskData;
  const context = { requestId: 'req-1', unknownSince: undefined, now: 10_000, unknownStatusLimitMs: 5_000 };

  it('finishes, fails with the reason, keeps polling or declares stuck', () => {
    expect(decideRemoteStatus('task', task('generated'), context)).toEqual({ next: 'succeeded' });
    expect(decideRemoteStatus('task', task('failed', { failureReason: 'No credits.' }), context)).toEqual({
      next: 'failed',
      error: { code: 'TASK_FAILED', message: 'No credits.', requestId: 'req-1' },
    });
    expect(decideRemoteStatus('task', task('processing'), { ...context, unknownSince: 1 })).toEqual({
      next: 'poll',
      unknownSince: undefined,
    });
    expect(decideRemoteStatus('task', task('warming-up'), context)).toEqual({
      next: 'poll',
      unknownSince: 10_000,
    });
    expect(decideRemoteStatus('task', task('warming-up'), { ...context, unknownSince: 5_000 })).toMatchObject(
      {
        next: 'stuck',
        error: { code: 'STATUS_UNKNOWN', requestId: 'req-1' },
      },
    );
  });
});

describe('decidePollFailure', () => {
  const context = {
    failures: 3,
    pollIndex: 2,
    unknownSince: undefined,
    now: 0,
    schedule: DEFAULT_POLL_SCHEDULE,
    random: () => 0.5,
  };

  it('fails on 404, keeps polling through outages and rate limits', () => {
    expect(
      decidePollFailure(error({ kind: 'http', httpStatus: 404, code: 'TASK_NOT_FOUND' }), context).next,
    ).toBe('failed');
    expect(decidePollFailure(error({ kind: 'aborted' }), context).next).toBe('ignore');
    expect(decidePollFailure(error({ kind: 'http', httpStatus: 503 }), context)).toMatchObject({
      next: 'poll',
      delayMs: 4000,
      unreachable: false,
    });
    expect(decidePollFailure(error({ kind: 'network', requestSent: false }), context)).toMatchObject({
      next: 'poll',
      unreachable: true,
    });
    expect(
      decidePollFailure(error({ kind: 'http', httpStatus: 429, retryAfterMs: 7000 }), context),
    ).toMatchObject({ next: 'poll', delayMs: 7000 });
    expect(decidePollFailure(error({ kind: 'http', httpStatus: 401 }), context)).toMatchObject({
      next: 'poll',
      delayMs: 30_000,
    });
  });

  it('keeps a sent job while signed out, and says it was sent and waits for a sign-in, not "nothing was sent"', () => {
    for (const failure of [
      error({
        kind: 'validation',
        code: 'NOT_SIGNED_IN',
        requestSent: false,
        message: 'Not signed in to this service, so nothing was sent: add its token in Settings, then retry.',
      }),
      error({ kind: 'validation', code: 'TOKEN_MALFORMED', requestSent: false }),
      error({ kind: 'http', httpStatus: 401, code: 'UNAUTHORIZED' }),
    ]) {
      const decision = decidePollFailure(failure, context);
      expect(decision).toMatchObject({ next: 'poll', delayMs: 30_000, unreachable: false });
      if (decision.next !== 'poll') throw new Error('poll');
      expect(decision.error.code).toBe(failure.code);
      expect(decision.error.message).toMatch(/^Sent to the service earlier; .*Sign in to this service/);
      expect(decision.error.message).not.toMatch(/nothing was sent|then retry/);
    }
  });

  it('tolerates garbage responses for the unknown-status limit, then declares the job stuck', () => {
    expect(decidePollFailure(error({ kind: 'invalid-response' }), context)).toMatchObject({
      next: 'poll',
      unknownSince: 0,
    });
    expect(
      decidePollFailure(error({ kind: 'invalid-response' }), {
        ...context,
        unknownSince: 0,
        now: 10 * 60_000,
      }).next,
    ).toBe('stuck');
  });
});
