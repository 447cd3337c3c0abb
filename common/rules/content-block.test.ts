import { describe, expect, it } from 'vitest';
import { validateContentBlock } from './content-block.js';

const service = 'https://api.voices.example/v1';
const textBlock = { type: 'text', voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f', text: 'Hello there.' };

function rulesOf(block: unknown, index = 0) {
  return validateContentBlock(block, index, { serviceOrigin: service }).map((v) => `${v.path}:${v.rule}`);
}

describe('validateContentBlock', () => {
  it('accepts a complete text block with every parameter in range', () => {
    const block = {
      ...textBlock,
      promptId: 'default',
      preset: 'expressive',
      language: 'auto',
      break_clone: false,
      vivid: true,
      emo_switch: [0, 2.5, 5, 7, 10],
      speechRate: 0.5,
      flash: false,
      stream: true,
      seed: 2_147_483_647,
      mos_score: 5,
    };
    expect(validateContentBlock(block, 0)).toEqual([]);
  });

  it('names the block (1-based for people, 0-based in the path), the field and the rule', () => {
    const [violation] = validateContentBlock({ ...textBlock, emo_switch: [1, 2, 3, 4] }, 3);
    expect(violation).toEqual({
      path: 'contents[3].emo_switch',
      blockIndex: 3,
      field: 'emo_switch',
      rule: 'emo-switch-shape',
      message: expect.stringMatching(/^Block 4 \(text\): "emo_switch" .*exactly 5 numbers.*0 to 10.*got 4/),
    });
  });

  it.each([
    [[1, 2, 3, 4, 5, 6], 'six values'],
    [[1, 2, 3, 4, 11], 'a value above 10'],
    [[1, 2, 3, 4, -0.1], 'a negative value'],
    [[1, 2, '3', 4, 5], 'a string'],
    [[1, 2, Number.NaN, 4, 5], 'NaN'],
    ['1,2,3,4,5', 'not a list'],
  ] as Array<[unknown, string]>)('rejects emo_switch with %j (%s)', (emo_switch) => {
    expect(rulesOf({ ...textBlock, emo_switch })).toEqual(['contents[0].emo_switch:emo-switch-shape']);
  });

  it('requires voiceId and non-empty text on text blocks', () => {
    expect(rulesOf({ type: 'text' })).toEqual(['contents[0].voiceId:required', 'contents[0].text:required']);
    expect(rulesOf({ type: 'text', voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f', text: '   ' })).toEqual([
      'contents[0].text:not-empty',
    ]);
    expect(rulesOf({ type: 'text', voiceId: 7, text: 'hi' })).toEqual(['contents[0].voiceId:wrong-type']);
  });

  it('requires a description on sfx and music blocks and audio on audio-based blocks', () => {
    expect(rulesOf({ type: 'sfx' })).toEqual(['contents[0].text:required']);
    expect(rulesOf({ type: 'music', text: '' })).toEqual(['contents[0].text:not-empty']);
    for (const type of ['audio', 'custom_audio', 'stem_separation']) {
      expect(rulesOf({ type })).toEqual(['contents[0].audio:required']);
    }
    expect(rulesOf({ type: 'scene' })).toEqual([]);
  });

  it('checks language against the list', () => {
    expect(rulesOf({ ...textBlock, language: 'en' })).toEqual([]);
    expect(rulesOf({ ...textBlock, language: 'klingon' })).toEqual(['contents[0].language:not-in-list']);
    expect(rulesOf({ type: 'scene', language: 'EN' })).toEqual(['contents[0].language:not-in-list']);
  });

  it('checks preset, booleans and ranges at their edges', () => {
    expect(rulesOf({ ...textBlock, preset: 'loud' })).toEqual(['contents[0].preset:not-in-list']);
    expect(rulesOf({ ...textBlock, vivid: 'yes' })).toEqual(['contents[0].vivid:wrong-type']);
    expect(rulesOf({ ...textBlock, speechRate: 2 })).toEqual([]);
    expect(rulesOf({ ...textBlock, speechRate: 2.01 })).toEqual(['contents[0].speechRate:out-of-range']);
    expect(rulesOf({ ...textBlock, mos_score: 0.99 })).toEqual(['contents[0].mos_score:out-of-range']);
    expect(rulesOf({ ...textBlock, mos_score: '4' })).toEqual(['contents[0].mos_score:wrong-type']);
    expect(rulesOf({ type: 'sfx', text: 'rain', sfx_length: 300 })).toEqual([]);
    expect(rulesOf({ type: 'sfx', text: 'rain', sfx_length: 0.5 })).toEqual([
      'contents[0].sfx_length:out-of-range',
    ]);
    expect(rulesOf({ type: 'music', text: 'jazz', sfx_length: Infinity })).toEqual([
      'contents[0].sfx_length:wrong-type',
    ]);
  });

  it('accepts seed -1 and 0..2^31-1 only, as integers', () => {
    expect(rulesOf({ ...textBlock, seed: -1 })).toEqual([]);
    expect(rulesOf({ ...textBlock, seed: 0 })).toEqual([]);
    expect(rulesOf({ ...textBlock, seed: -2 })).toEqual(['contents[0].seed:out-of-range']);
    expect(rulesOf({ ...textBlock, seed: 2_147_483_648 })).toEqual(['contents[0].seed:out-of-range']);
    expect(rulesOf({ ...textBlock, seed: 1.5 })).toEqual(['contents[0].seed:not-integer']);
  });

  it('accepts only audio URLs issued by the service (same origin, parsed, not by prefix)', () => {
    const ok = { type: 'audio', audio: 'https://api.voices.example/files/a.mp3' };
    expect(rulesOf(ok)).toEqual([]);
    expect(rulesOf({ type: 'audio', audio: 'https://api.voices.example.evil.com/files/a.mp3' })).toEqual([
      'contents[0].audio:not-platform-url',
    ]);
    expect(rulesOf({ type: 'custom_audio', audio: 'http://api.voices.example/files/a.mp3' })).toEqual([
      'contents[0].audio:not-platform-url',
    ]);
    expect(rulesOf({ type: 'stem_separation', audio: 'not a url' })).toEqual([
      'contents[0].audio:invalid-url',
    ]);
    expect(rulesOf({ type: 'audio', audio: 'file:///etc/passwd' })).toEqual([
      'contents[0].audio:invalid-url',
    ]);
    // Without a service origin only the syntax can be checked.
    expect(validateContentBlock({ type: 'audio', audio: 'https://elsewhere.example/a.mp3' }, 0)).toEqual([]);
    expect(
      validateContentBlock({ type: 'audio', audio: 'https://cdn.voices.example/a.mp3' }, 0, {
        serviceOrigin: service,
        extraAudioOrigins: ['https://cdn.voices.example'],
      }),
    ).toEqual([]);
  });

  it('ignores keys the type does not use (they are stripped before sending)', () => {
    expect(rulesOf({ type: 'sfx', text: 'rain', emo_switch: 'nonsense', language: 'xx' })).toEqual([]);
  });

  it('rejects non-objects, a missing type and an unknown type', () => {
    expect(rulesOf('text', 2)).toEqual(['contents[2]:wrong-type']);
    expect(rulesOf(null)).toEqual(['contents[0]:wrong-type']);
    expect(rulesOf([textBlock])).toEqual(['contents[0]:wrong-type']);
    expect(rulesOf({ text: 'hi' })).toEqual(['contents[0].type:required']);
    expect(rulesOf({ type: 'speech' })).toEqual(['contents[0].type:not-in-list']);
  });

  it('rejects null for a field instead of sending it', () => {
    expect(rulesOf({ ...textBlock, preset: null })).toEqual(['contents[0].preset:wrong-type']);
  });
});
