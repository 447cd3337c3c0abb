import type { IdFactory } from './block-factory.js';
import { createMusicBlock, createProject, createSfxBlock, createTextBlock } from './block-factory.js';
import { contentHash } from './content-hash.js';
import type { Project, Take, TextBlock } from './project-schema.js';
import { sendContext } from './send-context.js';
import type { SendContext } from './send-context.js';
import { madeFrom } from './takes.js';

/** Shared by the model's tests: deterministic ids, frozen inputs, and a small three-track project. */

export function sequentialIds(prefix = 'id'): IdFactory {
  let next = 0;
  return () => `${prefix}-${++next}`;
}

/** Freezes a value and everything in it, so a test fails loudly if an operation mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

export const VOICE_A = '11111111-1111-4111-8111-111111111111';
export const VOICE_B = '22222222-2222-4222-8222-222222222222';

/** Speech t1..t3, sfx s1 at 2 s, music m1 at 0 — frozen. */
export function sampleProject(): Project {
  const ids = sequentialIds('unused');
  return deepFreeze({
    ...createProject(
      {
        id: 'project-1',
        title: 'Sample',
        createdAt: '2024-01-01T00:00:00.000Z',
        defaults: { voiceId: VOICE_A, voiceName: 'Ava' },
      },
      ids,
    ),
    tracks: {
      speech: {
        blocks: [
          createTextBlock({ id: 't1', text: 'Hello there.' }, ids),
          createTextBlock({ id: 't2', text: 'General Kenobi.', speechRate: 1.2 }, ids),
          createTextBlock({ id: 't3', text: 'You are a bold one.', voiceId: VOICE_B }, ids),
        ],
      },
      effects: {
        blocks: [createSfxBlock({ id: 's1', text: 'lightsaber hum', startMs: 2000, sfx_length: 3 }, ids)],
      },
      music: {
        blocks: [createMusicBlock({ id: 'm1', text: 'tense strings', startMs: 0, sfx_length: 60 }, ids)],
      },
    },
  });
}

/** The send context tests use: the project's cast and lexicon, no service lexicon. */
export function contextOf(project: Project): SendContext {
  return sendContext(project, []);
}

/**
 * `block` with one take of `durationMs`, made as `context` sends the block and filed under its content hash, with
 * the `measures` the audio cache took of its audio when given.
 */
export function withOneTake(
  block: TextBlock,
  context: SendContext,
  durationMs: number,
  measures?: Take['measures'],
): TextBlock {
  const hash = contentHash(block, context);
  const take: Take = {
    cacheKey: hash,
    contentHash: hash,
    durationMs,
    generatedAt: '2026-01-01T00:00:00.000Z',
    made: madeFrom(block, context),
    ...(measures ? { measures } : {}),
  };
  return { ...block, takes: [take] };
}

/** The measures of clean speech ending in `trailingSilenceMs` of silence (over 2 s is flagged by the checks). */
export function speechMeasures(trailingSilenceMs: number): NonNullable<Take['measures']> {
  return {
    rmsDb: -20,
    clippedSamples: 0,
    leadingSilenceMs: 40,
    trailingSilenceMs,
    longestPauseMs: 300,
    longestPauseAtMs: 800,
  };
}
