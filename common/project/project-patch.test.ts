import { describe, expect, it } from 'vitest';
import { createTextBlock } from './block-factory.js';
import { addBlock, moveBlock, removeBlock, updateBlock } from './block-edits.js';
import { renameProject } from './project-edits.js';
import { applyProjectPatch, projectPatch, projectPatchSchema } from './project-patch.js';
import type { Project } from './project-schema.js';
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
});
