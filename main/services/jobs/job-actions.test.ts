import { describe, expect, it } from 'vitest';
import { JobActionError } from './job-errors.js';
import {
  block,
  service,
  startManager,
  until,
  useJobManagerHarness,
} from './test-support/job-manager-harness.js';

useJobManagerHarness();

/** JobManager's actions on a job (job-actions.ts): dismiss, retry (never paying twice unasked), cancel, remove. */
describe('JobManager: actions on a job', () => {
  it('dismisses a failed task (kept across a restart); a task that did not fail cannot be dismissed', async () => {
    service.taskSteps = ['pending', 'failed'];
    const { manager } = await startManager();
    const failed = await manager.waitFor(
      (await manager.submitTask({ body: { contents: [block] }, projectId: 'p' })).id,
    );
    const dismissed = await manager.dismiss(failed.id);
    expect(dismissed.status).toBe('failed');
    expect(dismissed.dismissedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/u);
    // Nothing was sent for it.
    expect(service.created).toHaveLength(1);
    await manager.stop();
    const { manager: restarted } = await startManager();
    expect(restarted.get(failed.id)?.dismissedAt).toBe(dismissed.dismissedAt);

    service.taskSteps = ['pending', 'generated'];
    const done = await restarted.waitFor(
      (await restarted.submitTask({ body: { contents: [block] }, projectId: 'p' })).id,
    );
    await expect(restarted.dismiss(done.id)).rejects.toMatchObject({ code: 'JOB_NOT_DISMISSABLE' });
  });

  it('retries a failed task as a new submission linked to the old one', async () => {
    service.taskSteps = ['pending', 'failed'];
    const { manager } = await startManager();
    const first = await manager.waitFor(
      (await manager.submitTask({ body: { contents: [block] }, projectId: 'p' })).id,
    );
    service.taskSteps = ['pending', 'generated'];
    const second = await manager.retry(first.id);
    expect(second.retryOf).toBe(first.id);
    expect(second.projectId).toBe('p');
    expect(manager.get(first.id)?.retriedBy).toBe(second.id);
    expect((await manager.waitFor(second.id)).status).toBe('succeeded');
    expect(service.created).toHaveLength(2);
    await expect(manager.retry(second.id)).rejects.toBeInstanceOf(JobActionError);
    expect(manager.list().map((job) => job.id)).toEqual([second.id, first.id]);
    await manager.remove(first.id);
    expect(manager.list().map((job) => job.id)).toEqual([second.id]);
  });

  it('refuses to retry a task retried already, even twice at once, or superseded, sending nothing', async () => {
    service.taskSteps = ['pending', 'failed'];
    const { manager } = await startManager();
    const submit = async (contentHashes: string[]) =>
      manager.waitFor(
        (await manager.submitTask({ body: { contents: [block] }, projectId: 'p', contentHashes })).id,
      );
    const failed = await submit(['h1']);
    const superseded = await submit(['h2']);

    // A double click: two retries before either has been submitted.
    const both = await Promise.allSettled([manager.retry(failed.id), manager.retry(failed.id)]);
    expect(both.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    // A stale Tasks page: the retry of a job retried a while ago.
    await expect(manager.retry(failed.id)).rejects.toMatchObject({
      code: 'JOB_NOT_RETRYABLE',
      message: expect.stringMatching(/was retried already \(as job .+\); retrying it would send and pay/u),
    });
    expect(service.created).toHaveLength(3);

    // A later task delivered the other one's block.
    service.taskSteps = ['pending', 'generated'];
    await submit(['h2']);
    await until(() => manager.get(superseded.id)?.supersededAt !== undefined);
    await expect(manager.retry(superseded.id)).rejects.toMatchObject({
      code: 'JOB_NOT_RETRYABLE',
      message: expect.stringContaining('no longer needed: a later task delivered all of its blocks'),
    });
    expect(service.created).toHaveLength(4);
  });

  it('only cancels jobs that were not sent, and only removes finished ones', async () => {
    service.taskSteps = ['pending', ...Array<string>(100).fill('processing')];
    const { manager } = await startManager();
    const job = await manager.submitTask({ body: { contents: [block] } });
    await until(() => manager.get(job.id)?.status === 'running');
    await expect(manager.cancel(job.id)).rejects.toMatchObject({ code: 'JOB_NOT_CANCELLABLE' });
    await expect(manager.remove(job.id)).rejects.toMatchObject({ code: 'JOB_NOT_REMOVABLE' });
    await expect(manager.cancel('nope')).rejects.toMatchObject({ code: 'JOB_NOT_FOUND' });
  });
});
