import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUEUED_COVERS_FOLDER, sweepQueuedCovers } from './queued-covers.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-queued-covers-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('sweepQueuedCovers', () => {
  it('removes the covers no queued item names and keeps the ones still queued', async () => {
    const folder = path.join(dataDir, QUEUED_COVERS_FOLDER);
    await mkdir(folder);
    for (const name of ['queued.jpg', 'cleared.png', 'removed.jpg']) {
      await writeFile(path.join(folder, name), 'x');
    }
    const removed = await sweepQueuedCovers(dataDir, [path.join(folder, 'queued.jpg'), undefined]);
    expect(removed.sort()).toEqual(['cleared.png', 'removed.jpg']);
    expect(await readdir(folder)).toEqual(['queued.jpg']);
  });

  it('does nothing when no cover was ever queued', async () => {
    expect(await sweepQueuedCovers(dataDir, [])).toEqual([]);
  });
});
