import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import { FINAL_STATUSES } from '../jobs/index.js';
import { MemoryBatchStore } from './batch-store.js';
import type { BatchQueue } from './batch-queue.js';
import type { BatchView } from './batch-types.js';
import { gate } from './test-support/batch-fakes.js';
import type { PipelineHarness } from './test-support/pipeline-harness.js';
import { openPipelineHarness } from './test-support/pipeline-harness.js';

/**
 * Issue 42: a batch submits the next projects' tasks while an earlier one exports, so the service is kept busy.
 * Against the stand-in (fast, with fault rules): nothing is sent twice, no submission goes before a Retry-After
 * has passed (those of projects further down the batch included), the in-flight cap holds, exports and results
 * keep queue order, a pause withdraws what has not gone out, and a restart mid-pipeline resends nothing.
 */
let harness: PipelineHarness;
beforeEach(async () => {
  harness = await openPipelineHarness({ speed: 50, rateLimit: 0 });
});
afterEach(async () => {
  await harness.close();
});

const BLOCKS = 2;

async function eventually<T>(check: () => T | undefined | false, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function input(paths: string[]) {
  return {
    sources: paths.map((filePath) => ({ kind: 'path' as const, path: filePath })),
    destination: `${harness.folder}/out`,
    nameTemplate: '{index} {title}',
    settings: defaultProjectExportSettings,
    generateMissing: true,
  };
}

/** Blocks of the task submissions the stand-in accepted (a 429 processes nothing). */
function acceptedBlocks(): number {
  return harness
    .submissions()
    .filter((entry) => entry.status === 200)
    .reduce((sum, entry) => sum + Number(entry.summary['blocks'] ?? 0), 0);
}

/** Tasks of the job manager not ended, sampled on every job event. */
function watchInFlight(): { max: () => number } {
  let max = 0;
  harness.generation.manager.onEvent(() => {
    const now = harness.generation.manager
      .list()
      .filter((job) => job.kind === 'task' && !FINAL_STATUSES.includes(job.status)).length;
    max = Math.max(max, now);
  });
  return { max: () => max };
}

function labels(view: BatchView): string[] {
  return view.items.map((item) => `${item.label}:${item.status}`);
}

describe('the batch pipeline', { timeout: 120_000 }, () => {
  it('submits the next projects while one exports, inside the in-flight cap, sending each block once and finishing in order', async () => {
    const paths = await harness.writeProjects(5, BLOCKS);
    const queue = await harness.openQueue(2);
    const inFlight = watchInFlight();
    const held = gate();
    harness.exporter.gates = [held];
    await queue.add(input(paths));
    queue.start();
    // The first export is held: the next projects' tasks go out meanwhile (sequentially, only Part 1's would).
    await eventually(() => harness.exporter.calls.length === 1, 'the first export');
    await eventually(() => harness.submissions().length >= 3, 'the look-ahead submissions');
    expect(queue.view().items.map((item) => item.status)).toEqual([
      'running',
      'queued',
      'queued',
      'queued',
      'queued',
    ]);
    held.open();
    await queue.whenIdle();

    const view = queue.view();
    expect(labels(view)).toEqual(paths.map((_, index) => `Part ${index + 1}:done`));
    expect(harness.exporter.calls.map((call) => call.title)).toEqual(view.items.map((item) => item.label));
    const finished = view.items.map((item) => Date.parse(item.finishedAt ?? ''));
    expect(finished).toEqual([...finished].sort((a, b) => a - b));
    expect(view.overall).toMatchObject({ done: 5, fraction: 1 });
    // One task per project, each block once.
    expect(harness.submissions().filter((entry) => entry.status === 200)).toHaveLength(5);
    expect(acceptedBlocks()).toBe(5 * BLOCKS);
    expect(inFlight.max()).toBeGreaterThan(1);
    expect(inFlight.max()).toBeLessThanOrEqual(2);
  });

  it('holds every submission, those of projects further down included, until a 429’s Retry-After has passed', async () => {
    const paths = await harness.writeProjects(4, BLOCKS);
    const queue = await harness.openQueue(3);
    const held = gate();
    harness.exporter.gates = [held];
    // The first submission goes through; the next (a look-ahead project's) is refused with Retry-After: 2.
    await queue.add(input(paths.slice(0, 1)));
    queue.start();
    await eventually(() => harness.submissions().length === 1, 'the first submission');
    harness.standin.injectFault({
      mode: 'status',
      status: 429,
      retryAfterS: 2,
      method: 'POST',
      pathPrefix: '/api/tts/generate',
    });
    await queue.add(input(paths.slice(1)));
    const refused = await eventually(
      () => harness.submissions().find((entry) => entry.status === 429),
      'the refused submission',
    );
    held.open();
    await queue.whenIdle();

    const deadline = Date.parse(refused.at) + 2_000;
    const later = harness.submissions().filter((entry) => entry.sequence > refused.sequence);
    expect(later.length).toBeGreaterThanOrEqual(3);
    for (const entry of later) expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(deadline);
    expect(labels(queue.view())).toEqual(paths.map((_, index) => `Part ${index + 1}:done`));
    expect(acceptedBlocks()).toBe(4 * BLOCKS);
  });

  it('withdraws look-ahead submissions not yet sent when paused, and sends them once on resume', async () => {
    const paths = await harness.writeProjects(3, BLOCKS);
    const queue = await harness.openQueue(3);
    const held = gate();
    harness.exporter.gates = [held];
    await queue.add(input(paths.slice(0, 1)));
    queue.start();
    await eventually(() => harness.submissions().length === 1, 'the first submission');
    // The service goes away: the look-ahead's submissions wait in the job manager, not sent.
    await harness.standin.goOffline();
    await queue.add(input(paths.slice(1)));
    const waiting = await eventually(
      () =>
        harness.generation.manager
          .list()
          .find((job) => job.kind === 'task' && job.status === 'queued-offline' && job.blockIds?.length),
      'a look-ahead submission waiting for the service',
    );
    await queue.pause();
    expect(harness.generation.manager.get(waiting.id)?.status).toBe('cancelled');
    await harness.standin.goOnline();
    held.open();
    await queue.whenIdle();
    expect(labels(queue.view())).toEqual(['Part 1:done', 'Part 2:queued', 'Part 3:queued']);
    expect(harness.submissions().filter((entry) => entry.status === 200)).toHaveLength(1);
    await queue.resume();
    await queue.whenIdle();
    expect(labels(queue.view())).toEqual(['Part 1:done', 'Part 2:done', 'Part 3:done']);
    expect(acceptedBlocks()).toBe(3 * BLOCKS);
  });

  it('survives a restart mid-pipeline without sending anything twice', async () => {
    const paths = await harness.writeProjects(4, BLOCKS);
    const store = new MemoryBatchStore();
    const first = await harness.openQueue(4, store);
    const held = gate();
    harness.exporter.gates = [held];
    await first.add(input(paths));
    first.start();
    // Part 1 exports (held) while the others' tasks are sent: the app quits then.
    await eventually(() => harness.submissions().length === 4, 'every project submitted');
    await first.close();
    held.open();
    const second: BatchQueue = await harness.openQueue(4, store);
    second.start();
    await second.whenIdle();
    expect(labels(second.view())).toEqual(paths.map((_, index) => `Part ${index + 1}:done`));
    expect(harness.submissions().filter((entry) => entry.status === 200)).toHaveLength(4);
    expect(acceptedBlocks()).toBe(4 * BLOCKS);
  });
});
