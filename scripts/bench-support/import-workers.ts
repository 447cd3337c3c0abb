import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImportWorkers } from '../../main/services/import-worker/import-workers.js';

const builtWorker = path.join(
  path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url)))),
  'dist/main/import-worker.mjs',
);

/**
 * The import workers as the app runs them: the bundled import-worker.mjs (`npm run build`, which the bench scripts
 * run first). From the sources each worker would load its modules through tsx, about a second the app never pays.
 */
export function appImportWorkers(): { workers: ImportWorkers; source: string } {
  if (existsSync(builtWorker)) {
    return { workers: new ImportWorkers({ workerEntry: builtWorker }), source: 'the built import worker' };
  }
  return {
    workers: new ImportWorkers(),
    source: 'the import worker from the sources, through tsx (npm run build first)',
  };
}
