import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
});
