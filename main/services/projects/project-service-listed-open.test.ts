import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as projectModule from '../../../common/project/index.js';
import { ProjectService } from './project-service.js';

// Counts the parses of project files, keeping the real parser.
vi.mock('../../../common/project/index.js', async (importOriginal) => {
  const original = await importOriginal<typeof projectModule>();
  return { ...original, readProjectFile: vi.fn(original.readProjectFile) };
});
const parses = vi.mocked(projectModule.readProjectFile);

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-listed-open-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('ProjectService: opening a project the list has just read', () => {
  it('opens it without parsing the file again, and saves over it as usual', async () => {
    const { fileName } = await new ProjectService({ dataDir }).importText({
      title: 'Listed',
      text: 'One.\n\nTwo.',
    });
    // A new launch: nothing is known about the file yet.
    const projects = new ProjectService({ dataDir });
    parses.mockClear();
    expect((await projects.list()).map((entry) => entry.ok && entry.title)).toEqual(['Listed']);
    expect(parses).toHaveBeenCalledTimes(1);
    const opened = await projects.open(fileName);
    expect(parses).toHaveBeenCalledTimes(1);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.project.title).toBe('Listed');
    await projects.save(fileName, projectModule.renameProject(opened.project, 'Saved'));
    const text = await readFile(path.join(dataDir, 'projects', fileName), 'utf8');
    expect(projectModule.readProjectFile(text)).toMatchObject({ ok: true, project: { title: 'Saved' } });
  });

  it('keeps only the four projects modified last, where the list starts, not every project it read', async () => {
    const writer = new ProjectService({ dataDir });
    const fileNames: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const { fileName } = await writer.importText({ title: `Story ${index}`, text: `Line ${index}.` });
      // Story 6 is the newest; the names' order is not the modification order.
      const modified = new Date(Date.UTC(2024, 0, 1 + index));
      await utimes(path.join(dataDir, 'projects', fileName), modified, modified);
      fileNames.push(fileName);
    }
    const projects = new ProjectService({ dataDir });
    parses.mockClear();
    expect((await projects.list()).map((entry) => entry.ok && entry.title)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((index) => `Story ${index}`),
    );
    expect(parses).toHaveBeenCalledTimes(7);
    for (const index of [6, 5, 4, 3]) {
      const opened = await projects.open(fileNames[index]!);
      expect(opened.ok && opened.project.title).toBe(`Story ${index}`);
    }
    expect(parses).toHaveBeenCalledTimes(7);
    const older = await projects.open(fileNames[2]!);
    expect(older.ok && older.project.title).toBe('Story 2');
    expect(parses).toHaveBeenCalledTimes(8);
  });

  it('reads the file again when it changed after the list read it', async () => {
    const { fileName } = await new ProjectService({ dataDir }).importText({ title: 'Before', text: 'One.' });
    const projects = new ProjectService({ dataDir });
    await projects.list();
    const filePath = path.join(dataDir, 'projects', fileName);
    await writeFile(filePath, (await readFile(filePath, 'utf8')).replace('"Before"', '"After"'));
    parses.mockClear();
    const opened = await projects.open(fileName);
    expect(parses).toHaveBeenCalledTimes(1);
    expect(opened.ok && opened.project.title).toBe('After');
  });
});
