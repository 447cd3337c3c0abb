import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { ExportEngine } from '../../export-engine.js';
import type { ExportRequest } from '../../export-types.js';
import { PartialFileLedger } from '../partial-file-ledger.js';
import { StagedFile } from '../staged-file.js';

/**
 * Another process exporting, for partial-file-ledger.test.ts (run through tsx, killed or left running there):
 *
 * - `export <ledger folder> <request.json>`: a real export through the engine, progress on stdout;
 * - `hold <ledger folder> <final path> <staging path> [other recorded paths…]`: records the paths, writes the staged
 *   file, says "recorded", and publishes it when stdin ends (an export that is still running meanwhile).
 */
const [mode, ledgerDir, ...rest] = process.argv.slice(2);
const ledger = new PartialFileLedger(ledgerDir!);

if (mode === 'export') {
  const request = JSON.parse(await readFile(rest[0]!, 'utf8')) as ExportRequest;
  const engine = new ExportEngine({ partialFiles: ledger });
  await engine.exportMix(request, {
    onProgress: (progress) => process.stdout.write(`${JSON.stringify(progress)}\n`),
  });
} else {
  const [finalPath, stagingPath, ...others] = rest;
  await ledger.track([stagingPath!, ...others], async () => {
    const file = StagedFile.create(finalPath!, stagingPath);
    file.write(new Uint8Array(64 * 1024).fill(7));
    process.stdout.write('recorded\n');
    process.stdin.resume();
    await once(process.stdin, 'end');
    file.publish();
  });
}
