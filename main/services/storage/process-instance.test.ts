import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWorker } from '../export/worker-launcher.js';
import { PROCESS_INSTANCE } from './process-instance.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'timbre-instance-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('PROCESS_INSTANCE', () => {
  it('is the same in the export’s worker threads as on the thread that started them', async () => {
    // The decoded-audio cache's partials are named in workers and swept on the main thread: a worker with an id
    // of its own would make this run's partials look like those of a killed earlier run.
    const probe = path.join(folder, 'instance-probe.ts');
    const instanceModule = pathToFileURL(path.join(import.meta.dirname, 'process-instance.ts')).href;
    await writeFile(
      probe,
      [
        "import { parentPort } from 'node:worker_threads';",
        `import { PROCESS_INSTANCE } from ${JSON.stringify(instanceModule)};`,
        'parentPort?.postMessage(PROCESS_INSTANCE);',
      ].join('\n'),
    );
    const worker = launchWorker(pathToFileURL(probe));
    try {
      const [fromWorker] = (await once(worker, 'message')) as [unknown];
      expect(fromWorker).toBe(PROCESS_INSTANCE);
      expect(PROCESS_INSTANCE).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u);
    } finally {
      await worker.terminate();
    }
  }, 30_000);
});
