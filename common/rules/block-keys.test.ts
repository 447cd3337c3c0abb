import { describe, expect, it } from 'vitest';
import { stripToTypeKeys, unusedKeysForType } from './block-keys.js';
import { BLOCK_TYPE_KEYS, BLOCK_TYPES } from './vocabulary.js';

describe('stripToTypeKeys', () => {
  it('keeps only the keys the block type uses and drops undefined values', () => {
    const block = {
      type: 'sfx',
      text: 'rain',
      sfx_length: 4,
      emo_switch: [1, 1, 1, 1, 1],
      voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f',
      seed: undefined,
    };
    expect(stripToTypeKeys(block)).toEqual({ type: 'sfx', text: 'rain', sfx_length: 4 });
  });

  it('keeps every listed key of every type', () => {
    for (const type of BLOCK_TYPES) {
      const full = Object.fromEntries(
        BLOCK_TYPE_KEYS[type].map((key) => [key, key === 'type' ? type : `value-${key}`]),
      );
      expect(stripToTypeKeys({ ...full, misspelt_key: 1 })).toEqual(full);
    }
  });

  it('does not modify its input', () => {
    const block = { type: 'stem_separation', audio: 'https://s/a.mp3', text: 'dropped' };
    stripToTypeKeys(block);
    expect(block.text).toBe('dropped');
  });

  it('keeps only the type of a block whose type is unknown', () => {
    expect(stripToTypeKeys({ type: 'speech', text: 'x' })).toEqual({ type: 'speech' });
  });
});

describe('unusedKeysForType', () => {
  it('lists the keys the service would silently drop', () => {
    expect(
      unusedKeysForType({
        type: 'text',
        voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f',
        text: 't',
        speechrate: 1.2,
        sfx_length: 3,
      }),
    ).toEqual(['speechrate', 'sfx_length']);
    expect(unusedKeysForType({ type: 'audio', audio: 'u' })).toEqual([]);
  });
});
