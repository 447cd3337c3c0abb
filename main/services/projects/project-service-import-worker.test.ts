import { readdir } from 'node:fs/promises';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcError } from '../../../common/ipc/errors.js';
import { MAX_IMPORT_BYTES, formatBytes } from '../../../common/text/index.js';
import { ImportWorkers } from '../import-worker/import-workers.js';
import { bigCsv } from '../import-worker/test-support/big-csv.js';
import { ProjectService } from './project-service.js';

let dataDir: string;
let csvPath: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-import-worker-'));
  // The case: a legitimate 19.5 MB CSV, made here.
  csvPath = path.join(dataDir, 'upload-1234.part');
  await writeFile(csvPath, bigCsv(19.5).text);
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function rejection(promise: Promise<unknown>): Promise<IpcError> {
  try {
    await promise;
  } catch (error) {
    return error as IpcError;
  }
  throw new Error('expected the import to fail');
}

/** What the import left in the data folder: project files and covers. */
async function madeFiles(): Promise<string[]> {
  const listed = async (folder: string) => readdir(path.join(dataDir, folder)).catch(() => [] as string[]);
  return [...(await listed('projects')), ...(await listed('covers'))];
}

// A 19.5 MB file takes seconds to parse, more on a busy machine: the limit only stops a hung run, it times nothing.
describe('ProjectService: imports are parsed in a worker', { timeout: 180_000 }, () => {
  it('keeps main answering while a 19.5 MB CSV is parsed, then makes its projects', async () => {
    const projects = new ProjectService({ dataDir });
    const phases: string[] = [];
    let ticksWhileParsing = 0;
    let ticker: ReturnType<typeof setInterval> | undefined;
    let listedWhileParsing: Promise<unknown> | undefined;
    let listAnsweredAt: number | undefined;
    const imported = await projects.importTextFile(
      { filePath: csvPath, fileName: 'Harbour.csv' },
      {
        onProgress: ({ phase }) => {
          phases.push(phase);
          if (phase === 'parsing') {
            // The worker is parsing now: main's timers fire and its calls are answered meanwhile.
            ticker = setInterval(() => (ticksWhileParsing += 1), 1);
            listedWhileParsing = projects.list().then(() => (listAnsweredAt = phases.length));
          }
          if (phase === 'splitting') clearInterval(ticker);
        },
      },
    );
    clearInterval(ticker);
    await listedWhileParsing;
    expect(phases.slice(0, 3)).toEqual(['reading', 'parsing', 'splitting']);
    expect(ticksWhileParsing).toBeGreaterThan(0);
    // Answered before the worker had finished parsing and splitting, i.e. before any later phase was heard.
    expect(listAnsweredAt).toBe(phases.indexOf('parsing') + 1);
    expect(imported.parts.length).toBeGreaterThan(1);
    expect(imported.project.title).toBe('Harbour (part 1 of 7)');
    expect((await projects.list()).map((entry) => (entry.ok ? entry.title : entry.fileName)).sort()).toEqual(
      imported.parts.map((part) => part.title).sort(),
    );
    // The first part is remembered as written: it saves without being read again.
    const reopened = await projects.open(imported.fileName);
    expect(reopened.ok && reopened.project).toEqual(imported.project);
  });

  it('cancelling ends the worker and creates nothing', async () => {
    const projects = new ProjectService({ dataDir });
    const importId = '0f8e6b8a-3a51-4c8a-9a57-3f1f5e1b2c01';
    let cancelled: boolean | undefined;
    const error = await rejection(
      projects.importTextFile(
        { filePath: csvPath, fileName: 'Harbour.csv' },
        {
          importId,
          onProgress: ({ phase }) => {
            if (phase === 'parsing') cancelled = projects.cancelImport(importId);
          },
        },
      ),
    );
    expect(cancelled).toBe(true);
    expect(error.data).toMatchObject({ code: 'CANCELLED' });
    expect(error.message).toBe('The import of “Harbour.csv” was cancelled; nothing was created.');
    expect(projects.cancelImport(importId)).toBe(false);
    expect(await madeFiles()).toEqual([]);
    expect(await projects.list()).toEqual([]);
  });

  it('says so in a sentence naming the file and the limit when the worker runs out of memory', async () => {
    const projects = new ProjectService({
      dataDir,
      importWorkers: new ImportWorkers({ resourceLimits: { maxOldGenerationSizeMb: 48 } }),
    });
    const error = await rejection(projects.importTextFile({ filePath: csvPath, fileName: 'Harbour.csv' }));
    expect(error.data).toMatchObject({ code: 'INVALID_INPUT', field: 'file' });
    expect(error.message).toBe(
      '“Harbour.csv” needs more than the 48 MB an import may use, so it was not imported and nothing was created. Split it into smaller files and import them one at a time.',
    );
    expect(await madeFiles()).toEqual([]);
  });

  it('names the user’s file, not the staged copy, when it is over the size cap', async () => {
    const projects = new ProjectService({ dataDir });
    await truncate(csvPath, 21 * 1024 * 1024);
    const error = await rejection(projects.previewImportFile({ filePath: csvPath, fileName: 'Harbour.csv' }));
    expect(error.data).toMatchObject({ code: 'INVALID_INPUT', field: 'filePath' });
    expect(error.message).toBe(
      `“Harbour.csv” is ${formatBytes(21 * 1024 * 1024)}; a file to import may be at most ${formatBytes(MAX_IMPORT_BYTES)}.`,
    );
  });
});
