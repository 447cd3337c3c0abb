import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, writeProjectFile } from '../../common/project/index.js';
import { ProjectService } from '../services/projects/project-service.js';
import { openExternalProject } from './open-external-project.js';

let dir: string;
let projects: ProjectService;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-open-external-'));
  projects = new ProjectService({ dataDir: path.join(dir, 'data') });
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A named pipe, released by a writer that comes and goes if code under test is left waiting on it. */
function withFifo(filePath: string): () => void {
  execFileSync('mkfifo', [filePath]);
  return () => {
    try {
      closeSync(openSync(filePath, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // No reader was waiting.
    }
  };
}

describe('openExternalProject', () => {
  it('copies a file from elsewhere into the projects folder once, never writing the original', async () => {
    const outside = path.join(dir, 'Shared episode.timbre');
    const text = writeProjectFile(createProject({ title: 'Shared episode' }));
    await writeFile(outside, text);
    const first = await openExternalProject(projects, outside);
    expect(first).toMatchObject({ ok: true, project: { title: 'Shared episode' } });
    const second = await openExternalProject(projects, outside);
    expect(second.ok && first.ok && second.fileName === first.fileName).toBe(true);
    expect((await projects.list()).length).toBe(1);
    expect(await readFile(outside, 'utf8')).toBe(text);
  });

  it('opens a file of the projects folder in place', async () => {
    const created = await projects.create({ title: 'Local' });
    const opened = await openExternalProject(projects, path.join(projects.projectsDir, created.fileName));
    expect(opened).toMatchObject({ ok: true, fileName: created.fileName });
  });

  it('explains a damaged or missing file instead of opening it', async () => {
    const broken = path.join(dir, 'broken.timbre');
    await writeFile(broken, '{"schemaVersion": 1, "title": ');
    expect(await openExternalProject(projects, broken)).toMatchObject({ ok: false, problem: 'not-json' });
    expect(await openExternalProject(projects, path.join(dir, 'gone.timbre'))).toMatchObject({
      ok: false,
      problem: 'missing',
      message: expect.stringContaining('gone.timbre'),
    });
    expect((await projects.list()).length).toBe(0);
  });

  it('refuses a named pipe, /dev/zero, a folder and a path through a file at once, with sentences', async () => {
    const release = withFifo(path.join(dir, 'pipe.timbre'));
    try {
      expect(await openExternalProject(projects, path.join(dir, 'pipe.timbre'))).toEqual({
        ok: false,
        fileName: 'pipe.timbre',
        problem: 'invalid',
        message:
          '“pipe.timbre” is not an ordinary file (it is a named pipe), so it cannot be read as a project file. Choose a file saved on disk.',
      });
    } finally {
      release();
    }
    await symlink('/dev/zero', path.join(dir, 'zero.timbre'));
    expect(await openExternalProject(projects, path.join(dir, 'zero.timbre'))).toMatchObject({
      ok: false,
      message: expect.stringContaining('“zero.timbre” is not an ordinary file (it is a device)'),
    });
    await mkdir(path.join(dir, 'folder.timbre'));
    expect(await openExternalProject(projects, path.join(dir, 'folder.timbre'))).toMatchObject({
      ok: false,
      message: '“folder.timbre” is a folder, not a file. Choose a file inside it.',
    });
    const file = path.join(dir, 'notes.txt');
    await writeFile(file, 'not a folder');
    expect(await openExternalProject(projects, path.join(file, 'inner.timbre'))).toMatchObject({
      ok: false,
      message: `${path.join(file, 'inner.timbre')} cannot be reached: a part of that path is a file, not a folder. Check the path.`,
    });
    expect((await projects.list()).length).toBe(0);
  }, 5_000);

  it('opens a project file an editor saved as UTF-16, with or without its byte-order mark', async () => {
    const text = writeProjectFile(createProject({ title: 'Saved by Notepad' }));
    const le = Buffer.from(`\ufeff${text}`, 'utf16le');
    const variants = {
      'le.timbre': le,
      'be.timbre': Buffer.from(le).swap16(),
      'le-no-mark.timbre': le.subarray(2),
      'be-no-mark.timbre': Buffer.from(le).swap16().subarray(2),
    };
    for (const [name, bytes] of Object.entries(variants)) {
      await writeFile(path.join(dir, name), bytes);
      expect(await openExternalProject(projects, path.join(dir, name)), name).toMatchObject({
        ok: true,
        project: { title: 'Saved by Notepad' },
      });
    }
  });
});
