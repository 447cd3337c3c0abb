import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpcResponse } from '../../../common/ipc/errors.js';
import type { JobView } from '../../../common/jobs/job-view.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { contentHash, updateBlock } from '../../../common/project/index.js';
import { sampleProject } from '../../../common/project/test-support.js';
import type { AppStores } from '../../stores/app-stores.js';
import { contextIn } from '../../shared/send-context.js';
import { JobRow } from './JobRow.js';

const SERVICE = 'http://127.0.0.1:8787';

function job(changes: Partial<JobView>): JobView {
  return {
    id: 'job-1',
    kind: 'task',
    serviceUrl: SERVICE,
    status: 'unknown-outcome',
    characters: 1234,
    createdAt: '2026-11-24T05:00:00.000Z',
    submittedAt: '2026-11-24T05:00:00.000Z',
    outcomeUnknownAt: '2026-11-24T05:00:01.000Z',
    ...changes,
  };
}

/** A job the app never lost track of (no outcomeUnknownAt). */
function trackedJob(changes: Partial<JobView>): JobView {
  const { outcomeUnknownAt: _lost, ...tracked } = job(changes);
  return tracked;
}

function renderRow(
  view: JobView,
  retry?: (input: unknown) => IpcResponse<unknown>,
  prepare?: (stores: AppStores) => void,
) {
  const bridge = new FakeBridge({
    'jobs.retry': retry ?? (() => ({ ok: true, result: { ...view, id: 'job-2', status: 'queued' } })),
    'jobs.lookAgain': () => ({ ok: true, result: { ...view, status: 'running' } }),
    'jobs.texts': () => ({
      ok: true,
      result: {
        texts: [
          { type: 'text', text: 'Hello there' },
          { type: 'sfx', text: 'rain' },
        ],
        characters: 15,
        credits: 15,
      },
    }),
  });
  const stores = storesFor(bridge);
  prepare?.(stores);
  renderWithStores(
    <ul>
      <JobRow job={view} />
    </ul>,
    stores,
  );
  return bridge;
}

describe('JobRow: sending again a job the service may have charged (issue 37)', () => {
  afterEach(cleanup);

  it('asks first, with the credits it may charge twice and the safe choice focused, and sends nothing on “Don’t submit”', () => {
    const bridge = renderRow(job({}));
    fireEvent.click(screen.getByTestId('job-retry'));
    expect(bridge.calls).toEqual([]);
    expect(screen.getByTestId('charge-twice-cost').textContent).toMatch(/may charge ≈ 1,234 credits twice/u);
    expect(screen.getByTestId('charge-twice-nothing-to-look-up').textContent).toMatch(
      /nothing the app can look up/u,
    );
    expect(screen.queryByTestId('charge-twice-look-again')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('charge-twice-cancel'));
    fireEvent.click(screen.getByTestId('charge-twice-cancel'));
    expect(screen.queryByTestId('charge-twice-dialog')).toBeNull();
    expect(bridge.calls).toEqual([]);
  });

  it('sends it again with the confirmation main requires only on the explicit “Submit again”', async () => {
    const bridge = renderRow(job({ status: 'cancelled' }));
    fireEvent.click(screen.getByTestId('job-retry'));
    fireEvent.click(screen.getByTestId('charge-twice-submit'));
    await waitFor(() => expect(screen.queryByTestId('charge-twice-dialog')).toBeNull());
    expect(bridge.calls).toEqual([
      { method: 'jobs.retry', input: { id: 'job-1', confirmChargeTwice: true } },
    ]);
  });

  it('offers to wait and look again first for a stuck task, whose id the service gave', async () => {
    const bridge = renderRow(trackedJob({ status: 'stuck', remoteId: 'task-9' }));
    fireEvent.click(screen.getByTestId('job-retry'));
    expect(document.activeElement).toBe(screen.getByTestId('charge-twice-look-again'));
    fireEvent.click(screen.getByTestId('charge-twice-look-again'));
    await waitFor(() => expect(screen.queryByTestId('charge-twice-dialog')).toBeNull());
    expect(bridge.calls).toEqual([{ method: 'jobs.lookAgain', input: { id: 'job-1' } }]);
  });

  it('offers to dismiss a task cancelled after its answer was lost: that lets Generate send its blocks again', () => {
    renderRow(job({ status: 'cancelled' }));
    expect(screen.getByTestId('job-dismiss')).toBeTruthy();
    cleanup();
    renderRow(trackedJob({ status: 'cancelled' }));
    expect(screen.queryByTestId('job-dismiss')).toBeNull();
    cleanup();
    renderRow(job({ status: 'cancelled', dismissedAt: '2026-11-24T06:00:00.000Z' }));
    expect(screen.queryByTestId('job-dismiss')).toBeNull();
  });

  it('retries a failed task at once: its credits were returned when it failed', () => {
    const bridge = renderRow(trackedJob({ status: 'failed' }));
    fireEvent.click(screen.getByTestId('job-retry'));
    expect(screen.queryByTestId('charge-twice-dialog')).toBeNull();
    expect(bridge.calls).toEqual([{ method: 'jobs.retry', input: { id: 'job-1' } }]);
  });

  it('asks before a plain Retry main refuses because another task whose answer was lost holds its blocks', async () => {
    const held =
      'Job job-1 was not sent again: 1 of its blocks is in task job-0, and its answer was lost; sending it again may charge about 11 credits twice.';
    const view = trackedJob({ status: 'failed' });
    const bridge = renderRow(view, (input) =>
      (input as { confirmChargeTwice?: boolean }).confirmChargeTwice === true
        ? { ok: true, result: { ...view, id: 'job-2', status: 'queued' } }
        : { ok: false, error: { code: 'CONFLICT', field: 'confirmChargeTwice', message: held } },
    );
    fireEvent.click(screen.getByTestId('job-retry'));
    expect((await screen.findByTestId('charge-twice-held-elsewhere')).textContent).toBe(held);
    expect(document.activeElement).toBe(screen.getByTestId('charge-twice-cancel'));
    fireEvent.click(screen.getByTestId('charge-twice-submit'));
    await waitFor(() => expect(screen.queryByTestId('charge-twice-dialog')).toBeNull());
    expect(bridge.calls).toEqual([
      { method: 'jobs.retry', input: { id: 'job-1' } },
      { method: 'jobs.retry', input: { id: 'job-1', confirmChargeTwice: true } },
    ]);
  });

  it('shows any other refusal of a Retry as an error, asking nothing', async () => {
    const view = trackedJob({ status: 'failed' });
    const bridge = renderRow(view, () => ({
      ok: false,
      error: {
        code: 'CONFLICT',
        field: 'id',
        message: 'Job job-1 was not sent again: 1 of its blocks is already on its way in task job-3.',
      },
    }));
    fireEvent.click(screen.getByTestId('job-retry'));
    await waitFor(() => expect(bridge.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('charge-twice-dialog')).toBeNull();
  });

  it('shows the texts it sent, with their credits, and copies them one per paragraph', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    try {
      renderRow(job({}));
      fireEvent.click(screen.getByTestId('job-show-texts'));
      const panel = await screen.findByTestId('job-texts');
      expect(panel.textContent).toMatch(/2 texts as sent .*15 characters, ≈ 15 credits/u);
      expect(panel.textContent).toContain('Hello there');
      fireEvent.click(screen.getByTestId('job-texts-copy'));
      expect(writeText).toHaveBeenCalledWith('Hello there\n\nrain');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('JobRow: a task whose answer was lost says what it is and what each action does (issue 37)', () => {
  afterEach(cleanup);

  it('says it was sent and its answer lost, not that it finished', () => {
    renderRow(job({ finishedAt: '2026-11-24T05:00:01.000Z' }));
    const row = screen.getByTestId('job-row');
    expect(screen.getByTestId('job-sent-lost').textContent).toMatch(/^Sent .+ · answer lost$/u);
    expect(row.textContent).not.toMatch(/Finished/u);
  });

  it('offers Dismiss, not Cancel, and says dismissing lets its blocks be generated (and charged) again', () => {
    renderRow(job({ error: { code: 'OUTCOME_UNKNOWN', message: 'The app cannot tell…' } }));
    expect(screen.queryByTestId('job-cancel')).toBeNull();
    expect(screen.getByTestId('job-dismiss').title).toMatch(/charged again/u);
    expect(screen.getByTestId('job-lost-choices').textContent).toMatch(
      /Dismiss it once you have checked your account.+It cannot be cancelled/u,
    );
    cleanup();
    // A task certainly not sent can still be cancelled.
    renderRow(trackedJob({ status: 'queued' }));
    expect(screen.getByTestId('job-cancel')).toBeTruthy();
  });

  it('shows where it stands once retried or dismissed, its red warning folded away', () => {
    const error = {
      code: 'OUTCOME_UNKNOWN',
      message: 'Submitting it again may charge ≈ 1,234 credits twice.',
    };
    renderRow(job({ error, retriedBy: 'job-2' }));
    expect(screen.getByTestId('job-retried').textContent).toMatch(/may have been charged too/u);
    expect(screen.getByTestId('job-error-details').hasAttribute('open')).toBe(false);
    expect(screen.getByTestId('job-error').closest('details')).not.toBeNull();
    expect(screen.queryByTestId('job-cancel')).toBeNull();
    cleanup();
    renderRow(job({ error, dismissedAt: '2026-11-24T06:00:00.000Z' }));
    expect(screen.getByTestId('job-dismissed').textContent).toMatch(
      /you checked your account.+charges them again/u,
    );
    expect(screen.getByTestId('job-error').closest('details')).not.toBeNull();
    expect(screen.queryByTestId('job-lost-choices')).toBeNull();
  });

  it('says in the confirmation that it may have been charged, and names the request id only when known', () => {
    renderRow(job({}));
    fireEvent.click(screen.getByTestId('job-retry'));
    const dialog = screen.getByTestId('charge-twice-dialog').textContent ?? '';
    expect(dialog).toMatch(/it may already have been charged \(≈ 1,234 credits\)/u);
    expect(dialog).not.toMatch(/frozen|when one is shown|request id/u);
    cleanup();
    renderRow(job({ error: { code: 'OUTCOME_UNKNOWN', message: 'Lost.', requestId: 'req-503' } }));
    fireEvent.click(screen.getByTestId('job-retry'));
    expect(screen.getByTestId('charge-twice-check').textContent).toMatch(
      /trace the request by its id, req-503/u,
    );
  });

  it('says which of its blocks no longer read as it sent them in the open project, or that it sends the old texts', () => {
    const project = sampleProject();
    const [first, second] = project.tracks.speech.blocks;
    if (!first || !second) throw new Error('the sample has two speech blocks');
    // What the task sent: both blocks as they read then, hashed as the editor hashes them.
    const context = contextIn(storesFor(new FakeBridge({})), project);
    const sent = job({
      projectId: project.id,
      blockIds: [first.id, second.id],
      sentHashes: [contentHash(first, context), contentHash(second, context)],
    });
    // The second block was edited since.
    const edited = updateBlock(project, second.id, { text: 'Edited since it was sent.' });
    renderRow(sent, undefined, (stores) =>
      stores.document.getState().open({ fileName: 'sample.timbre', project: edited }),
    );
    fireEvent.click(screen.getByTestId('job-retry'));
    expect(screen.getByTestId('charge-twice-texts-then').textContent).toMatch(
      /^1 of its blocks no longer reads as it sent it in the open project \(edited or deleted since\): it sends the old text all the same/u,
    );
    cleanup();
    // Its project is not open in this window: it says the texts go as they were.
    renderRow(sent);
    fireEvent.click(screen.getByTestId('job-retry'));
    expect(screen.getByTestId('charge-twice-texts-then').textContent).toMatch(
      /sends its texts as they were sent then/u,
    );
  });
});
