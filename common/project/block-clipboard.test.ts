import { describe, expect, it } from 'vitest';
import { contextOf } from './test-support.js';
import { defaultsOnlyContext } from './send-context.js';
import { createProject } from './block-factory.js';
import { setGenerationState, updateBlock } from './block-edits.js';
import {
  CLIPBOARD_FORMAT,
  copyBlocks,
  isClipboardBlocks,
  pasteBlocks,
  readClipboardBlocks,
} from './block-clipboard.js';
import { blockState } from './block-state.js';
import { contentHash } from './content-hash.js';
import type { Project } from './project-schema.js';
import { VOICE_A, VOICE_B, deepFreeze, sampleProject, sequentialIds } from './test-support.js';

function generatedAll(project: Project): Project {
  let next = project;
  for (const block of [...project.tracks.speech.blocks, ...project.tracks.effects.blocks]) {
    next = setGenerationState(next, block.id, {
      kind: 'generated',
      contentHash: contentHash(block, defaultsOnlyContext(project.defaults)),
      audio: { cacheKey: block.id, durationMs: 1000, generatedAt: '2024-01-01T00:00:00Z' },
    });
  }
  return deepFreeze(next);
}

const target = (voiceId: string | null) =>
  deepFreeze(
    createProject(
      { id: 'target', title: 'Target', createdAt: '2024-02-02T00:00:00Z', defaults: { voiceId } },
      sequentialIds('p'),
    ),
  );

describe('copy and paste of blocks', () => {
  it('serialises the selection in timeline order with the source defaults', () => {
    const text = copyBlocks(sampleProject(), ['s1', 't3', 't1']);
    const clipboard = readClipboardBlocks(text);
    expect(clipboard?.format).toBe(CLIPBOARD_FORMAT);
    expect(clipboard?.blocks.map((block) => block.id)).toEqual(['t1', 't3', 's1']);
    expect(clipboard?.defaults.voiceId).toBe(VOICE_A);
    expect(isClipboardBlocks(text)).toBe(true);
    expect(isClipboardBlocks('Just some prose.')).toBe(false);
    expect(isClipboardBlocks('{"format":"other"}')).toBe(false);
  });

  it('pastes with fresh ids, keeping audio whose content hash still matches in the target', () => {
    const source = generatedAll(sampleProject());
    const pasted = pasteBlocks(
      target(VOICE_A),
      contextOf(target(VOICE_A)),
      copyBlocks(source, ['t1', 't3', 's1']),
      {},
      sequentialIds('paste'),
    );
    expect(pasted.tracks.speech.blocks.map((block) => block.id)).toEqual(['paste-1', 'paste-2']);
    expect(pasted.tracks.effects.blocks.map((block) => block.id)).toEqual(['paste-3']);
    const states = [...pasted.tracks.speech.blocks, ...pasted.tracks.effects.blocks].map((block) =>
      blockState(block, defaultsOnlyContext(pasted.defaults)),
    );
    expect(states).toEqual(['generated', 'generated', 'generated']);
  });

  it('resets audio that no longer matches because the target’s defaults differ', () => {
    const source = generatedAll(sampleProject());
    const pasted = pasteBlocks(
      target(VOICE_B),
      contextOf(target(VOICE_B)),
      copyBlocks(source, ['t1', 't3']),
      {},
      sequentialIds('paste'),
    );
    // t1 used the source's default voice A; here the default is B. t3 carries its own voice B.
    expect(pasted.tracks.speech.blocks.map((block) => block.generation.kind)).toEqual([
      'not-generated',
      'generated',
    ]);
  });

  it('can keep the source voice by writing the source defaults into the blocks', () => {
    const source = generatedAll(sampleProject());
    const pasted = pasteBlocks(
      target(VOICE_B),
      contextOf(target(VOICE_B)),
      copyBlocks(source, ['t1']),
      { keepSourceVoice: true },
      sequentialIds('k'),
    );
    const block = pasted.tracks.speech.blocks[0]!;
    expect(block).toMatchObject({ voiceId: VOICE_A });
    expect(blockState(block, defaultsOnlyContext(pasted.defaults))).toBe('generated');
  });

  it('pastes after a chosen block and moves placed blocks to a time, keeping their spacing', () => {
    const source = updateBlock(sampleProject(), 'm1', { startMs: 1000 });
    const into = sampleProject();
    const pasted = pasteBlocks(
      into,
      contextOf(into),
      copyBlocks(source, ['t2', 's1', 'm1']),
      { afterId: 't1', atMs: 10_000 },
      sequentialIds('n'),
    );
    expect(pasted.tracks.speech.blocks.map((block) => block.id)).toEqual(['t1', 'n-1', 't2', 't3']);
    expect(pasted.tracks.effects.blocks[1]!.startMs).toBe(11_000);
    expect(pasted.tracks.music.blocks[1]!.startMs).toBe(10_000);
  });

  it('refuses clipboard text that is not Timbre blocks, naming the bad field', () => {
    expect(() => pasteBlocks(sampleProject(), contextOf(sampleProject()), 'hello')).toThrow(
      /does not hold Timbre Studio blocks/,
    );
    const tampered = JSON.parse(copyBlocks(sampleProject(), ['t1'])) as { blocks: { text: unknown }[] };
    tampered.blocks[0]!.text = 7;
    expect(() => pasteBlocks(sampleProject(), contextOf(sampleProject()), JSON.stringify(tampered))).toThrow(
      /blocks\[0\]/,
    );
  });
});
