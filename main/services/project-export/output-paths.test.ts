import * as fsPromises from 'node:fs/promises';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureWritableFolder } from './output-paths.js';

// The real mkdir, unless a test makes the disk full.
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof fsPromises>();
  return { ...original, mkdir: vi.fn(original.mkdir) };
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-output-folder-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('ensureWritableFolder', () => {
  it('says a path through a file cannot be reached, and a file is not a folder, never ENOTDIR', async () => {
    const file = path.join(dir, 'notes.txt');
    await writeFile(file, 'a file');
    await expect(ensureWritableFolder(path.join(file, 'out'))).rejects.toThrow(
      `${path.join(file, 'out')} cannot be reached: a part of that path is a file, not a folder. Check the path.`,
    );
    await expect(ensureWritableFolder(file)).rejects.toThrow(
      `${file} is a file, not a folder. Choose another place.`,
    );
  });

  it('says the disk is full, naming the folder, instead of ENOSPC', async () => {
    vi.mocked(fsPromises.mkdir).mockRejectedValueOnce(
      Object.assign(new Error('ENOSPC: no space left on device, mkdir'), { code: 'ENOSPC' }),
    );
    await expect(ensureWritableFolder(path.join(dir, 'Exports'))).rejects.toThrow(
      'The disk holding “Exports” is full, so it could not be written. Free some space and try again.',
    );
  });
});
