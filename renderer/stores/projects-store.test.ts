import { beforeEach, describe, expect, it } from 'vitest';
import { createProject } from '../../common/project/index.js';
import type { ProjectListEntry } from '../../common/project/library-views.js';
import type { StoreApi } from 'zustand';
import type { ProjectsState } from './projects-store.js';
import {
  createProjectsStore,
  selectEntries,
  selectOpened,
  selectSelected,
  selectStartShown,
} from './projects-store.js';

function entry(fileName: string): ProjectListEntry {
  return {
    ok: true,
    fileName,
    id: fileName,
    title: fileName,
    modifiedAt: '2025-01-01T00:00:00.000Z',
    blockCount: 0,
    characterCount: 0,
    durationMs: 0,
    durationEstimated: false,
    toGenerate: { blocks: 0, credits: 0 },
  };
}

describe('projects store', () => {
  let projects: StoreApi<ProjectsState>;
  beforeEach(() => {
    projects = createProjectsStore();
  });

  it('keeps the open project, the same object, until it is closed', () => {
    const opened = { fileName: 'a.timbre', project: createProject({ title: 'A' }) };
    projects.getState().setOpened(opened);
    // The editor recognises "the same project shown again" by identity, so it must not be copied.
    expect(selectOpened(projects.getState())).toBe(opened);
    expect(selectSelected(projects.getState())).toBe('a.timbre');
    projects.getState().setOpened(null);
    expect(selectOpened(projects.getState())).toBeNull();
    // Back in the list, the row of the project just closed is still the selected one.
    expect(selectSelected(projects.getState())).toBe('a.timbre');
  });

  it('drops a selection whose file is no longer listed', () => {
    projects.getState().setLibrary([entry('a.timbre'), entry('b.timbre')], []);
    projects.getState().select('b.timbre');
    projects.getState().setLibrary([entry('a.timbre'), entry('b.timbre')], []);
    expect(selectSelected(projects.getState())).toBe('b.timbre');
    projects.getState().setLibrary([entry('a.timbre')], []);
    expect(selectSelected(projects.getState())).toBeNull();
    expect(selectEntries(projects.getState())?.map((item) => item.fileName)).toEqual(['a.timbre']);
  });

  it('says the start is shown once the list arrives, or a project from the last session opens first', () => {
    expect(selectStartShown(projects.getState())).toBe(false);
    projects.getState().setLibrary([], []);
    expect(selectStartShown(projects.getState())).toBe(true);
    const restored = createProjectsStore();
    restored.getState().setOpened({ fileName: 'a.timbre', project: createProject({ title: 'A' }) });
    expect(selectStartShown(restored.getState())).toBe(true);
  });
});
