import { describe, expect, it } from 'vitest';
import { allBlocks, contentHash } from '../../common/project/index.js';
import { hasContentHash } from '../../common/project/content-hash.js';
import { contextOf, sampleProject } from '../../common/project/test-support.js';
import { contentHashesInSlices, projectHashedInSlices } from './hash-in-slices.js';

/** A project of fresh block objects: none of their hashes is memoised yet. */
function freshProject() {
  const project = sampleProject();
  return { project, blocks: allBlocks(project), context: contextOf(project) };
}

/** Fresh block objects each time: none of their hashes is memoised yet. */
function freshBlocks() {
  const project = sampleProject();
  return { blocks: allBlocks(project), context: contextOf(project) };
}

/** Resolves after the event loop has run its pending timers once (a "yield"). */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('contentHashesInSlices', () => {
  it('gives every block its content hash, in order, and leaves them memoised', async () => {
    const { blocks, context } = freshBlocks();
    const hashes = await contentHashesInSlices(blocks, context, () => false);
    expect(blocks.every((block) => hasContentHash(block, context))).toBe(true);
    expect(hashes).toEqual(blocks.map((block) => contentHash(block, context)));
  });

  it('starts in the next task when there is hashing to do, so the caller’s frame paints first', async () => {
    const { blocks, context } = freshBlocks();
    const pending = contentHashesInSlices(blocks, context, () => false);
    await Promise.resolve();
    expect(blocks.some((block) => hasContentHash(block, context))).toBe(false);
    expect(await pending).toHaveLength(blocks.length);
  });

  it('answers without yielding when every hash is already known', async () => {
    const { blocks, context } = freshBlocks();
    blocks.forEach((block) => contentHash(block, context));
    let yielded = false;
    void nextTask().then(() => (yielded = true));
    expect(await contentHashesInSlices(blocks, context, () => true)).toHaveLength(blocks.length);
    expect(yielded).toBe(false);
  });

  it('yields again once a slice has run its time, and stops when cancelled meanwhile', async () => {
    const { blocks, context } = freshBlocks();
    expect(blocks.length).toBeGreaterThan(2);
    // A clock that moves 10 ms per reading: every block after the first starts a new slice.
    let clock = 0;
    const now = (): number => (clock += 10);
    let yields = 0;
    const hashing = contentHashesInSlices(blocks, context, () => yields >= 2, now);
    for (let turn = 0; turn < 5; turn += 1) {
      await nextTask();
      yields += 1;
    }
    expect(await hashing).toBeNull();
    // Cancelled part-way: some blocks were hashed, not all.
    expect(blocks.some((block) => hasContentHash(block, context))).toBe(true);
    expect(blocks.every((block) => hasContentHash(block, context))).toBe(false);
  });
});

describe('projectHashedInSlices', () => {
  it('hashes every block of every track', async () => {
    const { project, blocks, context } = freshProject();
    expect(new Set(blocks.map((block) => block.type))).toEqual(new Set(['text', 'sfx', 'music']));
    expect(await projectHashedInSlices(project, context, () => false)).toBe(true);
    expect(blocks.every((block) => hasContentHash(block, context))).toBe(true);
  });

  it('stops when cancelled, and a later call finishes the rest', async () => {
    const { project, blocks, context } = freshProject();
    expect(await projectHashedInSlices(project, context, () => true)).toBe(false);
    expect(blocks.some((block) => hasContentHash(block, context))).toBe(false);
    expect(await projectHashedInSlices(project, context, () => false)).toBe(true);
    expect(blocks.every((block) => hasContentHash(block, context))).toBe(true);
  });

  it('walks a track once per context: later calls skip it until the track is a new list', async () => {
    const { project, context } = freshProject();
    const reads = { speech: 0, effects: 0, music: 0 };
    // Each track's list counts the blocks read from it.
    const counted = <T extends object>(track: keyof typeof reads, list: readonly T[]): readonly T[] =>
      new Proxy(list, {
        get: (target, key, receiver) => {
          if (typeof key === 'string' && /^\d+$/u.test(key)) reads[track] += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const { speech, effects, music } = project.tracks;
    const watched = {
      ...project,
      tracks: {
        speech: { ...speech, blocks: counted('speech', speech.blocks) },
        effects: { ...effects, blocks: counted('effects', effects.blocks) },
        music: { ...music, blocks: counted('music', music.blocks) },
      },
    } as typeof project;
    expect(await projectHashedInSlices(watched, context, () => false)).toBe(true);
    expect(reads.speech).toBeGreaterThanOrEqual(speech.blocks.length);
    expect(reads.effects).toBeGreaterThanOrEqual(effects.blocks.length);

    reads.speech = reads.effects = reads.music = 0;
    expect(await projectHashedInSlices(watched, context, () => false)).toBe(true);
    expect(reads).toEqual({ speech: 0, effects: 0, music: 0 });

    // An edit makes one track a new list: only that one is walked again, and its new block is hashed.
    const edited = { ...speech.blocks[0]!, text: 'A changed line.' } as (typeof speech.blocks)[number];
    const newSpeech = counted('speech', [edited, ...speech.blocks.slice(1)]);
    const afterEdit = { ...watched, tracks: { ...watched.tracks, speech: { ...speech, blocks: newSpeech } } };
    expect(await projectHashedInSlices(afterEdit as typeof project, context, () => false)).toBe(true);
    expect(hasContentHash(edited, context)).toBe(true);
    expect(reads.speech).toBeGreaterThanOrEqual(speech.blocks.length);
    expect(reads.effects + reads.music).toBe(0);
  });

  it('walks a track again for another context', async () => {
    const { project, blocks, context } = freshProject();
    expect(await projectHashedInSlices(project, context, () => false)).toBe(true);
    const other = contextOf({ ...project, defaults: { ...project.defaults } });
    expect(other).not.toBe(context);
    expect(await projectHashedInSlices(project, other, () => false)).toBe(true);
    expect(blocks.every((block) => hasContentHash(block, other))).toBe(true);
  });
});
