import { describe, expect, it } from 'vitest';
import { blockState } from './block-state.js';
import { blockMemo, knownBlockMemo } from './block-memo.js';
import { contentHash, hasContentHash } from './content-hash.js';
import { characterCount } from './project-stats.js';
import { contextOf, sampleProject } from './test-support.js';

describe('blockMemo', () => {
  it('keeps one record per block object, with every field present from the start', () => {
    const block = sampleProject().tracks.speech.blocks[0]!;
    expect(knownBlockMemo(block)).toBeUndefined();
    const memo = blockMemo(block);
    expect(blockMemo(block)).toBe(memo);
    expect(knownBlockMemo(block)).toBe(memo);
    // One shape for all records: the fields are there before anything is remembered.
    expect(Object.keys(memo).sort()).toEqual(
      ['characters', 'currentTakes', 'duration', 'hash', 'pace', 'playable', 'playableMs', 'state'].sort(),
    );
    expect(Object.values(memo).every((value) => value === undefined)).toBe(true);
  });

  it('holds what the modules derive from the block, in that block’s record only', () => {
    const project = sampleProject();
    const context = contextOf(project);
    const [first, second] = project.tracks.speech.blocks;
    const hash = contentHash(first!, context);
    const state = blockState(first!, context);
    const count = characterCount(first!);
    const memo = knownBlockMemo(first!);
    expect(memo?.hash).toEqual({ context, hash });
    expect(memo?.state).toEqual({ context, state });
    expect(memo?.characters).toBe(count);
    expect(hasContentHash(first!, context)).toBe(true);
    // Asking whether the other block's hash is known remembers nothing about it.
    expect(hasContentHash(second!, context)).toBe(false);
    expect(knownBlockMemo(second!)).toBeUndefined();
  });
});
