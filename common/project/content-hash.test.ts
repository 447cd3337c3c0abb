import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from './send-context.js';
import { createMusicBlock, createSfxBlock, createTextBlock, INITIAL_DEFAULTS } from './block-factory.js';
import { canonicalJson } from './canonical-json.js';
import { audioAffectingFields, contentHash } from './content-hash.js';
import type { Block, ProjectDefaults, TextBlock } from './project-schema.js';
import { sha256Hex } from './sha256.js';
import { VOICE_A, VOICE_B, deepFreeze } from './test-support.js';

const defaults: ProjectDefaults = deepFreeze({ ...INITIAL_DEFAULTS, voiceId: VOICE_A });
const base: TextBlock = deepFreeze(createTextBlock({ id: 'b1', text: 'Hello world.' }));

describe('canonicalJson', () => {
  it('sorts keys at every depth and leaves out undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: undefined, b: true } })).toBe(
      '{"a":{"b":true,"d":[1,"x"]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('refuses values JSON cannot hold', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/no JSON form/);
  });
});

describe('contentHash', () => {
  it('is SHA-256 over a domain tag and the canonical audio-affecting fields (known vector)', () => {
    const expectedCanonical =
      '{"language":"auto","preset":"balance","promptId":"default","speechRate":1,"text":"Hello world.","type":"text",' +
      `"voiceId":"${VOICE_A}"}`;
    expect(canonicalJson(audioAffectingFields(base, defaultsOnlyContext(defaults)))).toBe(expectedCanonical);
    expect(contentHash(base, defaultsOnlyContext(defaults))).toBe(
      sha256Hex(`timbre-content/1\n${expectedCanonical}`),
    );
    expect(contentHash(base, defaultsOnlyContext(defaults))).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores studio fields: volume, pause, lock, id and the generation state', () => {
    const original = contentHash(base, defaultsOnlyContext(defaults));
    const studioEdits: Partial<TextBlock>[] = [
      { volumeDb: -12 },
      { pauseAfterMs: 2000 },
      { locked: true },
      { id: 'another-id' },
      { generation: { kind: 'failed', contentHash: 'x', error: { code: 'E', message: 'm' } } },
    ];
    for (const edit of studioEdits)
      expect(contentHash({ ...base, ...edit }, defaultsOnlyContext(defaults))).toBe(original);
  });

  it('changes with the text and with every generation parameter', () => {
    const original = contentHash(base, defaultsOnlyContext(defaults));
    const audioEdits: Partial<TextBlock>[] = [
      { text: 'Hello world!' },
      { voiceId: VOICE_B },
      { promptId: 'cheerful' },
      { preset: 'stable' },
      { language: 'en' },
      { speechRate: 1.1 },
      { emo_switch: [1, 0, 0, 0, 0] },
      { vivid: true },
      { flash: false },
      { break_clone: true },
      { seed: 42 },
    ];
    const hashes = audioEdits.map((edit) => contentHash({ ...base, ...edit }, defaultsOnlyContext(defaults)));
    expect(hashes).not.toContain(original);
    expect(new Set(hashes).size).toBe(audioEdits.length);
  });

  it('resolves project defaults: an override equal to the default hashes like no override', () => {
    expect(contentHash({ ...base, voiceId: VOICE_A, speechRate: 1 }, defaultsOnlyContext(defaults))).toBe(
      contentHash(base, defaultsOnlyContext(defaults)),
    );
    expect(contentHash(base, defaultsOnlyContext({ ...defaults, voiceId: VOICE_B }))).not.toBe(
      contentHash(base, defaultsOnlyContext(defaults)),
    );
    // A block with its own voice does not care about the default voice.
    const ownVoice = { ...base, voiceId: VOICE_B };
    expect(contentHash(ownVoice, defaultsOnlyContext({ ...defaults, voiceId: null }))).toBe(
      contentHash(ownVoice, defaultsOnlyContext(defaults)),
    );
  });

  it('treats seed -1 (the contract’s unset value) like no seed, and ignores surrounding whitespace', () => {
    expect(contentHash({ ...base, seed: -1 }, defaultsOnlyContext(defaults))).toBe(
      contentHash(base, defaultsOnlyContext(defaults)),
    );
    expect(contentHash({ ...base, text: '  Hello world.\n' }, defaultsOnlyContext(defaults))).toBe(
      contentHash(base, defaultsOnlyContext(defaults)),
    );
  });

  it('hashes sfx and music from their description, length and seed only', () => {
    const sfx = createSfxBlock({ id: 's', text: 'door slam', sfx_length: 2, startMs: 0 });
    const music = createMusicBlock({ id: 'm', text: 'door slam', sfx_length: 2 });
    expect(contentHash(sfx, defaultsOnlyContext(defaults))).not.toBe(
      contentHash(music, defaultsOnlyContext(defaults)),
    );
    expect(contentHash({ ...sfx, startMs: 5000, volumeDb: -3 }, defaultsOnlyContext(defaults))).toBe(
      contentHash(sfx, defaultsOnlyContext(defaults)),
    );
    expect(contentHash({ ...music, fadeInMs: 0, fadeOutMs: 9000 }, defaultsOnlyContext(defaults))).toBe(
      contentHash(music, defaultsOnlyContext(defaults)),
    );
    expect(contentHash({ ...sfx, sfx_length: 3 }, defaultsOnlyContext(defaults))).not.toBe(
      contentHash(sfx, defaultsOnlyContext(defaults)),
    );
    // sfx ignore the project voice entirely.
    expect(contentHash(sfx, defaultsOnlyContext({ ...defaults, voiceId: VOICE_B }))).toBe(
      contentHash(sfx, defaultsOnlyContext(defaults)),
    );
  });

  it('hashes read-only blocks from all their wire params', () => {
    const audio: Block = {
      id: 'a',
      type: 'audio',
      params: { audio: 'https://svc.example/a.wav', text: 'x' },
      pauseAfterMs: 0,
      volumeDb: 0,
      locked: false,
      generation: { kind: 'not-generated' },
    };
    const changed = { ...audio, params: { ...audio.params, text: 'y' } };
    expect(contentHash(changed, defaultsOnlyContext(defaults))).not.toBe(
      contentHash(audio, defaultsOnlyContext(defaults)),
    );
  });

  it('gives the same answer when the memo is hit and when defaults objects change', () => {
    const first = contentHash(base, defaultsOnlyContext(defaults));
    expect(contentHash(base, defaultsOnlyContext(defaults))).toBe(first);
    const otherDefaults = { ...defaults, preset: 'stable' };
    expect(contentHash(base, defaultsOnlyContext(otherDefaults))).not.toBe(first);
    expect(contentHash(base, defaultsOnlyContext(defaults))).toBe(first);
  });
});
