import { beforeEach, describe, expect, it } from 'vitest';
import { createProject } from '../../common/project/index.js';
import type { ProjectListEntry } from '../../common/project/library-views.js';
import { selectEntries, selectOpened, selectSelected, useProjectsStore } from './projects-store.js';

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
  };
}

describe('projects store', () => {
  beforeEach(() => useProjectsStore.setState({ opened: null, entries: null, recent: [], selected: null }));

  it('keeps the open project, the same object, until it is closed', () => {
    const opened = { fileName: 'a.timbre', project: createProject({ title: 'A' }) };
    useProjectsStore.getState().setOpened(opened);
    // The editor recognises "the same project shown again" by identity, so it must not be copied.
    expect(selectOpened(useProjectsStore.getState())).toBe(opened);
    expect(selectSelected(useProjectsStore.getState())).toBe('a.timbre');
    useProjectsStore.getState().setOpened(null);
    expect(selectOpened(useProjectsStore.getState())).toBeNull();
    // Back in the list, the row of the project just closed is still the selected one.
    expect(selectSelected(useProjectsStore.getState())).toBe('a.timbre');
  });

  it('drops a selection whose file is no longer listed', () => {
    useProjectsStore.getState().setLibrary([entry('a.timbre'), entry('b.timbre')], []);
    useProjectsStore.getState().select('b.timbre');
    useProjectsStore.getState().setLibrary([entry('a.timbre'), entry('b.timbre')], []);
    expect(selectSelected(useProjectsStore.getState())).toBe('b.timbre');
    useProjectsStore.getState().setLibrary([entry('a.timbre')], []);
    expect(selectSelected(useProjectsStore.getState())).toBeNull();
    expect(selectEntries(useProjectsStore.getState())?.map((item) => item.fileName)).toEqual(['a.timbre']);
  });
});
