import { blockMemo, knownBlockMemo } from './block-memo.js';
import { audioAffectingFields, contentHash } from './content-hash.js';
import { sha256Hex } from './sha256.js';
import { canonicalJson } from './canonical-json.js';
import { PROJECT_LIMITS } from './project-limits.js';
import type { Block, Take } from './project-schema.js';
import type { SendContext } from './send-context.js';

/*
 * Takes: every generation of a block is kept (as metadata; the audio stays in the audio cache). The take that
 * plays and exports is derived, never stored twice: among the takes made from the block's current content, the
 * pinned one, else the newest. So editing text makes a block stale, and undoing (or typing the old text again)
 * brings its takes back at no cost.
 */

const TAKE_KEY_DOMAIN = 'timbre-take/1';

/** Seeds sent for new takes: the contract's seed is an integer; 0…2³¹−1 is accepted by every range we know. */
export const TAKE_SEED_MAX = 2_147_483_647;

/**
 * The audio cache key of another take of the same content: distinct from the content hash (the first take's
 * key), so a new take never overwrites the audio of the one before.
 */
export function takeKey(hash: string, seed: number): string {
  return sha256Hex(`${TAKE_KEY_DOMAIN}\n${hash}\n${seed}`);
}

export function takesOf(block: Block): readonly Take[] {
  return block.takes ?? [];
}

const NO_TAKES: readonly Take[] = Object.freeze([]);

/*
 * Current takes, playable audio and its length are memoised per block object and context (block-memo.ts), as
 * contentHash is: laying out and checking a 10,000-block audiobook asks every block for them on each update.
 */

/** Takes made from the block's current content, oldest first. */
export function currentTakes(block: Block, context: SendContext): readonly Take[] {
  const takes = takesOf(block);
  if (takes.length === 0) return NO_TAKES;
  const memo = blockMemo(block);
  const known = memo.currentTakes;
  if (known !== undefined && known.context === context) return known.takes;
  const hash = contentHash(block, context);
  const matching = takes.filter((take) => take.contentHash === hash);
  memo.currentTakes = { context, takes: matching };
  return matching;
}

/** The take that plays and exports: the pinned one if it matches the content, else the newest that does. */
export function activeTake(block: Block, context: SendContext): Take | undefined {
  const matching = currentTakes(block, context);
  if (matching.length === 0) return undefined;
  if (matching.length === 1) return matching[0];
  return matching.find((take) => take.cacheKey === block.pinnedTake) ?? matching[matching.length - 1];
}

/** What a take was made from, recorded when it arrives: the text as sent and the resolved parameters. */
export function madeFrom(block: Block, context: SendContext): NonNullable<Take['made']> {
  const { type: _type, text, ...rest } = audioAffectingFields(block, context);
  const params: Record<string, NonNullable<Take['made']>['params'][string]> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) params[key] = value as NonNullable<Take['made']>['params'][string];
  }
  return { text: typeof text === 'string' ? text : '', params };
}

/**
 * The block with a take added (or left as it is when that audio is already a take). Past the per-block limit,
 * the oldest take that is neither pinned nor playing is dropped (its audio stays in the cache until cleaned).
 */
export function withTake<B extends Block>(block: B, take: Take, context: SendContext): B {
  const takes = takesOf(block);
  if (takes.some((existing) => existing.cacheKey === take.cacheKey)) return block;
  let next = [...takes, take];
  while (next.length > PROJECT_LIMITS.takesPerBlock) {
    const keep = new Set([
      block.pinnedTake,
      activeTake({ ...block, takes: next }, context)?.cacheKey,
      take.cacheKey,
    ]);
    const dropAt = next.findIndex((candidate) => !keep.has(candidate.cacheKey));
    if (dropAt === -1) break;
    next = [...next.slice(0, dropAt), ...next.slice(dropAt + 1)];
  }
  return { ...block, takes: next };
}

/** The block without that take; a pin on it goes too. */
export function withoutTake<B extends Block>(block: B, cacheKey: string): B {
  const takes = takesOf(block).filter((take) => take.cacheKey !== cacheKey);
  const { pinnedTake, takes: _old, ...rest } = block;
  return {
    ...rest,
    ...(takes.length === 0 ? {} : { takes }),
    ...(pinnedTake === undefined || pinnedTake === cacheKey ? {} : { pinnedTake }),
  } as B;
}

/** The block with that take pinned (or unpinned with undefined). */
export function withPinnedTake<B extends Block>(block: B, cacheKey: string | undefined): B {
  const { pinnedTake: _old, ...rest } = block;
  return (cacheKey === undefined ? rest : { ...rest, pinnedTake: cacheKey }) as B;
}

/** What plays and exports for the block now: its active take, or audio recorded before takes were kept. */
export function playableAudio(
  block: Block,
  context: SendContext,
): { cacheKey: string; durationMs: number } | undefined {
  const memo = blockMemo(block);
  const known = memo.playable;
  if (known !== undefined && known.context === context) return known.audio;
  const audio = findPlayableAudio(block, context);
  memo.playable = { context, audio };
  return audio;
}

function findPlayableAudio(
  block: Block,
  context: SendContext,
): { cacheKey: string; durationMs: number } | undefined {
  const take = activeTake(block, context);
  if (take) return { cacheKey: take.cacheKey, durationMs: take.durationMs };
  const generation = block.generation;
  if (generation.kind === 'generated' && generation.contentHash === contentHash(block, context)) {
    return generation.audio;
  }
  return undefined;
}

/**
 * How long the block's playable audio lasts, for laying it out: the same answer as playableAudio for any file
 * the app wrote, found without hashing when a take records what it was made from (`made`) and that matches the
 * block now. Opening a 10,000-block audiobook lays out every block before its first paint, and hashing the
 * generated ones alone took ~130 ms there. Anything else (takes without a record, none matching, audio from
 * before takes were kept) takes playableAudio's way. Only durations use this: states, playback and export go
 * by content hash.
 */
export function playableDurationMs(block: Block, context: SendContext): number | undefined {
  // Never generated and no takes: nothing plays (most blocks of a new book), known without the memo, whose
  // entries cost more to make than this check (~10 ms of an audiobook's first layout).
  if (block.generation.kind !== 'generated' && takesOf(block).length === 0) return undefined;
  const memo = blockMemo(block);
  const known = memo.playableMs;
  if (known !== undefined && known.context === context) return known.ms;
  const ms = findPlayableDurationMs(block, context);
  memo.playableMs = { context, ms };
  return ms;
}

function findPlayableDurationMs(block: Block, context: SendContext): number | undefined {
  const takes = takesOf(block);
  if (
    takes.length > 0 &&
    takes.every((take) => take.made !== undefined) &&
    knownBlockMemo(block)?.playable === undefined
  ) {
    const fields = audioAffectingFields(block, context);
    const matching = takes.filter((take) => madeMatches(take.made!, fields));
    if (matching.length > 0) {
      const active =
        matching.find((take) => take.cacheKey === block.pinnedTake) ?? matching[matching.length - 1]!;
      return active.durationMs;
    }
  }
  return playableAudio(block, context)?.durationMs;
}

/**
 * Whether a take's record matches the block's audio-affecting fields now: madeFrom's record compared field by
 * field where it is made, without building one. Building a record for each of an audiobook's 2,500 generated
 * blocks (a parameters object keyed at run time) took ~16 ms of its first layout, cold.
 */
function madeMatches(made: NonNullable<Take['made']>, fields: Readonly<Record<string, unknown>>): boolean {
  const text = fields['text'];
  if (made.text !== (typeof text === 'string' ? text : '')) return false;
  let compared = 0;
  for (const key in fields) {
    const value = fields[key];
    if (key === 'type' || key === 'text' || value === undefined) continue;
    compared += 1;
    if (!sameParam(made.params[key], value)) return false;
  }
  return compared === Object.keys(made.params).length;
}

function sameParam(recorded: unknown, now: unknown): boolean {
  if (recorded === now) return true;
  if (typeof recorded !== 'object' || typeof now !== 'object' || recorded === null || now === null)
    return false;
  // A list of numbers (emo_switch, the only list a block sends) compares item by item; anything else as JSON.
  if (Array.isArray(recorded) && Array.isArray(now)) {
    return (
      recorded.length === now.length &&
      recorded.every((item, index) => item === now[index] || sameParam(item, now[index]))
    );
  }
  return canonicalJson(recorded) === canonicalJson(now);
}
