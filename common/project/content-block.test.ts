import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from './send-context.js';
import { contextOf } from './test-support.js';
import { createTextBlock } from './block-factory.js';
import { contentHash } from './content-hash.js';
import { projectContents, toContentBlock } from './content-block.js';
import type { Block } from './project-schema.js';
import { VOICE_A, VOICE_B, sampleProject } from './test-support.js';

describe('toContentBlock', () => {
  const project = sampleProject();
  const { defaults } = project;

  it('resolves project defaults into a text block and sends no studio fields', () => {
    expect(toContentBlock(project.tracks.speech.blocks[1]!, defaultsOnlyContext(defaults))).toEqual({
      type: 'text',
      text: 'General Kenobi.',
      voiceId: VOICE_A,
      promptId: 'default',
      preset: 'balance',
      language: 'auto',
      speechRate: 1.2,
    });
  });

  it('keeps block overrides and optional parameters, trims the text', () => {
    const block = createTextBlock({
      id: 'x',
      text: '  Hi!  ',
      voiceId: VOICE_B,
      emo_switch: [1, 2, 3, 4, 5],
      vivid: true,
      flash: false,
      break_clone: true,
      seed: 7,
    });
    expect(toContentBlock(block, defaultsOnlyContext(defaults))).toEqual({
      type: 'text',
      text: 'Hi!',
      voiceId: VOICE_B,
      promptId: 'default',
      preset: 'balance',
      language: 'auto',
      speechRate: 1,
      emo_switch: [1, 2, 3, 4, 5],
      vivid: true,
      flash: false,
      break_clone: true,
      seed: 7,
    });
  });

  it('leaves out voiceId while no voice is chosen', () => {
    const wire = toContentBlock(
      createTextBlock({ id: 'x', text: 'Draft' }),
      defaultsOnlyContext({ ...defaults, voiceId: null }),
    );
    expect('voiceId' in wire).toBe(false);
  });

  it('sends sfx and music as description, length and seed', () => {
    expect(toContentBlock(project.tracks.effects.blocks[0]!, defaultsOnlyContext(defaults))).toEqual({
      type: 'sfx',
      text: 'lightsaber hum',
      sfx_length: 3,
    });
    expect(toContentBlock(project.tracks.music.blocks[0]!, defaultsOnlyContext(defaults))).toEqual({
      type: 'music',
      text: 'tense strings',
      sfx_length: 60,
    });
  });

  it('passes read-only blocks through, stripped to their type’s keys, type protected', () => {
    const audio: Block = {
      id: 'a',
      type: 'audio',
      params: { audio: 'https://svc.example/x.wav', text: 'hello', speechRate: 2, type: 'text' },
      pauseAfterMs: 0,
      volumeDb: 0,
      locked: false,
      generation: { kind: 'not-generated' },
    };
    expect(toContentBlock(audio, defaultsOnlyContext(defaults))).toEqual({
      type: 'audio',
      audio: 'https://svc.example/x.wav',
      text: 'hello',
    });
  });
});

describe('projectContents', () => {
  it('lists every block in timeline order with its hash, or only the asked ones', () => {
    const project = sampleProject();
    const all = projectContents(project, contextOf(project));
    expect(all.map((entry) => entry.blockId)).toEqual(['t1', 't2', 't3', 's1', 'm1']);
    expect(all[0]!.contentHash).toBe(
      contentHash(project.tracks.speech.blocks[0]!, defaultsOnlyContext(project.defaults)),
    );
    expect(projectContents(project, contextOf(project), ['m1', 't3']).map((entry) => entry.blockId)).toEqual([
      't3',
      'm1',
    ]);
  });
});
