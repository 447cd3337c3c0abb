import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { ProjectExportSettings } from '../../../../common/export/index.js';
import { defaultProjectExportSettings } from '../../../../common/export/index.js';
import { noServiceLexicons } from '../../pronunciation/test-support/no-lexicons.js';
import type { AddToBatchInput } from '../batch-input.js';
import { BatchQueue } from '../batch-queue.js';
import type { BatchStore } from '../batch-store.js';
import { MemoryBatchStore } from '../batch-store.js';
import type { BatchView } from '../batch-types.js';
import { ProjectSources } from '../project-sources.js';
import { FakeExporter, FakeGenerator } from './batch-fakes.js';

/*
 * What every BatchQueue test file starts from: a fresh folder, a fake exporter and generator, queues closed after
 * each test. The bindings below are live: `useQueueHarness()` gives them new values before each test.
 */
export let dir: string;
export let projectsDir: string;
export let outDir: string;
export let exporter: FakeExporter;
export let generator: FakeGenerator;
const queues: BatchQueue[] = [];

export const settings: ProjectExportSettings = {
  ...defaultProjectExportSettings,
  options: { ...defaultProjectExportSettings.options, subtitles: { srt: true, vtt: false } },
};

/** Call once at the top of a test file. */
export function useQueueHarness(): void {
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'timbre-batch-'));
    projectsDir = path.join(dir, 'in');
    outDir = path.join(dir, 'out');
    exporter = new FakeExporter();
    generator = new FakeGenerator();
  });

  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.close();
    await rm(dir, { recursive: true, force: true });
  });
}

export async function openQueue(
  store: BatchStore = new MemoryBatchStore(),
  extra: Partial<ConstructorParameters<typeof ProjectSources>[0]> = {},
): Promise<BatchQueue> {
  const queue = await BatchQueue.open({
    lexicons: noServiceLexicons,
    store,
    sources: new ProjectSources(extra),
    exporter,
    generator,
    now: () => new Date(2024, 4, 17, 12, 0, 0),
    progressIntervalMs: 0,
  });
  queues.push(queue);
  return queue;
}

export function input(paths: string[], more: Partial<AddToBatchInput> = {}): AddToBatchInput {
  return {
    sources: paths.map((filePath) => ({ kind: 'path', path: filePath })),
    destination: outDir,
    settings,
    generateMissing: false,
    ...more,
  };
}

export function statuses(view: BatchView): string[] {
  return view.items.map((item) => `${item.label}:${item.status}`);
}

/** Waits until the queue's latest view satisfies the test (events are synchronous; this polls politely). */
export async function until(queue: BatchQueue, check: (view: BatchView) => boolean): Promise<BatchView> {
  for (let i = 0; i < 500; i += 1) {
    const view = queue.view();
    if (check(view)) return view;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`Timed out; last view: ${statuses(queue.view()).join(', ')}`);
}
