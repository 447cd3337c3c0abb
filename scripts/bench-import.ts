/**
 * Import responsiveness benchmark (issue 37): a legitimate 19.5 MB CSV (121,000 rows, made here) is previewed and
 * imported by main's ProjectService as the import dialog does, while main's event loop is watched. Printed: the
 * longest event-loop block on main (perf_hooks monitorEventLoopDelay), main's peak heap used (the main thread's
 * own V8 heap, from v8.GCProfiler's before-GC statistics and samples), and the process's peak RSS (which includes
 * the import worker: threads share one process).
 *
 *   npm run bench:import [-- --megabytes 19.5]      (builds first: the app's bundled import worker is used)
 *
 * Target: no block of main's event loop near a second; the parse runs in the import worker.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { bigCsv } from '../main/services/import-worker/test-support/big-csv.js';
import { ProjectService } from '../main/services/projects/project-service.js';
import { appImportWorkers } from './bench-support/import-workers.js';

const { values } = parseArgs({ options: { megabytes: { type: 'string' } } });
const megabytes = Number(values.megabytes ?? 19.5);

const work = await mkdtemp(path.join(tmpdir(), 'timbre-bench-import-'));
const csvPath = path.join(work, 'script.csv');
const { text, rows } = bigCsv(megabytes);
await writeFile(csvPath, text);

/** Main's heap: sampled every 5 ms, and read before every GC of main's isolate (a blocked loop samples nothing). */
let peakHeap = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 5);
const gcProfiler = new v8.GCProfiler();
gcProfiler.start();

async function measured<T>(
  run: () => Promise<T>,
): Promise<{ result: T; ms: number; longestBlockMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  // One more turn of the loop, so the timer that fired late after the last block is recorded.
  await new Promise((resolve) => setTimeout(resolve, 20));
  delay.disable();
  return { result, ms, longestBlockMs: delay.max / 1e6 };
}

const dataDir = await mkdtemp(path.join(work, 'data-'));
try {
  const { workers, source } = appImportWorkers();
  const service = new ProjectService({ dataDir, importWorkers: workers });
  const preview = await measured(() =>
    service.previewImportFile({ filePath: csvPath, fileName: 'script.csv' }),
  );
  const imported = await measured(() =>
    service.importTextFile({ filePath: csvPath, fileName: 'script.csv' }),
  );
  clearInterval(sampler);
  const gcPeak = Math.max(
    0,
    ...(gcProfiler.stop()?.statistics ?? []).map((event) => event.beforeGC.heapStatistics.usedHeapSize),
  );
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `CSV: ${(text.length / 1024 / 1024).toFixed(1)} MB, ${rows.toLocaleString('en-US')} rows → ${preview.result.blockCount.toLocaleString('en-US')} blocks, ${imported.result.parts.length} projects`,
  );
  console.log(
    `  preview: ${preview.ms.toFixed(0).padStart(6)} ms, longest block of main's event loop ${preview.longestBlockMs.toFixed(0)} ms`,
  );
  console.log(
    `  import:  ${imported.ms.toFixed(0).padStart(6)} ms, longest block of main's event loop ${imported.longestBlockMs.toFixed(0)} ms`,
  );
  console.log(`  imports run by ${source}`);
  console.log(`  main thread's peak heap used: ${mb(Math.max(peakHeap, gcPeak))}`);
  console.log(`  process peak RSS (main + import worker): ${mb(process.resourceUsage().maxRSS * 1024)}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
