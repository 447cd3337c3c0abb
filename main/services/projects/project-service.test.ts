import { mkdir, mkdtemp, readFile, readdir, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IpcError } from '../../../common/ipc/errors.js';
import { CURRENT_SCHEMA_VERSION } from '../../../common/project/index.js';
import type { Project } from '../../../common/project/index.js';
import {
  addBlock,
  createSfxBlock,
  createTextBlock,
  projectSchema,
  readProjectFile,
  renameProject,
  updateBlock,
  writeProjectFile,
} from '../../../common/project/index.js';
import { projectPatch } from '../../../common/project/project-patch.js';
import { sendContext } from '../../../common/project/send-context.js';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';
import type { OpenResult, OpenedProject } from './project-library.js';
import { ProjectService } from './project-service.js';

let dataDir: string;
let clockMs: number;
const now = () => new Date(clockMs);

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-projects-'));
  clockMs = Date.parse('2024-06-01T12:00:00.000Z');
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function service(options: Partial<ConstructorParameters<typeof ProjectService>[0]> = {}): ProjectService {
  return new ProjectService({ dataDir, now, ...options });
}

const projectsDir = () => path.join(dataDir, 'projects');
const fileOf = (fileName: string) => path.join(projectsDir(), fileName);

function opened(result: OpenResult): OpenedProject {
  if (!result.ok) throw new Error(`expected the project to open: ${result.message}`);
  return result;
}

async function ipcError(promise: Promise<unknown>): Promise<IpcError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IpcError) return error;
    throw error;
  }
  throw new Error('expected an IpcError');
}

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
});

describe('ProjectService: migration, listing and housekeeping', () => {
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

  it('lists projects newest first with counts and durations, and damaged ones as errors', async () => {
    const projects = service();
    const first = await projects.importText({
      title: 'Short story',
      text: 'One paragraph.\n\nAnother paragraph here.',
    });
    const second = await projects.create({ title: 'Empty' });
    await writeFile(fileOf('broken-000000.timbre'), 'not json');
    await writeFile(path.join(projectsDir(), '.broken-000000.timbre.abc.tmp'), 'half a write');
    await writeFile(path.join(projectsDir(), 'notes.txt'), 'not a project');
    const setModified = (fileName: string, iso: string) =>
      utimes(fileOf(fileName), new Date(iso), new Date(iso));
    await setModified(first.fileName, '2024-01-01T00:00:00Z');
    await setModified('broken-000000.timbre', '2024-02-01T00:00:00Z');
    await setModified(second.fileName, '2024-03-01T00:00:00Z');

    const list = await projects.list();
    expect(list.map((entry) => [entry.fileName, entry.modifiedAt])).toEqual([
      [second.fileName, '2024-03-01T00:00:00.000Z'],
      ['broken-000000.timbre', '2024-02-01T00:00:00.000Z'],
      [first.fileName, '2024-01-01T00:00:00.000Z'],
    ]);
    const story = list.find((entry) => entry.fileName === first.fileName);
    expect(story).toMatchObject({
      ok: true,
      title: 'Short story',
      blockCount: 2,
      characterCount: 37,
      durationEstimated: true,
      // Nothing is generated yet: "generate first" would send both blocks, at one credit per character.
      toGenerate: { blocks: 2, credits: 37 },
    });
    expect(story?.ok && story.durationMs).toBeGreaterThan(2000);
    expect(list.find((entry) => entry.fileName === 'broken-000000.timbre')).toMatchObject({
      ok: false,
      problem: 'not-json',
      hasBackup: false,
    });
  });

  it('lists a file again only when it changed (or its service lexicon did), not on every listing', async () => {
    let rules: readonly LexiconRule[] = Object.freeze([]);
    const lexicons = {
      rulesFor: () => rules,
      contextFor: (project: Project) => sendContext(project, rules),
    };
    const projects = service({ lexicons });
    const { fileName } = await projects.importText({ title: 'Kept', text: 'Alpha beta.' });
    const titleOf = async () => {
      const entry = (await projects.list()).find((candidate) => candidate.fileName === fileName);
      return entry?.ok === true ? entry.title : undefined;
    };
    const filePath = fileOf(fileName);
    const stamp = new Date('2024-05-01T00:00:00Z');
    await utimes(filePath, stamp, stamp);
    expect(await titleOf()).toBe('Kept');
    // Same size, inode and modification time: the listing does not read it again.
    const text = await readFile(filePath, 'utf8');
    await writeFile(filePath, text.replace('"Kept"', '"Kopt"'), { flag: 'r+' });
    await utimes(filePath, stamp, stamp);
    expect(await titleOf()).toBe('Kept');
    // The service's rules changed: counts may differ, so it is read again.
    rules = Object.freeze([...rules]);
    expect(await titleOf()).toBe('Kopt');
    // Saved by the app (a new file under the same name): read again.
    const project = opened(await projects.open(fileName)).project;
    await projects.save(fileName, renameProject(project, 'Renamed'));
    expect(await titleOf()).toBe('Renamed');
  });

  it('returns an empty list before any project exists', async () => {
    expect(await service().list()).toEqual([]);
  });

  it('clears temp files of interrupted writes once they are old', async () => {
    const projects = service();
    const { fileName } = await projects.create({ title: 'Crashy' });
    const orphan = path.join(projectsDir(), `.${fileName}.deadbeef0000.tmp`);
    const fresh = path.join(projectsDir(), `.${fileName}.bak.cafe00000000.tmp`);
    await writeFile(orphan, '{"half');
    await writeFile(fresh, '{"half');
    const old = new Date(clockMs - 5 * 60_000);
    await utimes(orphan, old, old);
    opened(await projects.open(fileName));
    const names = await readdir(projectsDir());
    expect(names).not.toContain(path.basename(orphan));
    expect(names).toContain(path.basename(fresh));
  });
});

describe('ProjectService: rename, duplicate, delete, recent', () => {
  it('renames the title and keeps the file name', async () => {
    const projects = service();
    const { fileName } = await projects.create({ title: 'Before' });
    const renamed = await projects.rename(fileName, '  After  ');
    expect(renamed).toMatchObject({ fileName, project: { title: 'After' } });
    expect(opened(await projects.open(fileName)).project.title).toBe('After');
    expect(await ipcError(projects.rename(fileName, ''))).toMatchObject({ data: { field: 'title' } });
  });

  it('duplicates into a new file with a new id and its blocks', async () => {
    const projects = service();
    const source = await projects.importText({ title: 'Original', text: 'A.\n\nB.' });
    const copy = await projects.duplicate(source.fileName);
    expect(copy.fileName).not.toBe(source.fileName);
    expect(copy.project.title).toBe('Original (copy)');
    expect(copy.project.id).not.toBe(source.project.id);
    expect(copy.project.tracks).toEqual(source.project.tracks);
    expect(opened(await projects.open(copy.fileName)).project).toEqual(copy.project);
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
    const trash = await readdir(path.join(dataDir, 'trash'));
    expect(trash.sort()).toEqual(
      [`2024-06-01T12-00-00-000Z-${a.fileName}`, `2024-06-01T12-00-00-000Z-${b.fileName}`].sort(),
    );
  });

  it('keeps the ten most recently opened projects, newest first, across restarts', async () => {
    const projects = service();
    const created: string[] = [];
    for (let i = 0; i < 12; i++) {
      clockMs += 1000;
      created.push((await projects.create({ title: `Project ${i}` })).fileName);
    }
    clockMs += 1000;
    opened(await projects.open(created[3]!));
    const recent = await service().recent();
    expect(recent).toHaveLength(10);
    expect(recent[0]).toMatchObject({ fileName: created[3], title: 'Project 3' });
    expect(recent.slice(1).map((entry) => entry.title)).toEqual([
      'Project 11',
      'Project 10',
      'Project 9',
      'Project 8',
      'Project 7',
      'Project 6',
      'Project 5',
      'Project 4',
      'Project 2',
    ]);
    await projects.rename(created[11]!, 'Renamed');
    await rm(fileOf(created[10]!));
    const after = await service().recent();
    expect(after.map((entry) => entry.title)).toContain('Renamed');
    expect(after.map((entry) => entry.fileName)).not.toContain(created[10]);
  });

  it('does not count renaming or duplicating from the list as opening a project', async () => {
    const projects = service();
    const older = await projects.create({ title: 'Older' });
    clockMs += 1000;
    const newer = await projects.create({ title: 'Newer' });
    clockMs += 1000;
    await projects.rename(older.fileName, 'Older, renamed');
    clockMs += 1000;
    const copy = await projects.duplicate(older.fileName);
    const recent = await projects.recent();
    // The copy is new (created counts as opened); the renamed project keeps its place below "Newer".
    expect(recent.map((entry) => entry.fileName)).toEqual([copy.fileName, newer.fileName, older.fileName]);
    expect(recent[2]).toMatchObject({ title: 'Older, renamed', openedAt: '2024-06-01T12:00:00.000Z' });
    clockMs += 1000;
    opened(await projects.open(older.fileName));
    expect((await projects.recent())[0]).toMatchObject({ fileName: older.fileName, title: 'Older, renamed' });
  });
});

describe('ProjectService: importing text', () => {
  it('splits pasted text into blocks with the chosen options', async () => {
    const projects = service();
    const text = 'First sentence. Second sentence.\n\nA new paragraph.';
    const byParagraph = await projects.importText({ title: 'Paste', text });
    expect(
      byParagraph.project.tracks.speech.blocks.map((block) => block.type === 'text' && block.text),
    ).toEqual(['First sentence. Second sentence.', 'A new paragraph.']);
    const bySentence = await projects.importText({ title: 'Paste', text, split: { splitSentences: true } });
    expect(bySentence.project.tracks.speech.blocks).toHaveLength(3);
    expect(await ipcError(projects.importText({ title: 'Empty', text: ' \n ' }))).toMatchObject({
      data: { field: 'text' },
    });
    expect(
      await ipcError(projects.importText({ title: 'Bad', text, split: { maxLength: 3 } })),
    ).toMatchObject({
      data: { code: 'INVALID_INPUT', field: 'split.maxLength' },
    });
  });

  it('refuses a text that would make more blocks than a project holds, naming the limit, creating nothing', async () => {
    const projects = service();
    const before = await projects.list();
    // 5 MB of tiny paragraphs: a million blocks.
    const text = 'a\n\n'.repeat(1_000_000);
    const error = await ipcError(projects.importText({ title: 'Huge', text }));
    expect(error.data).toMatchObject({ code: 'INVALID_INPUT', field: 'text' });
    expect(error.message).toContain('1,000,000 blocks; a project holds at most 20,000');
    expect(await projects.list()).toEqual(before);
  });

  it('refuses a project over the limits on save, and titles, ids and service addresses out of shape', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Small' });
    const blocks = Array.from({ length: 20_001 }, (_, index) => createTextBlock({ text: `b${index}` }));
    const huge = { ...project, tracks: { ...project.tracks, speech: { blocks } } };
    expect(() => projectSchema.parse(huge)).toThrow(/20,001 blocks; a project holds at most 20,000/);
    expect(() => projectSchema.parse({ ...project, title: 'x'.repeat(201) })).toThrow(/at most 200/);
    expect(() => projectSchema.parse({ ...project, id: 'x'.repeat(201) })).toThrow(/at most 200/);
    expect(() => projectSchema.parse({ ...project, serviceUrl: 'not a url' })).toThrow(/http/);
    expect(projectSchema.parse({ ...project, serviceUrl: 'https://api.example.com' })).toBeTruthy();
    expect(fileName).toMatch(/\.timbre$/);
  });

  it('imports text files in UTF-8, UTF-16 and Windows-1252, titled after the file', async () => {
    const projects = service();
    const utf16 = path.join(dataDir, 'Radio script.txt');
    await writeFile(
      utf16,
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Héllo there.\r\n\r\n第二段。', 'utf16le')]),
    );
    const fromUtf16 = await projects.importTextFile({ filePath: utf16 });
    expect(fromUtf16.project.title).toBe('Radio script');
    expect(
      fromUtf16.project.tracks.speech.blocks.map((block) => block.type === 'text' && block.text),
    ).toEqual(['Héllo there.', '第二段。']);

    const latin = path.join(dataDir, 'old.txt');
    await writeFile(latin, Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x6f, 0x6b, 0x94]));
    const fromLatin = await projects.importTextFile({ filePath: latin, title: 'Café' });
    expect(fromLatin.project.tracks.speech.blocks[0]).toMatchObject({ text: 'Café “ok”' });

    expect(
      await ipcError(projects.importTextFile({ filePath: path.join(dataDir, 'missing.txt') })),
    ).toMatchObject({
      data: { code: 'NOT_FOUND', field: 'filePath' },
    });
  });

  it('refuses text files over the size limit before reading them', async () => {
    const projects = service();
    const big = path.join(dataDir, 'big.txt');
    await writeFile(big, '');
    await truncate(big, 21 * 1024 * 1024);
    expect(await ipcError(projects.importTextFile({ filePath: big }))).toMatchObject({
      data: { field: 'filePath' },
    });
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
