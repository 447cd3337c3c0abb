import { describe, expect, it } from 'vitest';
import { createTextBlock } from './block-factory.js';
import { addBlock, moveBlock, removeBlock } from './block-edits.js';
import { allBlocks, findBlock, forEachBlock } from './block-lookup.js';
import { sampleProject } from './test-support.js';

describe('findBlock', () => {
  it('finds a block after it moved, was removed or another took its place, whatever it remembered', () => {
    const project = sampleProject();
    expect(findBlock(project, 't3')).toMatchObject({ track: 'speech', index: 2 });
    const moved = moveBlock(project, 't3', 0);
    expect(findBlock(moved, 't3')).toMatchObject({ track: 'speech', index: 0 });
    expect(findBlock(moved, 't1')).toMatchObject({ track: 'speech', index: 1 });
    const removed = removeBlock(moved, 't3');
    expect(findBlock(removed, 't3')).toBeUndefined();
    // Another block now sits where t1 was last found.
    const replaced = addBlock(removeBlock(removed, 't1'), createTextBlock({ id: 't9', text: 'New.' }));
    expect(findBlock(replaced, 't1')).toBeUndefined();
    expect(findBlock(replaced, 't9')?.block.id).toBe('t9');
    expect(findBlock(project, 's1')).toMatchObject({ track: 'effects', index: 0 });
    expect(findBlock(project, 'm1')).toMatchObject({ track: 'music', index: 0 });
  });
});

describe('findBlock over a long track', () => {
  it('finds the blocks scrolled into view one after another with one walk of the track, not a search each', () => {
    const sample = sampleProject();
    const blocks = Array.from({ length: 2_000 }, (_, index) => createTextBlock({ id: `row-${index}` }));
    let reads = 0;
    const counted = new Proxy(blocks, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/u.test(key)) reads += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const project = { ...sample, tracks: { ...sample.tracks, speech: { blocks: counted } } };

    for (let index = 0; index < blocks.length; index += 1) {
      expect(findBlock(project, `row-${index}`)).toMatchObject({ track: 'speech', index });
    }
    // One search noting the whole track (~4,000 reads with the search's own), then one read per hinted lookup;
    // a search per block read ~2,000,000.
    expect(reads).toBeLessThan(3 * blocks.length + 10);

    // A block inserted at the start moves every other one: the first lookup notes the track again.
    const inserted = {
      ...project,
      tracks: { ...project.tracks, speech: { blocks: [createTextBlock({ id: 'row-new' }), ...blocks] } },
    };
    expect(findBlock(inserted, 'row-1999')).toMatchObject({ index: 2_000 });
    expect(findBlock(inserted, 'row-0')).toMatchObject({ index: 1 });
    expect(findBlock(inserted, 'row-new')).toMatchObject({ index: 0 });
  });
});

describe('forEachBlock', () => {
  it('visits every block once, in the order allBlocks lists them (speech, effects, music)', () => {
    const project = sampleProject();
    const visited: string[] = [];
    forEachBlock(project, (block) => visited.push(block.id));
    expect(visited).toEqual(['t1', 't2', 't3', 's1', 'm1']);
    expect(visited).toEqual(allBlocks(project).map((block) => block.id));
  });
});
