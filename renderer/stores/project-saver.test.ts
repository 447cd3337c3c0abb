import { describe, expect, it } from 'vitest';
import type { TimbreClient } from '../../common/ipc/api.js';
import { IpcError } from '../../common/ipc/errors.js';
import { updateBlock } from '../../common/project/block-edits.js';
import type { OpenedProject } from '../../common/project/library-views.js';
import type { ProjectPatch } from '../../common/project/project-patch.js';
import { sampleProject } from '../../common/project/test-support.js';
import { createProjectSaver } from './project-saver.js';

interface Sent {
  method: string;
  baseRevision?: number;
  patch?: ProjectPatch;
}

/** A client that records what is sent and answers with the next revision, or STALE for one given revision. */
function fakeClient(staleRevision?: number) {
  const sent: Sent[] = [];
  let revision = 10;
  const invoke = (async (method: string, input: { baseRevision?: number; patch?: ProjectPatch }) => {
    sent.push({ method, ...input });
    if (method === 'projects.savePatch' && input.baseRevision === staleRevision)
      throw new IpcError({ code: 'STALE', message: 'newer version' });
    revision += 1;
    return { savedAt: '2026-01-01T00:00:00.000Z', revision };
  }) as unknown as TimbreClient['invoke'];
  return { client: { invoke }, sent };
}

const opened = (revision?: number): OpenedProject => ({
  fileName: 'book.timbre',
  project: sampleProject(),
  ...(revision === undefined ? {} : { revision }),
});

describe('createProjectSaver', () => {
  it('sends only the changed block against the version the document was opened from, then its own saves', async () => {
    const source = opened(3);
    const { client, sent } = fakeClient();
    const save = createProjectSaver(client, () => source);
    const once = updateBlock(source.project, 't1', { text: 'Hello, again.' });
    await save('book.timbre', once);
    const twice = updateBlock(once, 't3', { text: 'Bold.' });
    await save('book.timbre', twice);
    expect(sent.map((entry) => entry.method)).toEqual(['projects.savePatch', 'projects.savePatch']);
    expect(sent[0]!.baseRevision).toBe(3);
    expect(sent[0]!.patch!.tracks.speech.changed.map((block) => block.id)).toEqual(['t1']);
    expect(sent[1]!.baseRevision).toBe(11);
    expect(sent[1]!.patch!.tracks.speech.changed.map((block) => block.id)).toEqual(['t3']);
  });

  it('saves the whole project when main has a newer version (STALE) or none is known', async () => {
    const stale = fakeClient(3);
    const source = opened(3);
    const project = updateBlock(source.project, 't1', { text: 'Changed.' });
    await createProjectSaver(stale.client, () => source)('book.timbre', project);
    expect(stale.sent.map((entry) => entry.method)).toEqual(['projects.savePatch', 'projects.save']);

    const unknown = fakeClient();
    await createProjectSaver(unknown.client, () => opened())('book.timbre', project);
    expect(unknown.sent.map((entry) => entry.method)).toEqual(['projects.save']);
  });

  it('saves the whole project when most blocks changed', async () => {
    const source = opened(3);
    const { client, sent } = fakeClient();
    let project = source.project;
    for (const id of ['t1', 't2', 't3', 's1']) project = updateBlock(project, id, { locked: true });
    await createProjectSaver(client, () => source)('book.timbre', project);
    expect(sent.map((entry) => entry.method)).toEqual(['projects.save']);
  });

  it('passes other failures on, so the save status can show them', async () => {
    const invoke = (async () => {
      throw new IpcError({ code: 'CONFLICT', message: 'changed on disk' });
    }) as unknown as TimbreClient['invoke'];
    const save = createProjectSaver({ invoke }, () => opened(3));
    await expect(
      save('book.timbre', updateBlock(sampleProject(), 't1', { text: 'x' })),
    ).rejects.toMatchObject({
      data: { code: 'CONFLICT' },
    });
  });
});
