import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { renameProject } from '../../../common/project/index.js';
import { sendContext } from '../../../common/project/send-context.js';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';
import { ipcError, opened, useTempProjectsFolder } from './test-support/temp-projects-folder.js';

/** ProjectService's lists (the library, the recent projects) and the title operations on listed projects. */

const folder = useTempProjectsFolder();
const { service, projectsDir, fileOf } = folder;

describe('ProjectService: listing', () => {
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
    // The same rules in a new list (the lexicon saved unchanged): the counts are the same, so it is not read.
    rules = Object.freeze([...rules]);
    expect(await titleOf()).toBe('Kept');
    // The service's rules changed: counts may differ, so it is read again.
    const rule = { id: 'r1', term: 'Alpha', replacement: 'Alfa', wholeWord: true, caseSensitive: false };
    rules = Object.freeze([...rules, rule]);
    expect(await titleOf()).toBe('Kopt');
    // Saved by the app (a new file under the same name): read again.
    const project = opened(await projects.open(fileName)).project;
    await projects.save(fileName, renameProject(project, 'Renamed'));
    expect(await titleOf()).toBe('Renamed');
  });

  it('returns an empty list before any project exists', async () => {
    expect(await service().list()).toEqual([]);
  });
});

describe('ProjectService: rename, duplicate, recent', () => {
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

  it('keeps the ten most recently opened projects, newest first, across restarts', async () => {
    const projects = service();
    const created: string[] = [];
    for (let i = 0; i < 12; i++) {
      folder.clockMs += 1000;
      created.push((await projects.create({ title: `Project ${i}` })).fileName);
    }
    folder.clockMs += 1000;
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
    folder.clockMs += 1000;
    const newer = await projects.create({ title: 'Newer' });
    folder.clockMs += 1000;
    await projects.rename(older.fileName, 'Older, renamed');
    folder.clockMs += 1000;
    const copy = await projects.duplicate(older.fileName);
    const recent = await projects.recent();
    // The copy is new (created counts as opened); the renamed project keeps its place below "Newer".
    expect(recent.map((entry) => entry.fileName)).toEqual([copy.fileName, newer.fileName, older.fileName]);
    expect(recent[2]).toMatchObject({ title: 'Older, renamed', openedAt: '2024-06-01T12:00:00.000Z' });
    folder.clockMs += 1000;
    opened(await projects.open(older.fileName));
    expect((await projects.recent())[0]).toMatchObject({ fileName: older.fileName, title: 'Older, renamed' });
  });
});
