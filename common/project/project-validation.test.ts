import { describe, expect, it } from 'vitest';
import { contextOf } from './test-support.js';
import { createTextBlock } from './block-factory.js';
import type { Block, Project } from './project-schema.js';
import { validateBlock, validateProject } from './project-validation.js';
import { sampleProject } from './test-support.js';

function withSpeech(project: Project, blocks: Block[]): Project {
  return {
    ...project,
    tracks: { ...project.tracks, speech: { blocks: blocks as Project['tracks']['speech']['blocks'] } },
  };
}

describe('validateProject', () => {
  it('finds nothing wrong with a valid project', () => {
    expect(validateProject(sampleProject(), contextOf(sampleProject()))).toEqual([]);
  });

  it('names the block by track, number and text excerpt, and the field and rule', () => {
    const base = sampleProject();
    const project = withSpeech(base, [
      ...base.tracks.speech.blocks,
      createTextBlock({
        id: 'bad',
        text: 'An overly emotional sentence that goes on and on.',
        emo_switch: [1, 2, 3],
      }),
    ]);
    const violations = validateProject(project, contextOf(project));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({
      blockId: 'bad',
      track: 'speech',
      blockIndex: 3,
      blockNumber: 4,
      field: 'emo_switch',
      rule: 'emo-switch-shape',
      path: 'tracks.speech.blocks[3].emo_switch',
      fromDefault: false,
      blockLabel: 'Speech block 4 (“An overly emotional sentence th…”)',
    });
    expect(violations[0]!.message).toMatch(
      /^Speech block 4 \(“An overly emotional sentence th…”\): Emotion weights must have exactly 5 numbers/,
    );
  });

  it('checks ranges, lists and integers of every parameter', () => {
    const base = sampleProject();
    const project = withSpeech(base, [
      createTextBlock({
        id: 'a',
        text: 'One.',
        speechRate: 5,
        language: 'klingon',
        preset: 'loud',
        seed: 1.5,
      }),
    ]);
    const found = validateProject(project, contextOf(project)).map(({ field, rule }) => `${field}:${rule}`);
    expect(found.sort()).toEqual([
      'language:not-in-list',
      'preset:not-in-list',
      'seed:not-integer',
      'speechRate:out-of-range',
    ]);
  });

  it('marks a problem that comes from the project defaults', () => {
    const base = sampleProject();
    const project: Project = { ...base, defaults: { ...base.defaults, language: 'xx' } };
    const violations = validateProject(project, contextOf(project));
    expect(violations.map((violation) => violation.blockId)).toEqual(['t1', 't2', 't3']);
    expect(violations.every((violation) => violation.fromDefault && violation.field === 'language')).toBe(
      true,
    );
    expect(violations[0]!.message).toMatch(/\(this value is the project default\)\.$/);
  });

  it('says when no voice is chosen and when a text or description is empty', () => {
    const base = sampleProject();
    const project: Project = {
      ...base,
      defaults: { ...base.defaults, voiceId: null },
      tracks: {
        speech: {
          blocks: [
            createTextBlock({ id: 'v', text: 'Needs a voice.' }),
            createTextBlock({ id: 'e', text: '   ', voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f' }),
          ],
        },
        effects: { blocks: [{ ...base.tracks.effects.blocks[0]!, text: '' }] },
        music: { blocks: [{ ...base.tracks.music.blocks[0]!, sfx_length: 900 }] },
      },
    };
    const violations = validateProject(project, contextOf(project));
    expect(violations.map(({ blockId, field, rule }) => `${blockId}:${field}:${rule}`)).toEqual([
      'v:voiceId:required',
      'e:text:not-empty',
      's1:text:not-empty',
      'm1:sfx_length:out-of-range',
    ]);
    expect(violations[0]!.message).toBe(
      'Speech block 1 (“Needs a voice.”): no voice is chosen; pick a default voice for the project or a voice for this block.',
    );
    expect(violations[2]!.blockLabel).toBe('Effects block 1');
    expect(violations[3]!.message).toMatch(
      /^Music block 1 \(“tense strings”\): Length must be from 1 to 300 seconds/,
    );
  });

  it('checks that read-only audio blocks use the project service’s URLs', () => {
    const base = { ...sampleProject(), serviceUrl: 'https://svc.example' };
    const audio = (url: string): Block => ({
      id: url,
      type: 'audio',
      params: { audio: url },
      pauseAfterMs: 0,
      volumeDb: 0,
      locked: false,
      generation: { kind: 'not-generated' },
    });
    const project = withSpeech(base, [
      audio('https://svc.example/a.wav'),
      audio('https://elsewhere.example/b.wav'),
    ]);
    const violations = validateProject(project, contextOf(project));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ blockNumber: 2, field: 'audio', rule: 'not-platform-url' });
  });

  it('validates one block for the inspector', () => {
    const base = sampleProject();
    const project = withSpeech(base, [createTextBlock({ id: 'only', text: 'x', speechRate: 0.1 })]);
    expect(validateBlock(project, contextOf(project), 'only').map((violation) => violation.rule)).toEqual([
      'out-of-range',
    ]);
    expect(() => validateBlock(project, contextOf(project), 'missing')).toThrow(/No block with id "missing"/);
  });
});
