import { promises as fs } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeFileAtomic } from './atomic-file.js';
import { fileStampIfExists } from './file-stamp.js';
import { keepAsBackup } from './linked-backup.js';

describe('keepAsBackup', () => {
  let dir: string;
  let file: string;
  let backup: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'timbre-backup-'));
    file = path.join(dir, 'book.timbre');
    backup = `${file}.bak`;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('links the file it knows as the backup, which keeps that version when the file is replaced', async () => {
    const known = Buffer.from('version 1');
    await writeFileAtomic(file, known);
    await writeFile(backup, 'version 0');
    const inodeBefore = (await stat(file)).ino;
    await keepAsBackup(file, backup, { bytes: known, stamp: await fileStampIfExists(file) });
    // No bytes were copied: the backup is the file's own inode.
    expect((await stat(backup)).ino).toBe(inodeBefore);
    await writeFileAtomic(file, 'version 2');
    expect(await readFile(backup, 'utf8')).toBe('version 1');
    expect(await readFile(file, 'utf8')).toBe('version 2');
    expect((await readdir(dir)).sort()).toEqual(['book.timbre', 'book.timbre.bak']);
  });

  it('writes the known bytes when the file no longer has the stamp they were known by', async () => {
    const known = Buffer.from('version 1');
    await writeFileAtomic(file, known);
    const stamp = await fileStampIfExists(file);
    // Changed elsewhere since: linking would keep the other version, not the one known.
    await writeFile(file, 'edited elsewhere');
    await keepAsBackup(file, backup, { bytes: known, stamp });
    expect(await readFile(backup, 'utf8')).toBe('version 1');
    expect((await stat(backup)).ino).not.toBe((await stat(file)).ino);
  });

  it('writes the known bytes where the file system has no hard links, leaving no temp file', async () => {
    const known = Buffer.from('version 1');
    await writeFileAtomic(file, known);
    const link = vi
      .spyOn(fs, 'link')
      .mockRejectedValue(Object.assign(new Error('operation not permitted'), { code: 'EPERM' }));
    await keepAsBackup(file, backup, { bytes: known, stamp: await fileStampIfExists(file) });
    expect(link).toHaveBeenCalledTimes(1);
    expect(await readFile(backup, 'utf8')).toBe('version 1');
    expect((await stat(backup)).ino).not.toBe((await stat(file)).ino);
    expect((await readdir(dir)).sort()).toEqual(['book.timbre', 'book.timbre.bak']);
  });
});
