import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProject, renameProject, writeProjectFile } from '../../../common/project/index.js';
import * as atomicFile from '../storage/atomic-file.js';
import { ProjectSources } from './project-sources.js';

// The real atomic write, unless a test makes the disk full.
vi.mock('../storage/atomic-file.js', async (importOriginal) => {
  const original = await importOriginal<typeof atomicFile>();
  return { ...original, writeFileAtomic: vi.fn(original.writeFileAtomic) };
});

let dir: string;
const fifos: string[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-path-sources-'));
});
afterEach(async () => {
  // A reader left waiting on a pipe (the code before the fix) is let go, so the test fails instead of hanging.
  for (const fifo of fifos.splice(0)) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // No reader was waiting.
    }
  }
  await rm(dir, { recursive: true, force: true });
});

describe('ProjectSources: project files named by path (the CLI, a batch)', () => {
  it('refuses a named pipe at once with a sentence that says what it is', async () => {
    const pipe = path.join(dir, 'book.timbre');
    execFileSync('mkfifo', [pipe]);
    fifos.push(pipe);
    expect(await new ProjectSources().read({ kind: 'path', path: pipe })).toEqual({
      ok: false,
      message:
        '“book.timbre” is not an ordinary file (it is a named pipe), so it cannot be read as a project file. Choose a file saved on disk.',
    });
  }, 5_000);

  it('reads a project file saved as UTF-16 and saves it back (as UTF-8) since nothing changed it meanwhile', async () => {
    const filePath = path.join(dir, 'notepad.timbre');
    const project = createProject({ title: 'Saved by Notepad' });
    await writeFile(filePath, Buffer.from(`\ufeff${writeProjectFile(project)}`, 'utf16le'));
    const sources = new ProjectSources();
    const source = { kind: 'path', path: filePath } as const;
    const opened = await sources.read(source);
    if (!opened.ok) throw new Error(opened.message);
    expect(opened.project.title).toBe('Saved by Notepad');
    expect(await sources.save(source, opened, renameProject(opened.project, 'Generated'))).toEqual({
      saved: true,
    });
    expect(await readFile(filePath, 'utf8')).toContain('"title": "Generated"');
  });

  it('says the disk is full, naming the file, when saving it back fails with ENOSPC', async () => {
    const filePath = path.join(dir, 'full.timbre');
    await writeFile(filePath, writeProjectFile(createProject({ title: 'Full' })));
    const sources = new ProjectSources();
    const source = { kind: 'path', path: filePath } as const;
    const opened = await sources.read(source);
    if (!opened.ok) throw new Error(opened.message);
    vi.mocked(atomicFile.writeFileAtomic).mockRejectedValueOnce(
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
    );
    expect(await sources.save(source, opened, renameProject(opened.project, 'Fuller'))).toEqual({
      saved: false,
      reason:
        'The disk holding “full.timbre” is full, so it could not be written. Free some space and try again.',
    });
  });
});
