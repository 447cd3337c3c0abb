import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../services/jobs/index.js';
import { createJobNotifier } from './job-notifier.js';

function job(status: JobRecord['status'], extra: Partial<JobRecord> = {}): JobRecord {
  return {
    id: '6f1c2a8e-0000-4000-8000-000000000001',
    kind: 'task',
    serviceUrl: 'http://127.0.0.1:8787',
    status,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    characters: 1234,
    ...extra,
  } as JobRecord;
}

describe('job notifications', () => {
  it('announces a job that finishes while the window is not focused, once', () => {
    const shown: string[][] = [];
    const notify = createJobNotifier({
      notify: (title, body) => shown.push([title, body]),
      isFocused: () => false,
    });
    notify(job('running'));
    notify(job('succeeded'));
    notify(job('succeeded'));
    expect(shown).toEqual([['Generation task finished', '1,234 characters']]);
  });

  it('stays quiet while the user is looking, and for jobs first seen finished', () => {
    const shown: unknown[] = [];
    let focused = true;
    const notify = createJobNotifier({ notify: (...args) => shown.push(args), isFocused: () => focused });
    notify(job('running'));
    notify(job('succeeded'));
    focused = false;
    notify(job('failed', { id: '6f1c2a8e-0000-4000-8000-000000000002' }));
    expect(shown).toEqual([]);
  });

  it('says why a voice failed, with the request id', () => {
    const shown: string[][] = [];
    const notify = createJobNotifier({
      notify: (title, body) => shown.push([title, body]),
      isFocused: () => false,
    });
    const voice = { kind: 'voice', voiceName: 'Ana' } as const;
    notify(job('submitting', voice));
    notify(
      job('failed', {
        ...voice,
        error: { code: 'PRO_CLONE_FORBIDDEN', message: 'No professional-clone access.', requestId: 'r-1' },
      }),
    );
    expect(shown).toEqual([['Voice “Ana” failed', 'No professional-clone access. (request id r-1)']]);
  });
});
