import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from '../project/send-context.js';
import { contextOf } from '../project/test-support.js';
import { DEFAULT_CHECK_THRESHOLDS } from '../audio/take-checks.js';
import type { Project, TextBlock } from '../project/index.js';
import {
  acceptTakeFlags,
  contentHash,
  createProject,
  createTextBlock,
  madeFrom,
  pinTake,
  withTake as addTake,
} from '../project/index.js';
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

  it('leaves a pinned take alone, and the kinds of flag marked “Sounds fine” on that take only', () => {
    const base = createProject({ title: 'Review', defaults: { voiceId: 'v1', language: 'en' } });
    const text = 'A line of exactly fifty characters, give or take.';
    const ordinary = [3_000, 3_100, 2_900].map((speechMs, index) =>
      withTake(createTextBlock({ text: `${text} ${index}` }), base.defaults, speechMs),
    );
    // Too short for its text and too loud: two kinds of flag.
    const odd = (index: number) =>
      withTake(createTextBlock({ text: `${text} odd ${index}` }), base.defaults, 1_200, { rmsDb: -8 });
    const pinned = odd(1);
    const accepted = odd(2);
    let project: Project = {
      ...base,
      tracks: { ...base.tracks, speech: { blocks: [...ordinary, pinned, accepted] } },
    };
    const kindsOf = (blockId: string) =>
      reviewFlags(project, contextOf(project), DEFAULT_CHECK_THRESHOLDS)
        .get(blockId)
        ?.map((flag) => flag.kind);
    expect(kindsOf(pinned.id)).toEqual(['duration', 'loudness']);

    project = pinTake(project, pinned.id, pinned.takes![0]!.cacheKey);
    project = acceptTakeFlags(project, accepted.id, accepted.takes![0]!.cacheKey, ['loudness']);
    expect(kindsOf(pinned.id)).toBeUndefined();
    expect(kindsOf(accepted.id)).toEqual(['duration']);
    project = acceptTakeFlags(project, accepted.id, accepted.takes![0]!.cacheKey, ['duration']);
    expect(kindsOf(accepted.id)).toBeUndefined();

    // Another take of the block plays now: it is judged afresh.
    const context = contextOf(project);
    const block = project.tracks.speech.blocks[4] as TextBlock;
    const hash = contentHash(block, context);
    const { acceptedFlags: _accepted, ...first } = block.takes![0]!;
    const again = addTake(block, { ...first, cacheKey: `${hash}-2`, seed: 7 }, context);
    project = {
      ...project,
      tracks: { ...project.tracks, speech: { blocks: project.tracks.speech.blocks.with(4, again) } },
    };
    expect(kindsOf(accepted.id)).toEqual(['duration', 'loudness']);
  });
});
