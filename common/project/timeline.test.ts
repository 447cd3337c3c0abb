import { describe, expect, it } from 'vitest';
import { defaultsOnlyContext } from './send-context.js';
import { contextOf } from './test-support.js';
import { createMusicBlock, createSfxBlock, createTextBlock } from './block-factory.js';
import { knownBlockMemo } from './block-memo.js';
import { contentHash } from './content-hash.js';
import {
  DEFAULT_MUSIC_ESTIMATE_MS,
  DEFAULT_PASSTHROUGH_ESTIMATE_MS,
  DEFAULT_SFX_ESTIMATE_MS,
  blockDuration,
  estimateSpeechMs,
} from './duration-estimate.js';
import { characterCount, projectStats } from './project-stats.js';
import type { Block, Project, Take, TextBlock } from './project-schema.js';
import { madeFrom } from './takes.js';
import { layoutTimeline, speechItemAt } from './timeline-layout.js';
import { sampleProject } from './test-support.js';

function withGeneratedAudio(block: TextBlock, project: Project, durationMs: number): TextBlock {
  return {
    ...block,
    generation: {
      kind: 'generated',
      contentHash: contentHash(block, defaultsOnlyContext(project.defaults)),
      audio: { cacheKey: 'k', durationMs, generatedAt: '2024-01-01T00:00:00Z' },
    },
  };
}

describe('estimateSpeechMs', () => {
  it('assumes 15 characters a second for English at rate 1', () => {
    expect(estimateSpeechMs('x'.repeat(150))).toBe(10_000);
    expect(estimateSpeechMs('  padded  ')).toBe(Math.round((6 / 15) * 1000));
  });

  it('scales with the speech rate (2 = twice as fast), within sane bounds', () => {
    expect(estimateSpeechMs('x'.repeat(150), 2)).toBe(5_000);
    expect(estimateSpeechMs('x'.repeat(150), 0.5)).toBe(20_000);
    expect(estimateSpeechMs('x'.repeat(150), 0)).toBe(40_000);
    expect(estimateSpeechMs('x'.repeat(150), Number.NaN)).toBe(10_000);
  });

  it('is slower per character for Chinese, Japanese kana and Korean', () => {
    expect(estimateSpeechMs('字'.repeat(45))).toBe(10_000);
    expect(estimateSpeechMs('か'.repeat(70))).toBe(10_000);
    expect(estimateSpeechMs('한'.repeat(60))).toBe(10_000);
    // Mixed text adds up part by part.
    expect(estimateSpeechMs(`${'字'.repeat(9)}${'x'.repeat(30)}`)).toBe(4_000);
  });

  it('is zero for empty text', () => {
    expect(estimateSpeechMs('   ')).toBe(0);
  });
});

describe('blockDuration', () => {
  const project = sampleProject();
  const text = project.tracks.speech.blocks[0] as TextBlock;

  it('uses the real audio length once generated, the estimate before and when stale', () => {
    expect(blockDuration(text, defaultsOnlyContext(project.defaults))).toEqual({
      durationMs: estimateSpeechMs(text.text),
      source: 'estimate',
    });
    const generated = withGeneratedAudio(text, project, 1234);
    expect(blockDuration(generated, defaultsOnlyContext(project.defaults))).toEqual({
      durationMs: 1234,
      source: 'audio',
    });
    const stale = { ...generated, text: 'Hello there, friend.' };
    expect(blockDuration(stale, defaultsOnlyContext(project.defaults))).toEqual({
      durationMs: estimateSpeechMs(stale.text),
      source: 'estimate',
    });
  });

  it("remembers a block's duration in the record of a block that has one, per context, and makes none", () => {
    const context = defaultsOnlyContext(project.defaults);
    const fresh = { ...text, text: 'A line never laid out before.' };
    const first = blockDuration(fresh, context);
    // No record is made for it: a book's first layout makes none for its 10,000 blocks.
    expect(knownBlockMemo(fresh)).toBeUndefined();
    contentHash(fresh, context);
    const remembered = blockDuration(fresh, context);
    expect(remembered).toEqual(first);
    expect(knownBlockMemo(fresh)?.duration).toEqual({ context, duration: remembered });
    expect(blockDuration(fresh, context)).toBe(remembered);
    // Another context (a slower default rate) is worked out again.
    const slower = defaultsOnlyContext({ ...project.defaults, speechRate: 0.5 });
    expect(blockDuration(fresh, slower).durationMs).toBeGreaterThan(remembered.durationMs);
    // An edit is a new block object: its own duration.
    const longer = {
      ...fresh,
      text: `${fresh.text} And a second sentence, a good deal longer than the first.`,
    };
    contentHash(longer, context);
    expect(blockDuration(longer, context).durationMs).toBeGreaterThan(remembered.durationMs);
  });

  it("lays takes out by the take that plays: the pinned or newest one made from the block's current content", () => {
    const context = defaultsOnlyContext(project.defaults);
    const take = (cacheKey: string, durationMs: number, block: TextBlock): Take => ({
      cacheKey,
      contentHash: contentHash(block, context),
      durationMs,
      generatedAt: '2024-01-01T00:00:00.000Z',
      made: madeFrom(block, context),
    });
    const older = { ...text, text: 'An older wording.' };
    const withTakes: TextBlock = {
      ...text,
      takes: [
        take('a'.repeat(64), 1000, text),
        take('b'.repeat(64), 2000, text),
        take('c'.repeat(64), 3000, older),
      ],
    };
    const durationOf = (block: TextBlock) => blockDuration(block, context);
    expect(durationOf(withTakes)).toEqual({ durationMs: 2000, source: 'audio' });
    expect(durationOf({ ...withTakes, pinnedTake: 'a'.repeat(64) })).toEqual({
      durationMs: 1000,
      source: 'audio',
    });
    // A pin on a take of other content does not apply; going back to that content brings its take back.
    expect(durationOf({ ...withTakes, pinnedTake: 'c'.repeat(64) })).toEqual({
      durationMs: 2000,
      source: 'audio',
    });
    expect(durationOf({ ...withTakes, text: older.text })).toEqual({ durationMs: 3000, source: 'audio' });
    expect(durationOf({ ...withTakes, text: 'New words.' })).toEqual({
      durationMs: estimateSpeechMs('New words.'),
      source: 'estimate',
    });
    // A parameter that changes the audio makes the takes stale too.
    expect(durationOf({ ...withTakes, speechRate: 1.5 }).source).toBe('estimate');
    // So does a parameter set that was not set, and a list of emotions, compared by value.
    expect(durationOf({ ...withTakes, vivid: true }).source).toBe('estimate');
    const emotional: TextBlock = { ...text, emo_switch: [0, 1, 0, 0, 0, 0, 0, 0] };
    const withEmotions: TextBlock = { ...emotional, takes: [take('d'.repeat(64), 4000, emotional)] };
    expect(durationOf({ ...withEmotions, emo_switch: [0, 1, 0, 0, 0, 0, 0, 0] }).durationMs).toBe(4000);
    expect(durationOf({ ...withEmotions, emo_switch: [0, 0, 1, 0, 0, 0, 0, 0] }).source).toBe('estimate');
    expect(durationOf({ ...withEmotions, emo_switch: undefined }).source).toBe('estimate');
    // Takes recorded before `made` existed are matched by content hash, with the same answers.
    const unrecorded = (block: TextBlock): TextBlock => ({
      ...block,
      takes: block.takes!.map(({ made: _made, ...rest }) => rest),
    });
    expect(durationOf(unrecorded(withTakes))).toEqual({ durationMs: 2000, source: 'audio' });
    expect(durationOf(unrecorded({ ...withTakes, text: older.text }))).toEqual({
      durationMs: 3000,
      source: 'audio',
    });
    expect(durationOf(unrecorded({ ...withTakes, text: 'New words.' })).source).toBe('estimate');
  });

  it('uses the block speech rate or the project default', () => {
    const fast = createTextBlock({ id: 'f', text: 'x'.repeat(30), speechRate: 2 });
    expect(blockDuration(fast, defaultsOnlyContext(project.defaults)).durationMs).toBe(1000);
    expect(
      blockDuration(
        { ...fast, speechRate: undefined },
        defaultsOnlyContext({ ...project.defaults, speechRate: 0.5 }),
      ).durationMs,
    ).toBe(4000);
  });

  it('re-estimates the same block object when the default rate it uses changes', () => {
    const block = createTextBlock({ id: 'same', text: 'x'.repeat(30) });
    expect(blockDuration(block, defaultsOnlyContext({ ...project.defaults, speechRate: 1 })).durationMs).toBe(
      2000,
    );
    expect(blockDuration(block, defaultsOnlyContext({ ...project.defaults, speechRate: 2 })).durationMs).toBe(
      1000,
    );
    expect(blockDuration(block, defaultsOnlyContext({ ...project.defaults, speechRate: 1 })).durationMs).toBe(
      2000,
    );
  });

  it('memoises text in slower scripts per block and rate, and re-estimates when the rate changes', () => {
    // 9 Han characters at 4.5 a second: 2 s at rate 1.
    const block = createTextBlock({ id: 'han', text: '灯塔守望者每夜写字' });
    const at = (speechRate: number) =>
      blockDuration(block, defaultsOnlyContext({ ...project.defaults, speechRate })).durationMs;
    expect(at(1)).toBe(2000);
    expect(at(1)).toBe(2000);
    expect(at(2)).toBe(1000);
    expect(at(1)).toBe(2000);
    expect(blockDuration({ ...block, text: '灯塔' }, defaultsOnlyContext(project.defaults)).durationMs).toBe(
      444,
    );
  });

  it('estimates sfx and music from sfx_length (seconds) or a default', () => {
    expect(
      blockDuration(createSfxBlock({ id: 's', sfx_length: 2.5 }), defaultsOnlyContext(project.defaults))
        .durationMs,
    ).toBe(2500);
    expect(blockDuration(createSfxBlock({ id: 's' }), defaultsOnlyContext(project.defaults)).durationMs).toBe(
      DEFAULT_SFX_ESTIMATE_MS,
    );
    expect(
      blockDuration(createMusicBlock({ id: 'm' }), defaultsOnlyContext(project.defaults)).durationMs,
    ).toBe(DEFAULT_MUSIC_ESTIMATE_MS);
    const passthrough: Block = {
      id: 'p',
      type: 'stem_separation',
      params: { audio: 'https://svc.example/a.wav' },
      pauseAfterMs: 0,
      volumeDb: 0,
      locked: false,
      generation: { kind: 'not-generated' },
    };
    expect(blockDuration(passthrough, defaultsOnlyContext(project.defaults)).durationMs).toBe(
      DEFAULT_PASSTHROUGH_ESTIMATE_MS,
    );
  });
});

describe('layoutTimeline', () => {
  it('places speech blocks one after another with their pauses, sfx and music at their start times', () => {
    const base = sampleProject();
    const [t1, t2, t3] = base.tracks.speech.blocks as TextBlock[];
    const project: Project = {
      ...base,
      tracks: {
        ...base.tracks,
        speech: {
          blocks: [
            withGeneratedAudio({ ...t1!, pauseAfterMs: 500 }, base, 1000),
            withGeneratedAudio({ ...t2!, pauseAfterMs: 250 }, base, 2000),
            { ...t3!, pauseAfterMs: 9000 },
          ],
        },
      },
    };
    const layout = layoutTimeline(project, contextOf(project));
    const t3Estimate = estimateSpeechMs(t3!.text);
    expect(
      layout.speech.map(({ blockId, startMs, endMs, source }) => ({ blockId, startMs, endMs, source })),
    ).toEqual([
      { blockId: 't1', startMs: 0, endMs: 1000, source: 'audio' },
      { blockId: 't2', startMs: 1500, endMs: 3500, source: 'audio' },
      { blockId: 't3', startMs: 3750, endMs: 3750 + t3Estimate, source: 'estimate' },
    ]);
    expect(layout.effects).toEqual([
      expect.objectContaining({ blockId: 's1', startMs: 2000, endMs: 5000, track: 'effects' }),
    ]);
    expect(layout.music).toEqual([expect.objectContaining({ blockId: 'm1', startMs: 0, endMs: 60_000 })]);
    // Music runs under the speech and is the longest thing here; the last pause does not count.
    expect(layout.totalMs).toBe(60_000);
    expect(layout.estimated).toBe(true);
  });

  it('ends at the last speech block when nothing runs longer, ignoring its trailing pause', () => {
    const base = sampleProject();
    const project: Project = {
      ...base,
      tracks: { ...base.tracks, effects: { blocks: [] }, music: { blocks: [] } },
    };
    const layout = layoutTimeline(project, contextOf(project));
    expect(layout.totalMs).toBe(layout.speech.at(-1)!.endMs);
  });

  it('is empty for an empty project', () => {
    const base = sampleProject();
    const empty: Project = {
      ...base,
      tracks: { speech: { blocks: [] }, effects: { blocks: [] }, music: { blocks: [] } },
    };
    expect(layoutTimeline(empty, contextOf(empty))).toEqual({
      speech: [],
      effects: [],
      music: [],
      totalMs: 0,
      estimated: false,
      slots: new Map(),
      conflicts: [],
      speechInTimeOrder: true,
    });
  });

  it('finds the speech block under the playhead', () => {
    const layout = layoutTimeline(sampleProject(), contextOf(sampleProject()));
    const [first, second] = layout.speech;
    expect(speechItemAt(layout, -5)).toBeUndefined();
    expect(speechItemAt(layout, 0)?.blockId).toBe('t1');
    expect(speechItemAt(layout, first!.endMs + 1)?.blockId).toBe('t1');
    expect(speechItemAt(layout, second!.startMs)?.blockId).toBe('t2');
    expect(speechItemAt(layout, 10_000_000)?.blockId).toBe('t3');
  });

  it('lays out 2,000 blocks quickly', () => {
    const base = sampleProject();
    const blocks = Array.from({ length: 2000 }, (_, i) =>
      createTextBlock({ id: `b${i}`, text: `Sentence ${i} `.repeat(15) }),
    );
    const big: Project = { ...base, tracks: { ...base.tracks, speech: { blocks } } };
    const started = performance.now();
    const layout = layoutTimeline(big, contextOf(big));
    const elapsed = performance.now() - started;
    expect(layout.speech).toHaveLength(2000);
    expect(elapsed).toBeLessThan(500);
  });
});

describe('project statistics', () => {
  it('counts characters as code points, across all tracks, and estimates credits at 1 per character', () => {
    const project = sampleProject();
    expect(characterCount(createTextBlock({ id: 'e', text: ' 😀a字 ' }))).toBe(3);
    const stats = projectStats(project, contextOf(project));
    const expected =
      'Hello there.'.length +
      'General Kenobi.'.length +
      'You are a bold one.'.length +
      'lightsaber hum'.length +
      'tense strings'.length;
    expect(stats).toEqual({
      blockCount: 5,
      characterCount: expected,
      pendingBlockCount: 5,
      pendingCharacterCount: expected,
      estimatedCredits: expected,
      estimatedPendingCredits: expected,
    });
  });

  it('leaves generated blocks out of the pending count', () => {
    const base = sampleProject();
    const [t1, ...rest] = base.tracks.speech.blocks as TextBlock[];
    const project: Project = {
      ...base,
      tracks: { ...base.tracks, speech: { blocks: [withGeneratedAudio(t1!, base, 900), ...rest] } },
    };
    const stats = projectStats(project, contextOf(project));
    expect(stats.characterCount - stats.pendingCharacterCount).toBe('Hello there.'.length);
    expect(stats.pendingBlockCount).toBe(4);
    expect(stats.estimatedPendingCredits).toBe(stats.pendingCharacterCount);
  });
});
