import { mkdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { sendContext } from '../../../common/project/send-context.js';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';
import { LIST_INDEX_VERSION } from './list-entry-index.js';
import { useTempProjectsFolder } from './test-support/temp-projects-folder.js';

/**
 * The project list's index file (list-entry-index.ts): a start (a new ProjectService on the same data folder) lists
 * files unchanged since the last listing from it, and reads every other file, whatever the index says.
 */

const folder = useTempProjectsFolder();
const { service, fileOf } = folder;
const indexPath = (): string => path.join(folder.dataDir, 'project-list-index.json');
const STAMP = new Date('2024-05-01T00:00:00Z');

async function titles(listing: Promise<{ ok: boolean; fileName: string; title?: string }[]>) {
  return Object.fromEntries(
    (await listing).map((entry) => [entry.fileName, entry.ok ? entry.title : 'problem']),
  );
}

/** Changes the title inside the file keeping its size, inode and modification time: only a read would see it. */
async function retitleUnseen(fileName: string, from: string, to: string): Promise<void> {
  const text = await readFile(fileOf(fileName), 'utf8');
  await writeFile(fileOf(fileName), text.replace(`"${from}"`, `"${to}"`), { flag: 'r+' });
  await utimes(fileOf(fileName), STAMP, STAMP);
}

async function libraryOfTwo() {
  const projects = service();
  const kept = await projects.importText({ title: 'Kept', text: 'Alpha beta.' });
  const other = await projects.importText({ title: 'Other', text: 'Gamma delta.' });
  for (const made of [kept, other]) await utimes(fileOf(made.fileName), STAMP, STAMP);
  await projects.list();
  return { kept: kept.fileName, other: other.fileName };
}

describe('ProjectService: the project list index', () => {
  it('lists unchanged files from the index at the next start, without reading them', async () => {
    const { kept, other } = await libraryOfTwo();
    await retitleUnseen(kept, 'Kept', 'Kopt');
    // A new service is a new start: the entry comes from the index, so the unseen change does not show.
    expect(await titles(service().list())).toEqual({ [kept]: 'Kept', [other]: 'Other' });
  });

  it('reads a file changed outside the app since it was indexed', async () => {
    const { kept, other } = await libraryOfTwo();
    const text = await readFile(fileOf(kept), 'utf8');
    await writeFile(fileOf(kept), text.replace('"Kept"', '"Changed elsewhere"'));
    // Another size, the same modification time: still a change.
    await utimes(fileOf(kept), STAMP, STAMP);
    expect(await titles(service().list())).toEqual({ [kept]: 'Changed elsewhere', [other]: 'Other' });
    // …and the index now holds the new entry: the next start shows it without reading the file again.
    await retitleUnseen(kept, 'Changed elsewhere', 'Changed elsewhare');
    expect(await titles(service().list())).toEqual({ [kept]: 'Changed elsewhere', [other]: 'Other' });
  });

  it('reads again a stale entry whose modification time alone changed', async () => {
    const { kept } = await libraryOfTwo();
    await retitleUnseen(kept, 'Kept', 'Kopt');
    const later = new Date('2024-05-02T00:00:00Z');
    await utimes(fileOf(kept), later, later);
    const listed = (await service().list()).find((entry) => entry.fileName === kept);
    expect(listed).toMatchObject({ ok: true, title: 'Kopt', modifiedAt: later.toISOString() });
  });

  it('drops a project deleted outside the app, from the list and from the index', async () => {
    const { kept, other } = await libraryOfTwo();
    await rm(fileOf(other));
    expect(await titles(service().list())).toEqual({ [kept]: 'Kept' });
    const index = JSON.parse(await readFile(indexPath(), 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(index.entries)).toEqual([kept]);
  });

  it('shows a file damaged since it was indexed as damaged, not as its indexed entry', async () => {
    const { kept, other } = await libraryOfTwo();
    await writeFile(fileOf(kept), 'not json any more');
    const listed = await service().list();
    expect(listed.find((entry) => entry.fileName === kept)).toMatchObject({ ok: false, problem: 'not-json' });
    expect(await titles(Promise.resolve(listed))).toEqual({ [kept]: 'problem', [other]: 'Other' });
  });

  it.each([
    ['not JSON', '{"version": 1, "entr'],
    ['another version', (text: string) => text.replace(`"version":${LIST_INDEX_VERSION}`, '"version":999')],
    [
      'an entry of the wrong shape',
      (text: string) => text.replace('"blockCount":', '"blockCount":"many","x":'),
    ],
    [
      'an entry filed under another name',
      (text: string) => text.replace(/"fileName":"[^"]+"/gu, '"fileName":"x.timbre"'),
    ],
  ])('ignores a damaged index (%s), reads the files and writes it again', async (_label, damage) => {
    const { kept, other } = await libraryOfTwo();
    const text = await readFile(indexPath(), 'utf8');
    await writeFile(indexPath(), typeof damage === 'string' ? damage : damage(text));
    await retitleUnseen(kept, 'Kept', 'Kopt');
    // Not trusted, so the files are read (the unseen change shows)…
    expect(await titles(service().list())).toEqual({ [kept]: 'Kopt', [other]: 'Other' });
    // …and the index is whole again.
    const rebuilt = JSON.parse(await readFile(indexPath(), 'utf8')) as { version: number; entries: object };
    expect(rebuilt.version).toBe(LIST_INDEX_VERSION);
    expect(Object.keys(rebuilt.entries).sort()).toEqual([kept, other].sort());
  });

  it('reads again entries made with another service lexicon than the one in use now', async () => {
    const lexiconWith = (rules: readonly LexiconRule[]) => ({
      rulesFor: () => rules,
      contextFor: (project: Project) => sendContext(project, rules),
    });
    const { kept } = await libraryOfTwo();
    await retitleUnseen(kept, 'Kept', 'Kopt');
    const rule = { id: 'r1', term: 'Alpha', replacement: 'Alfa', wholeWord: true, caseSensitive: false };
    const listed = await service({ lexicons: lexiconWith([rule]) }).list();
    expect(listed.find((entry) => entry.fileName === kept)).toMatchObject({ title: 'Kopt' });
  });

  it('lists as usual when the index cannot be written', async () => {
    await mkdir(indexPath());
    const projects = service();
    const { fileName } = await projects.importText({ title: 'Kept', text: 'Alpha beta.' });
    expect(await titles(projects.list())).toEqual({ [fileName]: 'Kept' });
    expect((await stat(indexPath())).isDirectory()).toBe(true);
  });
});
