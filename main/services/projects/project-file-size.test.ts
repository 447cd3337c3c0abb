import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_PROJECT_FILE_BYTES,
  createProject,
  createTextBlock,
  writeProjectFile,
} from '../../../common/project/index.js';
import type { Project } from '../../../common/project/index.js';
import { ProjectSources } from '../batch/project-sources.js';
import { ProjectService } from './project-service.js';

/**
 * A project file is read and saved within one limit: a save that would be larger is refused with a sentence
 * before anything is written, so no file the app saved is refused (and called damaged) when it is opened again.
 * The limit is made small here; the real one is MAX_PROJECT_FILE_BYTES.
 */

const CAP = 4 * 1024;

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-file-size-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The project with one more block of `characters` characters of text. */
function grown(project: Project, characters: number): Project {
  const block = createTextBlock({ text: 'a'.repeat(characters) });
  return {
    ...project,
    tracks: { ...project.tracks, speech: { blocks: [...project.tracks.speech.blocks, block] } },
  };
}

const refusal = (name: string) =>
  new RegExp(
    `^${name} was not saved: it would take \\d+\\.\\d KB, and a project file may be at most 4\\.0 KB so that it can always be opened again\\. Nothing was written\\.`,
    'u',
  );

describe('a project file over the limit', () => {
  it('is refused when saved, leaving the file and its backup as they were; what was saved opens', async () => {
    const projects = new ProjectService({ dataDir, maxFileBytes: CAP });
    const created = await projects.create({ title: 'Book' });
    const filePath = path.join(projects.projectsDir, created.fileName);
    // A save within the limit is written, and opens (the read keeps to the same limit).
    const within = grown(created.project, 1000);
    await projects.save(created.fileName, within);
    const savedBytes = await readFile(filePath);
    const backupBytes = await readFile(`${filePath}.bak`);

    const over = grown(within, CAP);
    await expect(projects.save(created.fileName, over)).rejects.toThrow(refusal(`“${created.fileName}”`));
    expect((await readFile(filePath)).equals(savedBytes)).toBe(true);
    expect((await readFile(`${filePath}.bak`)).equals(backupBytes)).toBe(true);

    // The service still holds the file's version: the editor may keep editing and save once it is smaller.
    const reopened = await projects.open(created.fileName);
    expect(reopened).toMatchObject({ ok: true });
    expect(reopened.ok && reopened.project.tracks.speech.blocks).toHaveLength(1);
    await projects.save(created.fileName, grown(within, 10));
    expect((await projects.open(created.fileName)).ok).toBe(true);
  });

  it('is refused as a new project (save as new, adopt) without writing a file', async () => {
    const projects = new ProjectService({ dataDir, maxFileBytes: CAP });
    const big = grown(createProject({ title: 'Huge' }), CAP);
    await expect(projects.saveAsNew(big, 'Huge copy')).rejects.toThrow(refusal('The project “Huge copy”'));
    await expect(projects.adopt(big)).rejects.toThrow(refusal('The project “Huge”'));
    expect(await projects.list()).toEqual([]);
  });

  it('is refused when a batch or the CLI saves a project file named by path, leaving the file as it was', async () => {
    const filePath = path.join(dataDir, 'Book.timbre');
    const original = createProject({ title: 'Book' });
    await writeFile(filePath, writeProjectFile(original));
    const before = await readFile(filePath);
    const sources = new ProjectSources({ maxFileBytes: CAP });
    const opened = await sources.read({ kind: 'path', path: filePath });
    if (!opened.ok) throw new Error(opened.message);
    const saved = await sources.save({ kind: 'path', path: filePath }, opened, grown(original, CAP));
    expect(saved).toMatchObject({ saved: false, reason: expect.stringMatching(refusal('“Book.timbre”')) });
    expect((await readFile(filePath)).equals(before)).toBe(true);
  });

  it('is a limit every file within it can be read under: below the longest string V8 can make', () => {
    // UTF-8 never decodes to more characters than it has bytes, and V8's strings hold at most 2^29 − 24.
    expect(MAX_PROJECT_FILE_BYTES).toBeLessThanOrEqual(2 ** 29 - 24);
  });
});
