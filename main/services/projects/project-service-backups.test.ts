import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addBlock, createSfxBlock, renameProject } from '../../../common/project/index.js';
import { ipcError, opened, useTempProjectsFolder } from './test-support/temp-projects-folder.js';

/** ProjectService's backups (offered, restored only when asked) and its trash (platform, else <data>/trash). */

const folder = useTempProjectsFolder();
const { service, projectsDir, fileOf } = folder;

describe('ProjectService: backups and trash', () => {
  it('offers a good backup for a damaged file, and restores it only when asked, keeping the damaged file', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Novel' });
    const chapterOne = addBlock(project, createSfxBlock({ id: 'bell', text: 'church bell' }));
    await projects.save(fileName, chapterOne);
    await projects.save(fileName, renameProject(chapterOne, 'Novel, later'));
    await writeFile(fileOf(fileName), '{"schemaVersion": 1, "tit');

    const result = await projects.open(fileName);
    expect(result).toMatchObject({ ok: false, problem: 'not-json', recovery: { source: 'backup' } });
    expect(!result.ok && result.message).toMatch(/A backup of the previous version is available\.$/);
    expect(!result.ok && result.recovery?.project).toEqual(chapterOne);
    // Offering is not applying: the damaged file is still there.
    expect(await readFile(fileOf(fileName), 'utf8')).toBe('{"schemaVersion": 1, "tit');

    const restored = await projects.restoreBackup(fileName);
    expect(restored.project).toEqual(chapterOne);
    expect(opened(await projects.open(fileName)).project).toEqual(chapterOne);
    const names = await readdir(projectsDir());
    const aside = names.find((name) => name.startsWith(`${fileName}.damaged-`));
    expect(aside).toBeDefined();
    expect(await readFile(path.join(projectsDir(), aside!), 'utf8')).toBe('{"schemaVersion": 1, "tit');
    // Saving works again after the restore.
    await projects.save(fileName, renameProject(chapterOne, 'Novel, again'));
    expect(opened(await projects.open(fileName)).project.title).toBe('Novel, again');
  });

  it('offers the backup when the main file is missing', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Lost' });
    await projects.save(fileName, renameProject(project, 'Lost 2'));
    await rm(fileOf(fileName));
    const result = await projects.open(fileName);
    expect(result).toMatchObject({ ok: false, problem: 'missing', recovery: { project: { title: 'Lost' } } });
    expect((await projects.restoreBackup(fileName)).project.title).toBe('Lost');
  });

  it('refuses to restore a backup over a healthy file or when there is none', async () => {
    const projects = service();
    const { fileName } = await projects.create({ title: 'Healthy' });
    expect(await ipcError(projects.restoreBackup(fileName))).toMatchObject({ data: { code: 'CONFLICT' } });
    await writeFile(fileOf(fileName), 'garbage');
    expect(await ipcError(projects.restoreBackup(fileName))).toMatchObject({ data: { code: 'NOT_FOUND' } });
  });
  it('deletes through the platform trash, taking the backup along', async () => {
    const trashed: string[] = [];
    const projects = service({
      trashItem: async (filePath) => {
        trashed.push(filePath);
        await rm(filePath);
      },
    });
    const { fileName, project } = await projects.create({ title: 'Bin me' });
    await projects.save(fileName, renameProject(project, 'Bin me 2'));
    await projects.delete(fileName);
    expect(trashed).toEqual([fileOf(fileName), `${fileOf(fileName)}.bak`]);
    expect(await readdir(projectsDir())).toEqual([]);
    expect(await projects.recent()).toEqual([]);
    expect(await ipcError(projects.delete(fileName))).toMatchObject({ data: { code: 'NOT_FOUND' } });
  });

  it('falls back to <data>/trash when there is no platform trash or it fails', async () => {
    const failing = service({
      trashItem: async () => {
        throw new Error('no trash on this desktop');
      },
    });
    const a = await failing.create({ title: 'Same name' });
    await failing.delete(a.fileName);
    const plain = service();
    const b = await plain.create({ title: 'Same name' });
    await plain.delete(b.fileName);
    const trash = await readdir(path.join(folder.dataDir, 'trash'));
    expect(trash.sort()).toEqual(
      [`2024-06-01T12-00-00-000Z-${a.fileName}`, `2024-06-01T12-00-00-000Z-${b.fileName}`].sort(),
    );
  });
});
