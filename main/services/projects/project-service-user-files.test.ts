import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProject, renameProject, writeProjectFile } from '../../../common/project/index.js';
import { translateServiceErrors } from '../../app/error-translation.js';
import * as atomicFile from '../storage/atomic-file.js';
import { ProjectService } from './project-service.js';

// The real atomic write, unless a test makes the disk full.
vi.mock('../storage/atomic-file.js', async (importOriginal) => {
  const original = await importOriginal<typeof atomicFile>();
  return {
    ...original,
    writeFileAtomic: vi.fn(original.writeFileAtomic),
    writeJsonAtomic: vi.fn(original.writeJsonAtomic),
  };
});

let dataDir: string;
let fifos: string[];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-user-files-'));
  fifos = [];
});
afterEach(async () => {
  // Code that opened a pipe for reading would wait for a writer for ever (and hold one of libuv's threads):
  // a writer that comes and goes lets such a test end, failing, instead of hanging the run.
  for (const fifo of fifos) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // No reader was waiting: nothing to release.
    }
  }
  await rm(dataDir, { recursive: true, force: true });
});

const projectsDir = () => path.join(dataDir, 'projects');

function makeFifo(filePath: string): void {
  execFileSync('mkfifo', [filePath]);
  fifos.push(filePath);
}

const utf16 = (text: string, order: 'le' | 'be'): Buffer => {
  const le = Buffer.from(`\ufeff${text}`, 'utf16le');
  return order === 'le' ? le : Buffer.from(le).swap16();
};

describe('ProjectService: files in the projects folder that are not project files', () => {
  it('lists, opens and renames with four named pipes called .timbre in the folder, refusing each pipe', async () => {
    const projects = new ProjectService({ dataDir });
    const real = await projects.create({ title: 'Real' });
    for (const name of ['a', 'b', 'c', 'd']) makeFifo(path.join(projectsDir(), `${name}.timbre`));

    const listed = await projects.list();
    expect(listed.find((entry) => entry.fileName === real.fileName)).toMatchObject({ ok: true });
    expect(
      listed
        .filter((entry) => !entry.ok)
        .map((entry) => entry.fileName)
        .sort(),
    ).toEqual(['a.timbre', 'b.timbre', 'c.timbre', 'd.timbre']);
    expect(listed.find((entry) => entry.fileName === 'a.timbre')).toMatchObject({
      ok: false,
      problem: 'invalid',
      message:
        '“a.timbre” is not an ordinary file (it is a named pipe), so it cannot be read as a project file. Choose a file saved on disk.',
    });
    expect(await projects.open('b.timbre')).toMatchObject({
      ok: false,
      message: expect.stringContaining('“b.timbre” is not an ordinary file (it is a named pipe)'),
    });
    // All of libuv's four threads would be waiting on the pipes by now: the other files must still be served.
    const renamed = await projects.rename(real.fileName, 'Renamed');
    expect(renamed.project.title).toBe('Renamed');
    expect((await projects.list()).find((entry) => entry.fileName === real.fileName)).toMatchObject({
      ok: true,
      title: 'Renamed',
    });
  }, 5_000);

  it('refuses a link to /dev/zero and a folder named .timbre at once, naming them', async () => {
    const projects = new ProjectService({ dataDir });
    await mkdir(projectsDir(), { recursive: true });
    await symlink('/dev/zero', path.join(projectsDir(), 'zero.timbre'));
    await mkdir(path.join(projectsDir(), 'folder.timbre'));
    expect(await projects.open('zero.timbre')).toMatchObject({
      ok: false,
      problem: 'invalid',
      message: expect.stringContaining('“zero.timbre” is not an ordinary file (it is a device)'),
    });
    expect(await projects.open('folder.timbre')).toMatchObject({
      ok: false,
      message: expect.stringContaining('“folder.timbre” is a folder, not a file.'),
    });
  }, 5_000);

  it('restores the backup of a file that became a named pipe, keeping the pipe aside', async () => {
    const projects = new ProjectService({ dataDir });
    const created = await projects.create({ title: 'Kept' });
    const filePath = path.join(projectsDir(), created.fileName);
    await projects.save(created.fileName, renameProject(created.project, 'Kept twice'));
    await rm(filePath);
    makeFifo(filePath);
    const opened = await projects.open(created.fileName);
    expect(opened).toMatchObject({ ok: false, recovery: { source: 'backup' } });
    const restored = await projects.restoreBackup(created.fileName);
    expect(restored.project.title).toBe('Kept');
    expect(await projects.open(created.fileName)).toMatchObject({ ok: true, project: { title: 'Kept' } });
  }, 5_000);
});

describe('ProjectService: project files saved as UTF-16', () => {
  it('lists, opens and saves a UTF-16 file (LE or BE, with its byte-order mark), saving it as UTF-8', async () => {
    await mkdir(projectsDir(), { recursive: true });
    const text = writeProjectFile(createProject({ title: 'Saved by Notepad' }));
    await writeFile(path.join(projectsDir(), 'le.timbre'), utf16(text, 'le'));
    await writeFile(path.join(projectsDir(), 'be.timbre'), utf16(text, 'be'));
    const projects = new ProjectService({ dataDir });
    expect((await projects.list()).map((entry) => entry.ok && entry.title)).toEqual([
      'Saved by Notepad',
      'Saved by Notepad',
    ]);
    const opened = await projects.open('le.timbre');
    if (!opened.ok) throw new Error(opened.message);
    expect((await projects.open('be.timbre')).ok).toBe(true);
    await projects.save('le.timbre', renameProject(opened.project, 'Now UTF-8'));
    expect(await readFile(path.join(projectsDir(), 'le.timbre'), 'utf8')).toContain('"title": "Now UTF-8"');
  });
});

describe('ProjectService: a full disk', () => {
  it('says which project could not be saved and what to do, instead of ENOSPC', async () => {
    const projects = new ProjectService({ dataDir });
    const created = await projects.create({ title: 'Full' });
    vi.mocked(atomicFile.writeFileAtomic).mockRejectedValueOnce(
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    );
    const failure: unknown = await projects
      .save(created.fileName, renameProject(created.project, 'Fuller'))
      .catch((error: unknown) => error);
    const sentence = `The disk holding “${created.fileName}” is full, so it could not be written. Free some space and try again.`;
    expect(failure).toMatchObject({ message: sentence });
    // And so it reaches the page: not "Something went wrong".
    expect(translateServiceErrors(failure)).toEqual({ code: 'INVALID_INPUT', message: sentence });
  });

  it('still opens a project when the recent-projects list cannot be written', async () => {
    const projects = new ProjectService({ dataDir });
    const created = await projects.create({ title: 'Opens' });
    vi.mocked(atomicFile.writeJsonAtomic).mockRejectedValueOnce(
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    );
    expect(await new ProjectService({ dataDir }).open(created.fileName)).toMatchObject({
      ok: true,
      project: { title: 'Opens' },
    });
    expect(vi.mocked(atomicFile.writeJsonAtomic)).toHaveBeenCalled();
  });
});
