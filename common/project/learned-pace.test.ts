import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from './block-factory.js';
import { contentHash } from './content-hash.js';
import { blockDuration, estimateSpeechMs } from './duration-estimate.js';
import { learnedPaceFactors } from './learned-pace.js';
import type { Project, TextBlock } from './project-schema.js';
import { defaultsOnlyContext } from './send-context.js';
import { layoutTimeline } from './timeline-layout.js';

const FAST = 'aaaaaaaa-1111-4111-8111-111111111111';
const OTHER = 'bbbbbbbb-2222-4222-8222-222222222222';
const base = createProject({ title: 'Pace', defaults: { voiceId: FAST } });
const context = defaultsOnlyContext(base.defaults);

/** A block of `length` characters with audio `ratio` times its generic estimate. */
function generated(id: string, length: number, ratio: number, voiceId?: string): TextBlock {
  const block = createTextBlock({ id, text: 'x'.repeat(length), ...(voiceId ? { voiceId } : {}) });
  return {
    ...block,
    generation: {
      kind: 'generated',
      contentHash: contentHash(block, context),
      audio: {
        cacheKey: `k-${id}`,
        durationMs: Math.round(estimateSpeechMs(block.text) * ratio),
        generatedAt: '2024-01-01T00:00:00Z',
      },
    },
  };
}

const durationsOf = (blocks: readonly TextBlock[]) => blocks.map((block) => blockDuration(block, context));

function withSpeech(blocks: TextBlock[]): Project {
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

describe('learned pace', () => {
  it("learns each voice's pace from its blocks with audio (the median), once it has three", () => {
    const blocks = [
      generated('a', 150, 0.8),
      generated('b', 300, 0.75),
      generated('c', 90, 0.85),
      generated('d', 150, 3),
    ];
    const factors = learnedPaceFactors(blocks, durationsOf(blocks), context);
    // Median of 0.75, 0.8, 0.85 and 3: one odd take does not move it far.
    expect(factors.get(FAST)).toBeCloseTo(0.825, 2);
    expect(learnedPaceFactors(blocks.slice(0, 2), durationsOf(blocks.slice(0, 2)), context).size).toBe(0);
  });

  it('estimates blocks without audio at their voice’s learned pace, and leaves other voices alone', () => {
    const heard = [generated('a', 150, 0.8), generated('b', 150, 0.8), generated('c', 150, 0.8)];
    const waiting = createTextBlock({ id: 'w', text: 'x'.repeat(300) });
    const otherVoice = createTextBlock({ id: 'o', text: 'x'.repeat(300), voiceId: OTHER });
    const layout = layoutTimeline(withSpeech([...heard, waiting, otherVoice]), context);
    const byId = new Map(layout.speech.map((item) => [item.blockId, item]));
    expect(byId.get('w')).toMatchObject({ source: 'estimate', durationMs: Math.round(20_000 * 0.8) });
    expect(byId.get('o')).toMatchObject({ source: 'estimate', durationMs: 20_000 });
    // Blocks with audio keep their real length.
    expect(byId.get('a')).toMatchObject({ source: 'audio', durationMs: 8_000 });
  });

  it('ignores a pace too far off to be believed', () => {
    const blocks = [generated('a', 150, 5), generated('b', 150, 5), generated('c', 150, 5)];
    expect(learnedPaceFactors(blocks, durationsOf(blocks), context).size).toBe(0);
  });
});
