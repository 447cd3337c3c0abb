import { execFileSync } from 'node:child_process';
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock, INITIAL_DEFAULTS } from '../../../common/project/block-factory.js';
import { renameProject } from '../../../common/project/index.js';
import { writeProjectFile } from '../../../common/project/project-file.js';
import type { ProjectListEntry } from '../../../common/project/library-views.js';
import { opened, useTempProjectsFolder } from './test-support/temp-projects-folder.js';

/**
 * ProjectService.listPromptly: the projects page's listing. Files neither this run nor the list index has seen come
 * as `counting` rows once the budget is spent (here 0 ms: at once) and are counted in the background; every other
 * file is counted before the answer.
 */

const folder = useTempProjectsFolder();
const { service, fileOf } = folder;

/**
 * Writes `count` project files, "Project 1" the oldest, with one block each of a different length (or `blocks`
 * blocks, for files that take a while to count).
 */
async function makeProjects(count: number, blocks = 1): Promise<string[]> {
  const fileNames: string[] = [];
  await mkdir(folder.projectsDir(), { recursive: true });
  for (let number = 1; number <= count; number += 1) {
    const project = createProject({ title: `Project ${number}`, defaults: INITIAL_DEFAULTS });
    const withBlock = {
      ...project,
      tracks: {
        ...project.tracks,
        speech: {
          blocks: Array.from({ length: blocks }, (_, index) =>
            createTextBlock({ text: `${'Words.'.repeat(number)}${index === 0 ? '' : ` ${index}`}` }),
          ),
        },
      },
    };
    const fileName = `project-${number}-00000${number}.timbre`;
    await writeFile(fileOf(fileName), writeProjectFile(withBlock));
    const modified = new Date(Date.UTC(2024, 0, number));
    await utimes(fileOf(fileName), modified, modified);
    fileNames.push(fileName);
  }
  return fileNames;
}

const shape = (entries: readonly ProjectListEntry[]): [string, string][] =>
  entries.map((entry) => [
    entry.fileName,
    !entry.ok ? entry.problem : entry.counting ? 'counting' : 'counted',
  ]);

describe('ProjectService: the prompt listing', () => {
  it('lists files it never saw as counting, newest first with their titles, then counts them in the background', async () => {
    const fileNames = await makeProjects(5);
    const start = service();

    const first = await start.listPromptly(0);
    expect(shape(first.entries)).toEqual([...fileNames].reverse().map((name) => [name, 'counting']));
    expect(first.entries.map((entry) => entry.ok && entry.title)).toEqual([
      'Project 5',
      'Project 4',
      'Project 3',
      'Project 2',
      'Project 1',
    ]);
    expect(first.counted).toBeInstanceOf(Promise);
    await first.counted;

    // Counted now: the same figures a full listing gives, and no count left to wait for.
    const second = await start.listPromptly(0);
    expect(second.counted).toBeUndefined();
    expect(second.entries).toEqual(await service().list());
    expect(second.entries.map((entry) => entry.ok && !entry.counting && entry.characterCount)).toEqual([
      30, 24, 18, 12, 6,
    ]);
  });

  it('tells, while it counts, that it counted more', async () => {
    await makeProjects(4);
    const start = service();
    const told: string[][] = [];
    const news = { everyMs: 0, tell: () => told.push([]) };
    const first = await start.listPromptly(0, news);
    await first.counted;
    // After each file but the last (the end itself is `counted`).
    expect(told).toHaveLength(3);
  });

  it('lists, as the news comes, the rows counted so far: the newest first', async () => {
    await makeProjects(4);
    const partial = service();
    const states: string[][] = [];
    await partial.listPromptly(0, {
      everyMs: 0,
      tell: () => {
        void partial
          .listPromptly(0)
          .then(({ entries }) => states.push(shape(entries).map(([, state]) => state)));
      },
    });
    await partial.list();
    await expect.poll(() => states.length).toBe(3);
    for (const seen of states) {
      const counted = seen.filter((state) => state === 'counted').length;
      expect(seen).toEqual([...Array(counted).fill('counted'), ...Array(4 - counted).fill('counting')]);
    }
  });

  it('counts at once whatever the budget gives time for, and files it saw before even past the budget', async () => {
    const [oldest, , newest] = await makeProjects(3);
    const start = service();
    // A generous budget counts every file before answering.
    const generous = await start.listPromptly(60_000);
    expect(generous.counted).toBeUndefined();
    expect(shape(generous.entries).every(([, state]) => state === 'counted')).toBe(true);

    // A project saved since (its figures changed) is read again at once, with no budget left.
    const project = opened(await start.open(oldest as string)).project;
    await start.save(oldest as string, renameProject(project, 'Renamed'));
    const afterSave = await start.listPromptly(0);
    expect(afterSave.counted).toBeUndefined();
    expect(afterSave.entries.find((entry) => entry.fileName === oldest)).toMatchObject({
      ok: true,
      title: 'Renamed',
      blockCount: 1,
    });
    expect(afterSave.entries.find((entry) => entry.fileName === newest)).toMatchObject({ blockCount: 1 });
  });

  it('writes the index once counted: the next start lists every file counted, with nothing left to count', async () => {
    await makeProjects(4);
    const first = await service().listPromptly(0);
    await first.counted;
    const index = JSON.parse(await readFile(`${folder.dataDir}/project-list-index.json`, 'utf8')) as {
      entries: object;
    };
    expect(Object.keys(index.entries)).toHaveLength(4);

    const nextStart = await service().listPromptly(0);
    expect(nextStart.counted).toBeUndefined();
    expect(shape(nextStart.entries).every(([, state]) => state === 'counted')).toBe(true);
  });

  it('reads whole a file whose head shows no title, and lists a damaged file as damaged once counted, then at once', async () => {
    const [made] = await makeProjects(1);
    // Written by another tool: valid, but on one line, so its head has no title line.
    const text = await readFile(fileOf(made as string), 'utf8');
    await writeFile(fileOf(made as string), JSON.stringify(JSON.parse(text)));
    // Damaged after its title: the head reads well, the file does not.
    await writeFile(
      fileOf('damaged-000000.timbre'),
      `${text.slice(0, text.indexOf('"createdAt"'))}"createdAt": `,
    );
    const start = service();

    const first = await start.listPromptly(0);
    expect(shape(first.entries)).toEqual([
      ['damaged-000000.timbre', 'counting'],
      [made, 'counted'],
    ]);
    await first.counted;

    const second = await start.listPromptly(0);
    expect(shape(second.entries)).toEqual([
      ['damaged-000000.timbre', 'not-json'],
      [made, 'counted'],
    ]);
    // Read in this run already: no second background count, so the page is not told to list again and again.
    expect(second.counted).toBeUndefined();
  });

  it('never peeks at a named pipe past the budget (opening it would wait for a writer): it is read as before', async () => {
    const [made] = await makeProjects(1);
    execFileSync('mkfifo', [fileOf('pipe.timbre')]);
    const listed = await service().listPromptly(0);
    expect(shape(listed.entries)).toEqual([
      ['pipe.timbre', 'invalid'],
      [made, 'counting'],
    ]);
    await listed.counted;
  }, 8_000);

  it('counts at once, during a background count, a file saved since it was listed (an autosave)', async () => {
    const fileNames = await makeProjects(40);
    const oldest = fileNames[0] as string;
    const start = service();
    const first = await start.listPromptly(0);
    // Counted last: saved while the count runs, say by the editor's autosave after the user opened it elsewhere.
    const text = await readFile(fileOf(oldest), 'utf8');
    await writeFile(fileOf(oldest), text.replace('"Project 1"', '"Saved since"'));
    const next = await start.listPromptly(0);
    expect(next.entries.find((entry) => entry.fileName === oldest)).toMatchObject({
      ok: true,
      title: 'Saved since',
      blockCount: 1,
    });
    await first.counted;
  });

  it('counts at once a file the user opened, so a damaged one shows as damaged, not as counting', async () => {
    const fileNames = await makeProjects(40);
    const oldest = fileNames[0] as string;
    const text = await readFile(fileOf(oldest), 'utf8');
    await writeFile(fileOf(oldest), text.slice(0, text.indexOf('"createdAt"')));
    await utimes(fileOf(oldest), new Date(Date.UTC(2023, 0, 1)), new Date(Date.UTC(2023, 0, 1)));
    const start = service();
    const first = await start.listPromptly(0);
    expect(first.entries.at(-1)).toMatchObject({ fileName: oldest, counting: true, title: 'Project 1' });
    expect(await start.open(oldest)).toMatchObject({ ok: false, problem: 'not-json' });
    const next = await start.listPromptly(0);
    expect(next.entries.at(-1)).toMatchObject({ fileName: oldest, ok: false, problem: 'not-json' });
    await first.counted;
  });

  it('duplicates a project without waiting for a running count, naming the copy after every title listed', async () => {
    const fileNames = await makeProjects(40, 300);
    const start = service();
    const first = await start.listPromptly(0);
    const order: string[] = [];
    void first.counted?.then(() => order.push('counted'));
    const copy = await start.duplicate(fileNames[39] as string);
    order.push('duplicated');
    await first.counted;
    expect(order).toEqual(['duplicated', 'counted']);
    expect(copy.project.title).toBe('Project 40 (copy)');
    // A title taken by a file still counting counts as taken.
    const again = await start.duplicate(fileNames[39] as string);
    expect(again.project.title).toBe('Project 40 (copy 2)');
  });

  it('starts no count of its own for a copy’s title: files copied in later are counted by the page’s next listing', async () => {
    const [first] = await makeProjects(1);
    const start = service();
    expect((await start.listPromptly(0)).counted).toBeDefined();
    await start.list();
    // Copied into the folder while the app runs, then a duplicate before the page lists again.
    for (const number of [2, 3, 4, 5, 6, 7, 8, 9]) {
      const text = await readFile(fileOf(first as string), 'utf8');
      await writeFile(
        fileOf(`copied-${number}-00000${number}.timbre`),
        text.replace('Project 1', `Copied ${number}`),
      );
    }
    await start.duplicate(first as string);
    const next = await start.listPromptly(0);
    // Either counted already, or counted in a count this listing started (so the page hears when it ends).
    const counting = next.entries.filter((entry) => entry.ok && entry.counting === true);
    expect(counting.length === 0 || next.counted !== undefined).toBe(true);
    await next.counted;
  });

  it('lets a listing made while a count runs join it, and a full listing wait for it', async () => {
    await makeProjects(6);
    const start = service();
    const first = await start.listPromptly(0);
    const joined = await start.listPromptly(0);
    // The running count covers the second listing's files: one count, one "counted" for the page.
    expect(joined.counted).toBeUndefined();
    const full = await start.list();
    expect(shape(full).every(([, state]) => state === 'counted')).toBe(true);
    await first.counted;
    const after = await start.listPromptly(0);
    expect(after.entries).toEqual(full);
  });
});
