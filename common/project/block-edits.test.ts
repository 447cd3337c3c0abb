import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from './send-context.js';
import { createMusicBlock, createSfxBlock, createTextBlock } from './block-factory.js';
import {
  addBlock,
  insertBlock,
  insertBlocks,
  moveBlock,
  moveBlocks,
  removeBlock,
  removeBlocks,
  reorderSpeechBlocks,
  setBlockStart,
  setGenerationState,
  shiftBlocks,
  updateBlock,
} from './block-edits.js';
import { duplicateBlocks } from './block-copies.js';
import { blockState } from './block-state.js';
import { contentHash } from './content-hash.js';
import { ProjectEditError } from './edit-error.js';
import type { Block, Project } from './project-schema.js';
import { deepFreeze, sampleProject, sequentialIds } from './test-support.js';

const speechIds = (project: Project) => project.tracks.speech.blocks.map((block) => block.id);

/** Runs an edit expected to be refused and returns the error for inspection. */
function refusal(edit: () => unknown): ProjectEditError {
  try {
    edit();
  } catch (error) {
    if (error instanceof ProjectEditError) return error;
    throw error;
  }
  throw new Error('the edit was not refused');
}

function lockedProject(id: string): Project {
  return deepFreeze(updateBlock(sampleProject(), id, { locked: true }));
}

describe('inserting and removing blocks', () => {
  it('adds a block to the track of its type without touching the input', () => {
    const project = sampleProject();
    const withText = addBlock(project, createTextBlock({ id: 'new', text: 'New line.' }));
    expect(speechIds(withText)).toEqual(['t1', 't2', 't3', 'new']);
    expect(speechIds(project)).toEqual(['t1', 't2', 't3']);
    // Untouched tracks are shared, not copied.
    expect(withText.tracks.effects).toBe(project.tracks.effects);
    const withSfx = addBlock(project, createSfxBlock({ id: 'boom', startMs: 10 }));
    expect(withSfx.tracks.effects.blocks.map((block) => block.id)).toEqual(['s1', 'boom']);
    const withMusic = addBlock(project, createMusicBlock({ id: 'bed' }));
    expect(withMusic.tracks.music.blocks.map((block) => block.id)).toEqual(['m1', 'bed']);
  });

  it('inserts at an index (clamped) or after a block', () => {
    const project = sampleProject();
    expect(speechIds(insertBlock(project, createTextBlock({ id: 'n' }), { index: 1 }))).toEqual([
      't1',
      'n',
      't2',
      't3',
    ]);
    expect(speechIds(insertBlock(project, createTextBlock({ id: 'n' }), { index: -4 }))).toEqual([
      'n',
      't1',
      't2',
      't3',
    ]);
    expect(speechIds(insertBlock(project, createTextBlock({ id: 'n' }), { index: 99 }))).toEqual([
      't1',
      't2',
      't3',
      'n',
    ]);
    expect(speechIds(insertBlock(project, createTextBlock({ id: 'n' }), { afterId: 't2' }))).toEqual([
      't1',
      't2',
      'n',
      't3',
    ]);
    const several = insertBlocks(
      project,
      [createTextBlock({ id: 'a' }), createSfxBlock({ id: 'b' }), createTextBlock({ id: 'c' })],
      {
        afterId: 't1',
      },
    );
    expect(speechIds(several)).toEqual(['t1', 'a', 'c', 't2', 't3']);
    expect(several.tracks.effects.blocks.map((block) => block.id)).toEqual(['s1', 'b']);
  });

  it('refuses a duplicate id, an unknown anchor and a malformed block', () => {
    const project = sampleProject();
    expect(refusal(() => addBlock(project, createTextBlock({ id: 't1' })))).toMatchObject({
      field: 'id',
      rule: 'duplicate-id',
    });
    expect(
      refusal(() => insertBlock(project, createTextBlock({ id: 'x' }), { afterId: 'nope' })),
    ).toMatchObject({ rule: 'not-found' });
    const malformed = { ...createTextBlock({ id: 'x' }), sfx_length: 3 } as Block;
    expect(refusal(() => addBlock(project, malformed))).toMatchObject({
      field: 'sfx_length',
      rule: 'unknown-field',
    });
  });

  it('removes blocks from any track, refusing locked ones', () => {
    const project = sampleProject();
    const removed = removeBlocks(project, ['t2', 's1']);
    expect(speechIds(removed)).toEqual(['t1', 't3']);
    expect(removed.tracks.effects.blocks).toEqual([]);
    expect(removed.tracks.music).toBe(project.tracks.music);
    expect(speechIds(removeBlock(project, 't1'))).toEqual(['t2', 't3']);
    expect(refusal(() => removeBlock(lockedProject('t2'), 't2'))).toMatchObject({
      field: 'locked',
      rule: 'locked',
      blockId: 't2',
    });
    expect(refusal(() => removeBlock(project, 'ghost'))).toMatchObject({
      rule: 'not-found',
      field: 'blockId',
    });
  });
});

describe('moving blocks', () => {
  it('moves one or several speech blocks, keeping their relative order', () => {
    const project = sampleProject();
    expect(speechIds(moveBlock(project, 't1', 2))).toEqual(['t2', 't3', 't1']);
    expect(speechIds(moveBlock(project, 't3', 0))).toEqual(['t3', 't1', 't2']);
    expect(speechIds(moveBlocks(project, ['t3', 't1'], 1))).toEqual(['t2', 't1', 't3']);
  });

  it('refuses to reorder sfx/music or locked blocks', () => {
    expect(refusal(() => moveBlock(sampleProject(), 's1', 0))).toMatchObject({ rule: 'wrong-track' });
    expect(refusal(() => moveBlock(lockedProject('t1'), 't1', 2))).toMatchObject({ rule: 'locked' });
  });

  it('reorders the whole speech track from a permutation', () => {
    const project = sampleProject();
    expect(speechIds(reorderSpeechBlocks(project, ['t3', 't1', 't2']))).toEqual(['t3', 't1', 't2']);
    for (const bad of [
      ['t1', 't2'],
      ['t1', 't1', 't2'],
      ['t1', 't2', 'x'],
    ]) {
      expect(refusal(() => reorderSpeechBlocks(project, bad))).toMatchObject({
        field: 'orderedIds',
        rule: 'not-a-permutation',
      });
    }
    expect(refusal(() => reorderSpeechBlocks(lockedProject('t1'), ['t2', 't1', 't3']))).toMatchObject({
      rule: 'locked',
    });
    // A locked block that stays in place does not block the others from swapping around it.
    expect(speechIds(reorderSpeechBlocks(lockedProject('t2'), ['t3', 't2', 't1']))).toEqual([
      't3',
      't2',
      't1',
    ]);
  });

  it('places sfx and music at a start time and shifts a selection together', () => {
    const project = sampleProject();
    expect(setBlockStart(project, 's1', 4321.4).tracks.effects.blocks[0]!.startMs).toBe(4321);
    expect(refusal(() => setBlockStart(project, 's1', -1))).toMatchObject({
      field: 'startMs',
      rule: 'out-of-range',
    });
    expect(refusal(() => setBlockStart(project, 't1', 0))).toMatchObject({ rule: 'wrong-track' });
    const shifted = shiftBlocks(project, ['s1', 'm1'], 500);
    expect([shifted.tracks.effects.blocks[0]!.startMs, shifted.tracks.music.blocks[0]!.startMs]).toEqual([
      2500, 500,
    ]);
    // Shifting left stops when the earliest block reaches zero, keeping the spacing.
    const clamped = shiftBlocks(project, ['s1', 'm1'], -5000);
    expect([clamped.tracks.effects.blocks[0]!.startMs, clamped.tracks.music.blocks[0]!.startMs]).toEqual([
      2000, 0,
    ]);
    expect(refusal(() => setBlockStart(lockedProject('s1'), 's1', 10))).toMatchObject({ rule: 'locked' });
  });
});

describe('updateBlock', () => {
  it('changes parameters and removes overrides set to undefined', () => {
    const project = sampleProject();
    const updated = updateBlock(project, 't3', {
      text: 'New text',
      emo_switch: [1, 2, 3, 4, 5],
      voiceId: undefined,
    });
    const block = updated.tracks.speech.blocks[2]!;
    expect(block).toMatchObject({ text: 'New text', emo_switch: [1, 2, 3, 4, 5] });
    expect('voiceId' in block).toBe(false);
    expect(project.tracks.speech.blocks[2]).toMatchObject({ text: 'You are a bold one.' });
  });

  it('keeps a generated block generated after studio edits and stale after content edits', () => {
    const base = sampleProject();
    const t1 = base.tracks.speech.blocks[0]!;
    const project = setGenerationState(base, 't1', {
      kind: 'generated',
      contentHash: contentHash(t1, defaultsOnlyContext(base.defaults)),
      audio: { cacheKey: 'k', durationMs: 800, generatedAt: '2024-01-01T00:00:00Z' },
    });
    const louder = updateBlock(project, 't1', { volumeDb: 6, pauseAfterMs: 1000 });
    expect(blockState(louder.tracks.speech.blocks[0]!, defaultsOnlyContext(louder.defaults))).toBe(
      'generated',
    );
    const edited = updateBlock(project, 't1', { text: 'Hello there!' });
    expect(blockState(edited.tracks.speech.blocks[0]!, defaultsOnlyContext(edited.defaults))).toBe('stale');
  });

  it('refuses fields of another type, studio values out of range and wrong types', () => {
    const project = sampleProject();
    expect(refusal(() => updateBlock(project, 't1', { sfx_length: 3 }))).toMatchObject({
      field: 'sfx_length',
      rule: 'unknown-field',
    });
    expect(refusal(() => updateBlock(project, 's1', { speechRate: 2 }))).toMatchObject({
      field: 'speechRate',
      rule: 'unknown-field',
    });
    expect(refusal(() => updateBlock(project, 't1', { volumeDb: 40 }))).toMatchObject({
      field: 'volumeDb',
      rule: 'out-of-range',
    });
    expect(refusal(() => updateBlock(project, 'm1', { fadeInMs: -1 }))).toMatchObject({
      field: 'fadeInMs',
      rule: 'out-of-range',
    });
    expect(refusal(() => updateBlock(project, 't1', { text: 5 as unknown as string }))).toMatchObject({
      field: 'text',
      rule: 'wrong-type',
    });
    expect(refusal(() => updateBlock(project, 't1', { volumeDb: undefined }))).toMatchObject({
      field: 'volumeDb',
    });
    expect(refusal(() => updateBlock(project, 't1', { id: 'x' } as never))).toMatchObject({
      field: 'id',
      rule: 'unknown-field',
    });
  });

  it('checks the fields an edit changes, naming the one that breaks the schema', () => {
    const project = sampleProject();
    expect(
      refusal(() => updateBlock(project, 't1', { text: 'Fine.', emo_switch: [1, 'x' as unknown as number] })),
    ).toMatchObject({ field: 'emo_switch[1]', rule: 'wrong-type' });
    expect(
      refusal(() => updateBlock(project, 'm1', { text: 'Rain', fadeOutMs: '5' as never })),
    ).toMatchObject({
      field: 'fadeOutMs',
      rule: 'wrong-type',
    });
    // The same field list twice (the second time from the cut-down schemas kept): the same answer.
    expect(
      refusal(() => updateBlock(project, 't1', { emo_switch: [1, 'x' as unknown as number], text: 'A' })),
    ).toMatchObject({ field: 'emo_switch[1]' });
    expect(updateBlock(project, 't1', { text: 'Typed.' }).tracks.speech.blocks[0]).toMatchObject({
      text: 'Typed.',
    });
  });

  it('stores service-rule breaks as entered (validation reports them inline)', () => {
    const updated = updateBlock(sampleProject(), 't1', { emo_switch: [99], speechRate: 9, language: 'xx' });
    expect(updated.tracks.speech.blocks[0]).toMatchObject({
      emo_switch: [99],
      speechRate: 9,
      language: 'xx',
    });
  });

  it('on a locked block allows only unlocking (optionally with edits)', () => {
    const locked = lockedProject('t1');
    expect(refusal(() => updateBlock(locked, 't1', { text: 'x' }))).toMatchObject({
      rule: 'locked',
      field: 'locked',
    });
    expect(updateBlock(locked, 't1', { locked: false }).tracks.speech.blocks[0]!.locked).toBe(false);
    expect(updateBlock(locked, 't1', { locked: false, text: 'x' }).tracks.speech.blocks[0]).toMatchObject({
      locked: false,
      text: 'x',
    });
  });

  it('lets read-only blocks change only volume, pause and lock', () => {
    const base = sampleProject();
    const audio: Block = {
      id: 'a',
      type: 'audio',
      params: { audio: 'https://svc.example/a.wav' },
      pauseAfterMs: 0,
      volumeDb: 0,
      locked: false,
      generation: { kind: 'not-generated' },
    };
    const project = addBlock(base, audio);
    expect(updateBlock(project, 'a', { volumeDb: -3 }).tracks.speech.blocks[3]).toMatchObject({
      volumeDb: -3,
    });
    expect(refusal(() => updateBlock(project, 'a', { text: 'x' }))).toMatchObject({
      field: 'text',
      rule: 'read-only',
    });
  });
});

describe('setGenerationState', () => {
  it('records results even on locked blocks, and checks their shape', () => {
    const locked = lockedProject('t1');
    const failed = setGenerationState(locked, 't1', {
      kind: 'failed',
      contentHash: 'h',
      error: { code: 'RATE_LIMIT_USER', message: 'Too many requests', requestId: 'req-9' },
    });
    expect(failed.tracks.speech.blocks[0]!.generation).toMatchObject({
      kind: 'failed',
      error: { requestId: 'req-9' },
    });
    const invalid = {
      kind: 'generated',
      contentHash: 'h',
      audio: { cacheKey: '', durationMs: 1, generatedAt: 'x' },
    } as const;
    expect(refusal(() => setGenerationState(locked, 't1', invalid))).toMatchObject({
      field: 'generation.audio.cacheKey',
    });
  });
});

describe('duplicateBlocks', () => {
  it('puts speech copies after the last selected block and sfx/music copies after their original', () => {
    const project = sampleProject();
    const ids = sequentialIds('copy');
    const duplicated = duplicateBlocks(project, ['t2', 't1', 's1'], ids);
    expect(speechIds(duplicated)).toEqual(['t1', 't2', 'copy-1', 'copy-2', 't3']);
    expect(duplicated.tracks.speech.blocks[2]).toEqual({ ...project.tracks.speech.blocks[0], id: 'copy-1' });
    // The sfx asks for 3 s from 2 s, so its copy starts at 5 s.
    expect(duplicated.tracks.effects.blocks[1]).toEqual({
      ...project.tracks.effects.blocks[0],
      id: 'copy-3',
      startMs: 5000,
    });
  });

  it('keeps the generation state, which still applies to the same content', () => {
    const base = sampleProject();
    const t1 = base.tracks.speech.blocks[0]!;
    const project = setGenerationState(base, 't1', {
      kind: 'generated',
      contentHash: contentHash(t1, defaultsOnlyContext(base.defaults)),
      audio: { cacheKey: 'k', durationMs: 800, generatedAt: '2024-01-01T00:00:00Z' },
    });
    const copy = duplicateBlocks(project, ['t1'], sequentialIds('c')).tracks.speech.blocks[1]!;
    expect(blockState(copy, defaultsOnlyContext(project.defaults))).toBe('generated');
  });
});
