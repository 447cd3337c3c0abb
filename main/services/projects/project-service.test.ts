import { mkdir, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION } from '../../../common/project/index.js';
import type { Project } from '../../../common/project/index.js';
import {
  addBlock,
  createSfxBlock,
  createTextBlock,
  readProjectFile,
  renameProject,
  updateBlock,
  writeProjectFile,
} from '../../../common/project/index.js';
import { projectPatch } from '../../../common/project/project-patch.js';
import { ipcError, opened, useTempProjectsFolder } from './test-support/temp-projects-folder.js';

/** ProjectService opening and saving: create, open, save, patches, damaged/newer/changed files, migration. */

const folder = useTempProjectsFolder();
const { service, projectsDir, fileOf } = folder;

describe('ProjectService: create, open, save', () => {
  it('creates a .timbre file named after the title and opens it again', async () => {
    const projects = service();
    const created = await projects.create({ title: 'My Podcast: Ep. 1', defaults: { language: 'en' } });
    expect(created.fileName).toMatch(/^my-podcast-ep-1-[0-9a-f]{6}\.timbre$/);
    expect(created.project).toMatchObject({
      title: 'My Podcast: Ep. 1',
      schemaVersion: CURRENT_SCHEMA_VERSION,
      defaults: { language: 'en', voiceId: null },
    });
    const reopened = opened(await service().open(created.fileName));
    expect(reopened.project).toEqual(created.project);
  });

  it('names files of non-Latin titles readably and refuses empty titles', async () => {
    const projects = service();
    expect((await projects.create({ title: '我的项目' })).fileName).toMatch(/^我的项目-[0-9a-f]{6}\.timbre$/);
    expect((await projects.create({ title: '!!!' })).fileName).toMatch(/^project-[0-9a-f]{6}\.timbre$/);
    expect(await ipcError(projects.create({ title: '  ' }))).toMatchObject({
      data: { code: 'INVALID_INPUT', field: 'title' },
    });
  });

  it('saves atomically and keeps the previous version as the .bak', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Draft' });
    const v1 = renameProject(project, 'Draft v1');
    const v2 = renameProject(project, 'Draft v2');
    await projects.save(fileName, v1);
    await projects.save(fileName, v2);
    const main = readProjectFile(await readFile(fileOf(fileName), 'utf8'));
    const backup = readProjectFile(await readFile(`${fileOf(fileName)}.bak`, 'utf8'));
    expect(main.ok && main.project.title).toBe('Draft v2');
    expect(backup.ok && backup.project.title).toBe('Draft v1');
    expect((await readdir(projectsDir())).sort()).toEqual([fileName, `${fileName}.bak`]);
  });

  it('skips writing when nothing changed', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Same' });
    const before = await stat(fileOf(fileName));
    await projects.save(fileName, project);
    expect((await readdir(projectsDir())).includes(`${fileName}.bak`)).toBe(false);
    expect((await stat(fileOf(fileName))).mtimeMs).toBe(before.mtimeMs);
  });

  it('refuses to save an invalid project and a file never opened', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'X' });
    const invalid = { ...project, title: 3 } as unknown as Project;
    expect(await ipcError(projects.save(fileName, invalid))).toMatchObject({
      data: { code: 'INVALID_INPUT', field: 'project' },
    });
    expect(await ipcError(service().save(fileName, project))).toMatchObject({ data: { code: 'CONFLICT' } });
  });

  it('refuses file names that leave the projects folder', async () => {
    const projects = service();
    for (const bad of [
      '../settings.json',
      '../../x.timbre',
      'a/b.timbre',
      '.hidden.timbre',
      'x.json',
      '.timbre',
    ]) {
      expect(await ipcError(projects.open(bad))).toMatchObject({
        data: { code: 'INVALID_INPUT', field: 'fileName' },
      });
    }
  });
});

describe('ProjectService: saving only what changed', () => {
  it('rebuilds the project from the version it wrote and writes the same file a whole save would', async () => {
    const projects = service();
    const created = await projects.create({ title: 'Patched' });
    const withBlocks = addBlock(
      addBlock(created.project, createTextBlock({ id: 'a', text: 'One.' })),
      createTextBlock({ id: 'b', text: 'Two.' }),
    );
    const first = await projects.save(created.fileName, withBlocks);
    expect(first).toBeGreaterThan(created.revision!);
    const edited = updateBlock(withBlocks, 'b', { text: 'Two, edited.' });
    const { patch, changedBlocks } = projectPatch(withBlocks, edited);
    expect(changedBlocks).toBe(1);
    const second = await projects.savePatch(created.fileName, first, patch);
    expect(second).toBeGreaterThan(first);
    const onDisk = await readFile(fileOf(created.fileName), 'utf8');
    expect(onDisk).toBe(writeProjectFile(edited));
    expect(opened(await service().open(created.fileName)).project).toEqual(edited);
  });

  it('refuses a patch that breaks the schema or a rule across blocks with INVALID_INPUT, writing nothing', async () => {
    const projects = service();
    const created = await projects.create({ title: 'Guarded' });
    const base = addBlock(created.project, createTextBlock({ id: 'a', text: 'One.' }));
    const revision = await projects.save(created.fileName, base);
    const before = await readFile(fileOf(created.fileName), 'utf8');
    const { patch } = projectPatch(base, updateBlock(base, 'a', { text: 'One, edited.' }));
    const [edited] = patch.tracks.speech.changed;
    const tooLong = {
      ...patch,
      tracks: { ...patch.tracks, speech: { changed: [{ ...edited!, text: 'x'.repeat(10_001) }] } },
    };
    expect(await ipcError(projects.savePatch(created.fileName, revision, tooLong))).toMatchObject({
      data: { code: 'INVALID_INPUT', field: 'patch' },
    });
    const strangerSpeaker = {
      ...patch,
      tracks: { ...patch.tracks, speech: { changed: [{ ...edited!, speakerId: 'nobody' }] } },
    };
    const refused = await ipcError(projects.savePatch(created.fileName, revision, strangerSpeaker));
    expect(refused.data).toMatchObject({ code: 'INVALID_INPUT', field: 'patch' });
    expect(refused.message).toMatch(/speakerId names speaker "nobody", who is not in the cast/);
    expect(await readFile(fileOf(created.fileName), 'utf8')).toBe(before);
    // The version stays the base of the next patch.
    await expect(projects.savePatch(created.fileName, revision, patch)).resolves.toBeGreaterThan(revision);
  });

  it('keeps the version it replaces as the backup without copying it: the .bak is that file', async () => {
    const projects = service();
    const created = await projects.create({ title: 'Linked' });
    const base = addBlock(created.project, createTextBlock({ id: 'a', text: 'One.' }));
    const revision = await projects.save(created.fileName, base);
    const replaced = await stat(fileOf(created.fileName));
    const previousText = await readFile(fileOf(created.fileName), 'utf8');
    const { patch } = projectPatch(base, updateBlock(base, 'a', { text: 'One, edited.' }));
    await projects.savePatch(created.fileName, revision, patch);
    const backup = `${fileOf(created.fileName)}.bak`;
    expect((await stat(backup)).ino).toBe(replaced.ino);
    expect(await readFile(backup, 'utf8')).toBe(previousText);
    expect((await stat(fileOf(created.fileName))).ino).not.toBe(replaced.ino);
  });

  it('answers STALE, writing nothing, when the patch was made against an older version', async () => {
    const projects = service();
    const created = await projects.create({ title: 'Stale' });
    const renamed = renameProject(created.project, 'Stale, renamed');
    await projects.save(created.fileName, renamed);
    const before = await readFile(fileOf(created.fileName), 'utf8');
    const { patch } = projectPatch(created.project, renameProject(created.project, 'From the old version'));
    expect(await ipcError(projects.savePatch(created.fileName, created.revision!, patch))).toMatchObject({
      data: { code: 'STALE', field: 'baseRevision' },
    });
    expect(await readFile(fileOf(created.fileName), 'utf8')).toBe(before);
  });

  it('reopens a file unchanged since it was read or saved without parsing it again, and rereads a changed one', async () => {
    const projects = service();
    const created = await projects.create({ title: 'Reopened' });
    const first = opened(await projects.open(created.fileName));
    const again = opened(await projects.open(created.fileName));
    // The very version checked when it was read: no second parse.
    expect(again.project).toBe(first.project);
    const text = await readFile(fileOf(created.fileName), 'utf8');
    await writeFile(fileOf(created.fileName), text.replace('"Reopened"', '"Edited elsewhere"'));
    const changed = await projects.open(created.fileName);
    // Changed by something else: read and checked again.
    expect(changed.ok).toBe(true);
    expect(changed.ok && changed.project.title).toBe('Edited elsewhere');
    expect(changed.ok && changed.project).not.toBe(first.project);
  });

  it('gives each version a revision from opening on: opening again starts a new one', async () => {
    const projects = service();
    const created = await projects.create({ title: 'Revisions' });
    const reopened = opened(await projects.open(created.fileName));
    expect(reopened.revision).toBeGreaterThan(created.revision!);
    const { patch } = projectPatch(created.project, renameProject(created.project, 'Next'));
    await expect(projects.savePatch(created.fileName, reopened.revision!, patch)).resolves.toBeGreaterThan(
      reopened.revision!,
    );
  });
});

describe('ProjectService: damaged, newer and changed files', () => {
  it('opens a damaged file as an error naming the field, and never writes over it', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Fragile' });
    const file = JSON.parse(await readFile(fileOf(fileName), 'utf8')) as {
      defaults: { speechRate: unknown };
    };
    file.defaults.speechRate = 'fast';
    const damaged = JSON.stringify(file);
    await writeFile(fileOf(fileName), damaged);

    const result = await projects.open(fileName);
    expect(result).toMatchObject({ ok: false, problem: 'invalid', fieldPath: 'defaults.speechRate' });
    expect(!result.ok && result.message).toMatch(/^The project file is damaged: defaults\.speechRate/);

    const refused = await ipcError(projects.save(fileName, renameProject(project, 'Overwrite?')));
    expect(refused.data).toMatchObject({ code: 'CONFLICT', field: 'fileName' });
    const autosaver = projects.createAutosaver(fileName, { delayMs: 1 });
    autosaver.schedule(renameProject(project, 'Autosaved?'));
    await expect(autosaver.flush()).rejects.toThrow(/not saved over/);
    expect(await readFile(fileOf(fileName), 'utf8')).toBe(damaged);
  });

  it('refuses a file made by a newer version, without offering an older backup', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Future' });
    await projects.save(fileName, renameProject(project, 'Future 2'));
    const newer = JSON.stringify({ schemaVersion: 9, whatever: true });
    await writeFile(fileOf(fileName), newer);
    const result = await projects.open(fileName);
    expect(result).toMatchObject({ ok: false, problem: 'newer-version' });
    expect(!result.ok && result.message).toMatch(/made by a newer version of Timbre Studio/);
    expect(!result.ok && result.recovery).toBeUndefined();
    expect(await ipcError(projects.restoreBackup(fileName))).toMatchObject({ data: { code: 'CONFLICT' } });
    expect(await ipcError(projects.save(fileName, project))).toMatchObject({ data: { code: 'CONFLICT' } });
    expect(await readFile(fileOf(fileName), 'utf8')).toBe(newer);
  });

  it('refuses to save over a file another program changed, saying why', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Shared' });
    const external = (await readFile(fileOf(fileName), 'utf8')).replace('"Shared"', '"Edited elsewhere"');
    await writeFile(fileOf(fileName), external);
    const refused = await ipcError(projects.save(fileName, renameProject(project, 'Mine')));
    expect(refused.message).toMatch(
      /was changed by another program or window since it was opened.*save them as a new project/,
    );
    expect(await readFile(fileOf(fileName), 'utf8')).toBe(external);
    const rescued = await projects.saveAsNew(renameProject(project, 'Mine'));
    expect(rescued.fileName).not.toBe(fileName);
    expect(opened(await projects.open(rescued.fileName)).project.title).toBe('Mine (copy)');
  });

  it('names edits saved as a new project as a copy, never with the title of another project', async () => {
    const projects = service();
    const original = await projects.create({ title: 'Notes' });
    const first = await projects.saveAsNew(original.project);
    const second = await projects.saveAsNew(original.project);
    const ofTheCopy = await projects.saveAsNew(first.project);
    expect([first, second, ofTheCopy].map((copy) => copy.project.title)).toEqual([
      'Notes (copy)',
      'Notes (copy 2)',
      'Notes (copy 3)',
    ]);
    const titles = (await projects.list()).flatMap((entry) => (entry.ok ? [entry.title] : []));
    expect(new Set(titles).size).toBe(titles.length);
    expect((await projects.duplicate(original.fileName)).project.title).toBe('Notes (copy 4)');
    // A title asked for is kept as it is.
    expect((await projects.saveAsNew(original.project, 'Notes, second draft')).project.title).toBe(
      'Notes, second draft',
    );
    // Long titles keep the whole suffix within the 200-character limit.
    const long = await projects.saveAsNew({ ...original.project, title: 'L'.repeat(200) });
    expect(long.project.title).toBe(`${'L'.repeat(193)} (copy)`);
  });

  it('does not recreate a deleted project on save', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Gone' });
    await rm(fileOf(fileName));
    expect(await ipcError(projects.save(fileName, project))).toMatchObject({ data: { code: 'NOT_FOUND' } });
    expect(await projects.open(fileName)).toMatchObject({ ok: false, problem: 'missing' });
  });
});

describe('ProjectService: migration and housekeeping', () => {
  const legacy = JSON.stringify({
    id: 'old',
    name: 'Prototype file',
    blocks: [{ id: 'a', type: 'text', text: 'From the prototype.' }],
  });

  it('migrates an old file on open, keeping a copy of the original before the first save', async () => {
    const projects = service();
    await mkdir(projectsDir(), { recursive: true });
    await writeFile(fileOf('old.timbre'), legacy);
    const result = opened(await projects.open('old.timbre'));
    expect(result.migratedFrom).toBe(0);
    expect(result.project.tracks.speech.blocks[0]).toMatchObject({ text: 'From the prototype.' });
    await projects.save('old.timbre', renameProject(result.project, 'Migrated'));
    expect(await readFile(fileOf('old.timbre.v0'), 'utf8')).toBe(legacy);
    const reread = opened(await projects.open('old.timbre'));
    expect(reread.migratedFrom).toBeUndefined();
    expect(reread.project.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
  });

  it('clears temp files of interrupted writes once they are old', async () => {
    const projects = service();
    const { fileName } = await projects.create({ title: 'Crashy' });
    const orphan = path.join(projectsDir(), `.${fileName}.deadbeef0000.tmp`);
    const fresh = path.join(projectsDir(), `.${fileName}.bak.cafe00000000.tmp`);
    await writeFile(orphan, '{"half');
    await writeFile(fresh, '{"half');
    const old = new Date(folder.clockMs - 5 * 60_000);
    await utimes(orphan, old, old);
    opened(await projects.open(fileName));
    const names = await readdir(projectsDir());
    expect(names).not.toContain(path.basename(orphan));
    expect(names).toContain(path.basename(fresh));
  });
});

describe('ProjectService with the autosaver', () => {
  it('autosaves edits and flushes on demand', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Auto' });
    const autosaver = projects.createAutosaver(fileName, { delayMs: 10 });
    let current = project;
    for (let i = 0; i < 5; i++) {
      current = addBlock(current, createSfxBlock({ id: `s${i}`, text: `sound ${i}`, startMs: i * 1000 }));
      autosaver.schedule(current);
    }
    current = updateBlock(current, 's4', { volumeDb: -3 });
    autosaver.schedule(current);
    await autosaver.flush();
    expect(opened(await service().open(fileName)).project).toEqual(current);
  });
});
