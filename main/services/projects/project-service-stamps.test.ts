import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renameProject } from '../../../common/project/index.js';
import * as userFile from '../storage/user-file.js';
import { ProjectService } from './project-service.js';

// Counts the reads of files, keeping the real reader.
vi.mock('../storage/user-file.js', async (importOriginal) => {
  const original = await importOriginal<typeof userFile>();
  return { ...original, readUserFile: vi.fn(original.readUserFile) };
});
const reads = vi.mocked(userFile.readUserFile);
const readsOf = (filePath: string): number => reads.mock.calls.filter(([read]) => read === filePath).length;

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-stamps-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A whole second, so a file's modification time can be put back to the nanosecond. */
const WHOLE_SECOND = 1_700_000_000;

/** Writes other bytes of the same length over the file and puts its modification time back, as sync tools do. */
async function changeBehindItsBack(filePath: string, from: string, to: string): Promise<void> {
  expect(to).toHaveLength(from.length);
  const before = await stat(filePath, { bigint: true });
  expect(before.mtimeNs).toBe(BigInt(WHOLE_SECOND) * 1_000_000_000n);
  await writeFile(filePath, (await readFile(filePath, 'utf8')).replace(from, to));
  await utimes(filePath, WHOLE_SECOND, WHOLE_SECOND);
  const after = await stat(filePath, { bigint: true });
  // Same inode, size and modification time: only the change time tells.
  expect([after.ino, after.size, after.mtimeNs]).toEqual([before.ino, before.size, before.mtimeNs]);
}

describe('ProjectService: a file that keeps its stamp is not read again', () => {
  it('lists, opens, saves and reopens a project reading its file once', async () => {
    const { fileName } = await new ProjectService({ dataDir }).importText({
      title: 'Kept',
      text: 'One.\n\nTwo.',
    });
    const filePath = path.join(dataDir, 'projects', fileName);
    const projects = new ProjectService({ dataDir });
    reads.mockClear();
    await projects.list();
    expect(readsOf(filePath)).toBe(1);
    const opened = await projects.open(fileName);
    if (!opened.ok) throw new Error(opened.message);
    await projects.save(fileName, renameProject(opened.project, 'Saved'));
    const reopened = await projects.open(fileName);
    expect(reopened.ok && reopened.project.title).toBe('Saved');
    await projects.save(fileName, renameProject(opened.project, 'Saved again'));
    expect(readsOf(filePath)).toBe(1);
    const text = await readFile(filePath, 'utf8');
    expect(text).toContain('"Saved again"');
  });

  it('notices a change of the same length whose modification time was put back, on open and on save', async () => {
    const { fileName } = await new ProjectService({ dataDir }).importText({ title: 'Before', text: 'One.' });
    const filePath = path.join(dataDir, 'projects', fileName);
    await utimes(filePath, WHOLE_SECOND, WHOLE_SECOND);
    const projects = new ProjectService({ dataDir });
    const opened = await projects.open(fileName);
    if (!opened.ok) throw new Error(opened.message);

    await changeBehindItsBack(filePath, '"Before"', '"Edited"');
    // Saving the version opened before would lose the other change: refused, and the file keeps it.
    await expect(projects.save(fileName, renameProject(opened.project, 'Mine'))).rejects.toMatchObject({
      data: { code: 'CONFLICT' },
    });
    expect(await readFile(filePath, 'utf8')).toContain('"Edited"');

    const again = await projects.open(fileName);
    expect(again.ok && again.project.title).toBe('Edited');
    await changeBehindItsBack(filePath, '"Edited"', '"Later!"');
    const third = await projects.open(fileName);
    expect(third.ok && third.project.title).toBe('Later!');
  });
});
