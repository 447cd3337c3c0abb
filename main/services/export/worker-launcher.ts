import { Worker } from 'node:worker_threads';
import type { ResourceLimits } from 'node:worker_threads';
// Makes this process's instance id before any worker starts, so every worker receives it (see the module).
import '../storage/process-instance.js';

/**
 * Starts the export worker. Built code runs the worker's bundled file directly. From TypeScript sources
 * (tests, `tsx` scripts) Node cannot load a .ts worker by itself, and loader hooks registered with
 * --import do not reach worker threads in Node 20; so a one-line bootstrap loads the .ts entry
 * through tsx's own API instead. The import worker starts the same way, with its own limits.
 */
export function launchWorker(entry: URL, resourceLimits: ResourceLimits = EXPORT_WORKER_LIMITS): Worker {
  const options = { resourceLimits };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * The export's threads stream audio in small pieces, so their short-lived garbage is small: a young generation
 * of 4 MB (V8's default grows to 16–32 MB per thread) is collected more often but keeps each thread's resident
 * memory down — with the decode helpers, that is what keeps a 90-minute export under 200 MB (issue 16). The old
 * generation is left alone: a limit there would end a large export with an out-of-memory error instead.
 */
const EXPORT_WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

/**
 * The worker entry next to this module: export-worker.ts in the sources, or export-worker.mjs beside
 * the bundle that contains this code (the build must emit it under that name; see the README).
 */
export function defaultWorkerEntry(): URL {
  const here = import.meta.url;
  if (typeof here !== 'string' || here.length === 0) {
    throw new Error(
      'ExportEngine: pass workerEntry (import.meta.url is not available in this bundle format)',
    );
  }
  return new URL(here.endsWith('.ts') ? './export-worker.ts' : './export-worker.mjs', here);
}
