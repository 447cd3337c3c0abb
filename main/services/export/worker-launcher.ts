import { Worker } from 'node:worker_threads';

/**
 * Starts the export worker. Built code runs the worker's bundled file directly. From TypeScript sources
 * (tests, `tsx` scripts) Node cannot load a .ts worker by itself, and loader hooks registered with
 * --import do not reach worker threads in Node 20; so a one-line bootstrap loads the .ts entry
 * through tsx's own API instead.
 */
export function launchWorker(entry: URL): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}))`;
  return new Worker(bootstrap, { eval: true });
}

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
