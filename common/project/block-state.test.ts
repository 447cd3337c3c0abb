import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from './send-context.js';
import { blockState, needsGeneration } from './block-state.js';
import { INITIAL_DEFAULTS, createTextBlock } from './block-factory.js';
import { contentHash } from './content-hash.js';
import type { ProjectDefaults, TextBlock } from './project-schema.js';
import { VOICE_A, VOICE_B } from './test-support.js';

const defaults: ProjectDefaults = { ...INITIAL_DEFAULTS, voiceId: VOICE_A };
const block = createTextBlock({ id: 'b', text: 'Good evening.' });
const generated = (from: TextBlock): TextBlock => ({
  ...from,
  generation: {
    kind: 'generated',
    contentHash: contentHash(from, defaultsOnlyContext(defaults)),
    audio: { cacheKey: 'k', durationMs: 1200, generatedAt: '2024-01-01T00:00:00Z' },
  },
});

describe('blockState', () => {
  it('is not-generated for a new block', () => {
    expect(blockState(block, defaultsOnlyContext(defaults))).toBe('not-generated');
    expect(needsGeneration(block, defaultsOnlyContext(defaults))).toBe(true);
  });

  it('is generated while the content matches the audio', () => {
    const done = generated(block);
    expect(blockState(done, defaultsOnlyContext(defaults))).toBe('generated');
    expect(
      blockState({ ...done, volumeDb: -20, pauseAfterMs: 0, locked: true }, defaultsOnlyContext(defaults)),
    ).toBe('generated');
    expect(needsGeneration(done, defaultsOnlyContext(defaults))).toBe(false);
  });

  it('turns stale when the text, a parameter or a used default changes', () => {
    const done = generated(block);
    expect(blockState({ ...done, text: 'Good morning.' }, defaultsOnlyContext(defaults))).toBe('stale');
    expect(blockState({ ...done, emo_switch: [5, 5, 5, 5, 5] }, defaultsOnlyContext(defaults))).toBe('stale');
    expect(blockState(done, defaultsOnlyContext({ ...defaults, voiceId: VOICE_B }))).toBe('stale');
    // A default the block overrides does not matter.
    const ownRate = generated({ ...block, speechRate: 1.5 });
    expect(blockState(ownRate, defaultsOnlyContext({ ...defaults, speechRate: 0.8 }))).toBe('generated');
  });

  it('is failed for the content that failed, and not-generated once that content changes', () => {
    const failed: TextBlock = {
      ...block,
      generation: {
        kind: 'failed',
        contentHash: contentHash(block, defaultsOnlyContext(defaults)),
        error: { code: 'TTS_CONTENTS_INVALID', message: 'bad', requestId: 'r-1' },
      },
    };
    expect(blockState(failed, defaultsOnlyContext(defaults))).toBe('failed');
    expect(blockState({ ...failed, text: 'Fixed text.' }, defaultsOnlyContext(defaults))).toBe(
      'not-generated',
    );
  });
});
