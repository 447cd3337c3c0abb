import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFilePath } from './report-file-path.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-report-path-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('where a problem report chosen at a path is written', () => {
  it('adds .zip to a name typed without it, or whose last dot starts no zip', async () => {
    expect(await reportFilePath(path.join(dir, 'report'))).toBe(path.join(dir, 'report.zip'));
    expect(await reportFilePath(path.join(dir, 'report v1.2'))).toBe(path.join(dir, 'report v1.2.zip'));
  });

  it('keeps a name that ends in .zip in any case, even when that file exists (the dialog asked to replace it)', async () => {
    await writeFile(path.join(dir, 'Chosen.ZIP'), 'an older report');
    expect(await reportFilePath(path.join(dir, 'Chosen.ZIP'))).toBe(path.join(dir, 'Chosen.ZIP'));
  });

  it('refuses, naming it, to replace a .zip the user did not choose', async () => {
    await writeFile(path.join(dir, 'monday.zip'), 'an older report');
    await expect(reportFilePath(path.join(dir, 'monday'))).rejects.toMatchObject({
      data: {
        code: 'INVALID_INPUT',
        field: 'outputPath',
        message: `“monday.zip” already exists in ${dir}: a report is saved as a .zip file, and you chose “monday”. Choose “monday.zip” to replace it, or another name.`,
      },
    });
  });
});
