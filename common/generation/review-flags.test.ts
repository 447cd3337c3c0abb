import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from '../project/send-context.js';
import { contextOf } from '../project/test-support.js';
import { DEFAULT_CHECK_THRESHOLDS } from '../audio/take-checks.js';
import type { Project, TextBlock } from '../project/index.js';
import { contentHash, createProject, createTextBlock, madeFrom } from '../project/index.js';
import { reviewFlags } from './review-flags.js';

const measures = {
  rmsDb: -20,
  clippedSamples: 0,
  leadingSilenceMs: 50,
  trailingSilenceMs: 150,
  longestPauseMs: 350,
  longestPauseAtMs: 1_000,
};

function withTake(block: TextBlock, defaults: Project['defaults'], speechMs: number, extra = {}): TextBlock {
  const hash = contentHash(block, defaultsOnlyContext(defaults));
  return {
    ...block,
    takes: [
      {
        cacheKey: hash,
        contentHash: hash,
        durationMs: speechMs + 200,
        generatedAt: '2026-01-01T00:00:00.000Z',
        made: madeFrom(block, defaultsOnlyContext(defaults)),
        measures: { ...measures, ...extra },
      },
    ],
  };
}

describe('reviewFlags', () => {
  it('flags the playing take that is too short for its text, learning the voice’s pace from the project', () => {
    const base = createProject({ title: 'Review', defaults: { voiceId: 'v1', language: 'en' } });
    const text = 'A line of exactly fifty characters, give or take.'; // 50 characters
    const blocks = [3_000, 3_100, 2_900, 3_050, 1_200].map((speechMs, index) =>
      withTake(createTextBlock({ text: `${text} ${index}` }), base.defaults, speechMs),
    );
    const loud = withTake(createTextBlock({ text: `${text} 9` }), base.defaults, 3_000, { rmsDb: -8 });
    const project = { ...base, tracks: { ...base.tracks, speech: { blocks: [...blocks, loud] } } };
    const flags = reviewFlags(project, contextOf(project), DEFAULT_CHECK_THRESHOLDS);
    expect([...flags.keys()]).toEqual([blocks[4]?.id, loud.id]);
    expect(flags.get(blocks[4]?.id ?? '')?.map((flag) => flag.kind)).toEqual(['duration']);
    expect(flags.get(loud.id)?.map((flag) => flag.kind)).toEqual(['loudness']);
  });

  it('does not flag durations before a voice has three measured takes, nor takes without measures', () => {
    const base = createProject({ title: 'Review', defaults: { voiceId: 'v1', language: 'en' } });
    const blocks = [3_000, 600].map((speechMs, index) =>
      withTake(createTextBlock({ text: `Line ${index}` }), base.defaults, speechMs),
    );
    const unmeasured = { ...createTextBlock({ text: 'Unmeasured' }) };
    const project = { ...base, tracks: { ...base.tracks, speech: { blocks: [...blocks, unmeasured] } } };
    expect(reviewFlags(project, contextOf(project), DEFAULT_CHECK_THRESHOLDS).size).toBe(0);
  });
});
