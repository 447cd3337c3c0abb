import { describe, expect, it } from 'vitest';
import { createTextBlock } from './block-factory.js';
import { addBlock, moveBlock, removeBlock, updateBlock } from './block-edits.js';
import { renameProject } from './project-edits.js';
import { projectFileText, writeProjectFile } from './project-file.js';
import { applyProjectPatch, patchedProject, projectPatch, projectPatchSchema } from './project-patch.js';
import { projectSchema, type Project } from './project-schema.js';
import { sampleProject } from './test-support.js';

/** The patch of `next` against `base`, through JSON and the schema as it travels to main, applied back to `base`. */
function roundTrip(base: Project, next: Project) {
  const { patch, changedBlocks } = projectPatch(base, next);
  const travelled = projectPatchSchema.parse(JSON.parse(JSON.stringify(patch)));
  return { rebuilt: applyProjectPatch(base, travelled), patch, changedBlocks };
}

describe('project patches', () => {
  it('carry only the edited block when a block changes in place', () => {
    const base = sampleProject();
    const next = updateBlock(base, 't2', { text: 'General Kenobi!' });
    const { rebuilt, patch, changedBlocks } = roundTrip(base, next);
    expect(changedBlocks).toBe(1);
    expect(patch.tracks.speech.changed.map((block) => block.id)).toEqual(['t2']);
    expect(patch.tracks.speech.ids).toBeUndefined();
    expect(patch.skeleton.tracks.speech.blocks).toEqual([]);
    expect(rebuilt).toEqual(next);
  });

  it('carry the new order, and only new blocks, when blocks are added, removed or moved', () => {
    const base = sampleProject();
    const added = addBlock(base, createTextBlock({ id: 't4', text: 'Your move.' }));
    const next = moveBlock(removeBlock(added, 't1'), 't4', 0);
    const { rebuilt, patch, changedBlocks } = roundTrip(base, next);
    expect(patch.tracks.speech.ids).toEqual(['t4', 't2', 't3']);
    expect(patch.tracks.speech.changed.map((block) => block.id)).toEqual(['t4']);
    expect(changedBlocks).toBe(1);
    expect(rebuilt).toEqual(next);
  });

  it('carry project-wide changes (the title) with no blocks at all', () => {
    const base = sampleProject();
    const next = renameProject(base, 'Renamed');
    const { rebuilt, changedBlocks } = roundTrip(base, next);
    expect(changedBlocks).toBe(0);
    expect(rebuilt.title).toBe('Renamed');
    expect(rebuilt).toEqual(next);
  });

  it('refuse to rebuild from a base that lacks the blocks they name', () => {
    const base = sampleProject();
    const next = updateBlock(addBlock(base, createTextBlock({ id: 't9', text: 'New.' })), 't1', {
      text: 'Hi.',
    });
    const { patch } = projectPatch(base, next);
    const otherBase = removeBlock(base, 't2');
    expect(() => applyProjectPatch(otherBase, patch)).toThrow(/block "t2"/);
    const inPlace = projectPatch(base, updateBlock(base, 't3', { text: 'Bold.' })).patch;
    expect(() => applyProjectPatch(removeBlock(base, 't3'), inPlace)).toThrow(/does not have/);
  });

  it('are checked as a whole project is, parsing only the changed blocks', () => {
    // Main's base is a parsed project; the patch arrives as JSON.
    const base = projectSchema.parse(sampleProject());
    const travelled = (next: Project) => JSON.parse(JSON.stringify(projectPatch(base, next).patch));
    const next = updateBlock(base, 't2', { text: 'General Kenobi, at last.' });
    const result = patchedProject(base, travelled(next));
    if (!result.ok) throw new Error(result.message);
    // The same bytes as checking and writing the whole project.
    expect(projectFileText(result.project)).toBe(writeProjectFile(next));

    // Edits made past the editor's checks, as a faulty or hostile page could send them.
    const rawEdit = (id: string, changes: Record<string, unknown>): Project => ({
      ...base,
      tracks: {
        ...base.tracks,
        speech: {
          blocks: base.tracks.speech.blocks.map((block) =>
            block.id === id ? ({ ...block, ...changes } as typeof block) : block,
          ),
        },
      },
    });
    const tooLong = patchedProject(base, travelled(rawEdit('t3', { text: 'x'.repeat(10_001) })));
    expect(tooLong).toMatchObject({ ok: false, problem: 'invalid' });
    expect(!tooLong.ok && tooLong.message).toMatch(
      /tracks\.speech\.changed\[0\]\.text must be at most 10,000/,
    );

    // Rules across blocks hold for blocks the patch does not carry.
    const twice = travelled({
      ...base,
      tracks: {
        ...base.tracks,
        speech: {
          blocks: [
            ...base.tracks.speech.blocks,
            createTextBlock({ id: 's1', text: 'Same id as the effect.' }),
          ],
        },
      },
    });
    const duplicate = patchedProject(base, twice);
    expect(!duplicate.ok && duplicate.message).toBe(
      'Refusing to save an invalid project: tracks.effects.blocks[0].id duplicate block id "s1" (block ids must be unique in a project).',
    );
    const stranger = patchedProject(base, travelled(rawEdit('t1', { speakerId: 'nobody' })));
    expect(!stranger.ok && stranger.message).toMatch(/blocks\[0\]\.speakerId names speaker "nobody"/);
  });

  it("serialise a changed block in the schema's field order, as a whole save does", () => {
    const base = projectSchema.parse(sampleProject());
    const next = updateBlock(base, 't1', { text: 'Reordered.' });
    const patch = JSON.parse(JSON.stringify(projectPatch(base, next).patch));
    const [block] = patch.tracks.speech.changed as Record<string, unknown>[];
    // The same fields, last to first.
    patch.tracks.speech.changed = [Object.fromEntries(Object.entries(block!).reverse())];
    const result = patchedProject(base, patch);
    expect(result.ok && projectFileText(result.project)).toBe(writeProjectFile(next));
  });
});
