import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from './send-context.js';
import { createTextBlock } from './block-factory.js';
import { addBlock, setGenerationState, updateBlock } from './block-edits.js';
import { blockState } from './block-state.js';
import { contentHash } from './content-hash.js';
import { ProjectEditError } from './edit-error.js';
import type { Block, Project } from './project-schema.js';
import { joinTexts, mergeWithNext, splitTextBlock } from './text-block-edits.js';
import { VOICE_B, sampleProject, sequentialIds } from './test-support.js';

function generatedT1(): Project {
  const base = sampleProject();
  return setGenerationState(base, 't1', {
    kind: 'generated',
    contentHash: contentHash(base.tracks.speech.blocks[0]!, defaultsOnlyContext(base.defaults)),
    audio: { cacheKey: 'k', durationMs: 900, generatedAt: '2024-01-01T00:00:00Z' },
  });
}

describe('splitTextBlock', () => {
  it('cuts the text at the offset, dropping whitespace at the cut', () => {
    const project = generatedT1();
    const split = splitTextBlock(project, 't1', 6, sequentialIds('new'));
    const [first, second] = split.tracks.speech.blocks;
    expect(first).toMatchObject({ id: 't1', text: 'Hello' });
    expect(second).toMatchObject({ id: 'new-1', text: 'there.', generation: { kind: 'not-generated' } });
    expect(split.tracks.speech.blocks.map((block) => block.id)).toEqual(['t1', 'new-1', 't2', 't3']);
    // The first part's old audio no longer matches its text.
    expect(blockState(first!, defaultsOnlyContext(split.defaults))).toBe('stale');
    expect(project.tracks.speech.blocks[0]).toMatchObject({ text: 'Hello there.' });
  });

  it('gives the new block the same parameters, volume and pause', () => {
    const project = updateBlock(sampleProject(), 't3', {
      volumeDb: -4,
      pauseAfterMs: 700,
      emo_switch: [1, 1, 1, 1, 1],
    });
    const second = splitTextBlock(project, 't3', 8, sequentialIds('n')).tracks.speech.blocks[3]!;
    expect(second).toMatchObject({
      text: 'a bold one.',
      voiceId: VOICE_B,
      volumeDb: -4,
      pauseAfterMs: 700,
      emo_switch: [1, 1, 1, 1, 1],
    });
  });

  it('refuses offsets at the edges, inside a surrogate pair, or leaving an empty part', () => {
    const project = addBlock(sampleProject(), createTextBlock({ id: 'e', text: 'a😀b   ' }));
    const refused = (offset: number) => {
      try {
        splitTextBlock(project, 'e', offset);
      } catch (error) {
        return error instanceof ProjectEditError ? `${error.field}:${error.rule}` : 'other';
      }
      return 'accepted';
    };
    expect(refused(0)).toBe('offset:invalid-offset');
    expect(refused(7)).toBe('offset:invalid-offset');
    expect(refused(2)).toBe('offset:invalid-offset');
    expect(refused(4)).toBe('offset:invalid-offset');
    expect(refused(1.5)).toBe('offset:invalid-offset');
    expect(refused(3)).toBe('accepted');
  });

  it('refuses locked and non-text blocks', () => {
    expect(() => splitTextBlock(updateBlock(sampleProject(), 't1', { locked: true }), 't1', 3)).toThrow(
      /locked/,
    );
    expect(() => splitTextBlock(sampleProject(), 's1', 3)).toThrow(/Only text blocks can be split/);
  });
});

describe('mergeWithNext', () => {
  it('joins the texts, keeps the first block’s settings and takes the second’s pause', () => {
    const project = updateBlock(sampleProject(), 't2', { pauseAfterMs: 1234 });
    const merged = mergeWithNext(project, 't1');
    expect(merged.tracks.speech.blocks.map((block) => block.id)).toEqual(['t1', 't3']);
    expect(merged.tracks.speech.blocks[0]).toMatchObject({
      text: 'Hello there. General Kenobi.',
      pauseAfterMs: 1234,
    });
    expect('speechRate' in merged.tracks.speech.blocks[0]!).toBe(false);
  });

  it('split then merge gives back the original text', () => {
    const project = sampleProject();
    const roundTrip = mergeWithNext(splitTextBlock(project, 't3', 8, sequentialIds('x')), 't3');
    expect(roundTrip.tracks.speech.blocks).toEqual(project.tracks.speech.blocks);
  });

  it('joins CJK text without a space', () => {
    expect(joinTexts('今天天气很好。', '我们去公园吧！')).toBe('今天天气很好。我们去公园吧！');
    expect(joinTexts('Hello ', '  world')).toBe('Hello world');
    expect(joinTexts('', 'x')).toBe('x');
  });

  it('refuses the last block, a non-text next block and locked blocks', () => {
    const project = sampleProject();
    expect(() => mergeWithNext(project, 't3')).toThrow(/last block of the speech track/);
    const audio: Block = {
      id: 'a',
      type: 'audio',
      params: {},
      pauseAfterMs: 0,
      volumeDb: 0,
      locked: false,
      generation: { kind: 'not-generated' },
    };
    expect(() => mergeWithNext(addBlock(project, audio), 't3')).toThrow(/next block is a audio block/);
    expect(() => mergeWithNext(updateBlock(project, 't2', { locked: true }), 't1')).toThrow(/locked/);
  });
});
