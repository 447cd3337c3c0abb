import { describe, expect, it } from 'vitest';
import { updateBlock } from '../../common/project/block-edits.js';
import type { Project, TextBlock } from '../../common/project/project-schema.js';
import { sampleProject } from '../../common/project/test-support.js';
import { storesFor } from '../test-support/app-stores-harness.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { openRequestedProject } from './open-requested-project.js';

const textOf = (project: Project): string => (project.tracks.speech.blocks[0] as TextBlock).text;

describe('opening a project the OS asked for', () => {
  it('writes the open project first, with the typing held for its frame in it, then opens the file', async () => {
    const other = { ...sampleProject(), id: 'other', title: 'Other' };
    const bridge = new FakeBridge({
      'projects.save': () => ({ ok: true, result: { savedAt: '2026-11-30T08:00:00.000Z' } }),
      'projects.openPath': () => ({
        ok: true,
        result: { ok: true, fileName: 'other.timbre', project: other },
      }),
    });
    const stores = storesFor(bridge);
    const documents = stores.document;
    documents.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    // The last keystroke, held until its frame paints (ScriptRow), when the OS's request arrives.
    documents.getState().holdEdit('text:t1', () => {
      documents
        .getState()
        .apply((doc) => updateBlock(doc, 't1', { text: 'Typed just before' }), { label: 'Typing' });
    });

    await openRequestedProject(stores, '/home/someone/Other.timbre');

    const saved = bridge.calls.filter((call) => call.method === 'projects.save');
    expect(saved).toHaveLength(1);
    expect(textOf((saved[0]!.input as { project: Project }).project)).toBe('Typed just before');
    expect(stores.notices.getState().toasts).toEqual([]);
    expect(stores.projects.getState().opened?.fileName).toBe('other.timbre');
  });
});
